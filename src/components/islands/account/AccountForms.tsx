/**
 * The sign-in, sign-up and password-reset forms under their title ('Sign in', 'Sign up',
 * 'Reset Password'): the same component in the header's dialog and on /login.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { accountFormCopy } from '~/content/ui/account';
import { $accountView } from '~/stores/account-dialog';
import { $pendingCode } from '~/stores/session';
import ForgotPasswordForm from './ForgotPasswordForm';
import SignInForm from './SignInForm';
import SignUpForm from './SignUpForm';
import './account-forms.css';

interface Props {
  /** Id of the title, for the dialog's aria-labelledby. */
  titleId: string;
  /** Called after a sign-in, a finished sign-up or a reset: the visitor is signed in. */
  onSignedIn: (message?: string) => void;
}

export default function AccountForms({ titleId, onSignedIn }: Props) {
  const view = useStore($accountView);
  const pending = useStore($pendingCode);
  const step = `${view}:${pending?.purpose ?? ''}`;
  const root = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);

  // A new form or step replaces the control that asked for it: focus its first field.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    root.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [step]);

  return (
    <div className="account-forms" ref={root}>
      <h2 id={titleId} className="account-forms__title">
        {accountFormCopy.titles[view]}
      </h2>
      {view === 'signin' && <SignInForm onSignedIn={onSignedIn} />}
      {view === 'signup' && <SignUpForm onSignedIn={onSignedIn} />}
      {view === 'forgot' && <ForgotPasswordForm onSignedIn={onSignedIn} />}
    </div>
  );
}
