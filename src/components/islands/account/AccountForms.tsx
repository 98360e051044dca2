/**
 * The sign-in, sign-up and password-reset forms under their title ('Sign in', 'Sign up',
 * 'Reset Password'): the same component in the header's dialog and on /login.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { accountFormCopy } from '~/content/ui/account-forms';
import { $accountView } from '~/stores/account-dialog';
import { $pendingCode } from '~/stores/session';
import ForgotPasswordForm from './ForgotPasswordForm';
import SignInForm from './SignInForm';
import SignUpForm from './SignUpForm';
import { useHydrated } from '../use-hydrated';
import './account-forms.css';

interface Props {
  /** Id of the title, for the dialog's aria-labelledby. */
  titleId: string;
  /** Called after a sign-in, a finished sign-up or a reset: the visitor is signed in. */
  onSignedIn: (message?: string) => void;
}

export default function AccountForms({ titleId, onSignedIn }: Props) {
  // /login's server HTML is the sign-in form: while React hydrates it, so is this render. The form
  // this browser remembers (`logintype` in localStorage, a code waiting in sessionStorage) comes
  // right after; reading them here at once made the first render differ from the server's, React
  // error #418 on /login for anyone who last chose Sign up (issue 42, item 8). The dialog renders
  // on the client only, where `hydrated` is true from the start.
  const hydrated = useHydrated();
  const $view = useStore($accountView);
  const $pending = useStore($pendingCode);
  const view = hydrated ? $view : 'signin';
  const pending = hydrated ? $pending : null;
  const step = `${view}:${pending?.purpose ?? ''}`;
  const root = useRef<HTMLDivElement>(null);
  // The step first shown once hydrated is where the page opened, not a step the visitor asked for.
  const shownStep = useRef<string | undefined>(hydrated ? step : undefined);

  // A new form or step replaces the control that asked for it: focus its first field.
  useEffect(() => {
    if (!hydrated || shownStep.current === step) return;
    const opened = shownStep.current === undefined;
    shownStep.current = step;
    if (!opened) root.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [hydrated, step]);

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
