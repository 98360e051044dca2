/**
 * Sign-up (product-spec sections 2, 4 and 5): name, mobile, e-mail, password and re-password;
 * 'Sign up' is greyed while a rule fails; pressing it anyway shows every hint and moves focus to
 * the first field to fix, and a field's hint shows once it loses focus (issue 23, item 2). After the code is sent, the verification step: the code, Finish and Cancel, and 'Send the code
 * again' a minute after (issue 42, item 6).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { accountMessages } from '~/content/ui/account';
import { accountFormCopy } from '~/content/ui/account-forms';
import { signUpNotice } from '~/content/ui/notices';
import type * as z from 'zod/mini';
import {
  ACCOUNT_LIMITS,
  SignUpFieldsSchema,
  VerificationFieldsSchema,
  type SignUpFields,
  type SignUpFieldsInput,
} from '~/lib/shared/schemas/account';
import { showAccountView } from '~/stores/account-dialog';
import { $pendingCode, $user, cancelPendingCode } from '~/stores/session';
import { resendSignUpCode, sendSignUpCode, verifySignUp } from '~/stores/sign-in';
import { FormNotice } from '../FormNotice';
import {
  AccountForm,
  CodeEntry,
  EmailField,
  Field,
  NewPasswordFields,
  ResendCode,
  SubmitRow,
  SwitchButton,
  useSend,
} from './form-parts';

const copy = accountFormCopy.signUp;

type VerifyFieldsInput = z.input<typeof VerificationFieldsSchema>;
type VerifyFields = z.output<typeof VerificationFieldsSchema>;

export default function SignUpForm({ onSignedIn }: { onSignedIn: (message?: string) => void }) {
  const pending = useStore($pendingCode);
  return pending?.purpose === 'register' ? (
    <VerifyStep email={pending.email} sentAt={pending.sentAt} onSignedIn={onSignedIn} />
  ) : (
    <DetailsStep />
  );
}

function DetailsStep() {
  const id = useId();
  // The notice shown beside the form goes with the details (DECISIONS 63).
  const { errors, submit: onSubmit } = useSend((fields: SignUpFields) =>
    sendSignUpCode(fields, signUpNotice.version),
  );
  const form = useForm<SignUpFieldsInput, unknown, SignUpFields>({
    resolver: zodResolver(SignUpFieldsSchema),
    // A field's hint shows once it loses focus, then follows each change.
    mode: 'onTouched',
    defaultValues: { name: '', mobile: '', email: '', password: '', repassword: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors: hints, isValid, isSubmitting },
  } = form;
  // Registered in the order they show: a refused send focuses the first field to fix.
  const name = register('name');
  const mobile = register('mobile');
  const email = register('email');

  return (
    <AccountForm busy={isSubmitting} onSubmit={handleSubmit(onSubmit)}>
      <p className="account-forms__intro">{copy.intro}</p>
      <Field id={`${id}-name`} label={copy.name} hint={hints.name?.message}>
        {(wiring) => (
          <input {...wiring} {...name} type="text" autoComplete="name" maxLength={ACCOUNT_LIMITS.name} />
        )}
      </Field>
      <div className="account-forms__row">
        <Field id={`${id}-mobile`} label={copy.mobile} help={copy.mobileHelp} hint={hints.mobile?.message}>
          {(wiring) => (
            <input
              {...wiring}
              {...mobile}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={ACCOUNT_LIMITS.mobile}
            />
          )}
        </Field>
        <EmailField id={`${id}-email`} label={copy.email} hint={hints.email?.message} registration={email} />
      </div>
      <NewPasswordFields id={id} labels={copy} form={form} />
      <SubmitRow labels={[copy.submit, copy.busy]} busy={isSubmitting} disabled={!isValid} errors={errors} />
      <FormNotice notice={signUpNotice} id={`${id}-notice`} />
      <p className="account-forms__footer">
        {copy.haveAccount}{' '}
        <SwitchButton onClick={() => showAccountView('signin')}>{copy.loginHere}</SwitchButton>
      </p>
    </AccountForm>
  );
}

function VerifyStep({
  email,
  sentAt,
  onSignedIn,
}: {
  email: string;
  sentAt: number | undefined;
  onSignedIn: (message?: string) => void;
}) {
  const id = useId();
  const { errors, submit: onSubmit } = useSend(verifySignUp, () =>
    onSignedIn(accountMessages.welcome($user.get()?.username)),
  );
  const form = useForm<VerifyFieldsInput, unknown, VerifyFields>({
    resolver: zodResolver(VerificationFieldsSchema),
    mode: 'onTouched',
    defaultValues: { verificationcode: '' },
  });
  const {
    handleSubmit,
    watch,
    formState: { isSubmitting },
  } = form;
  const filled = watch('verificationcode').trim() !== '';

  const cancel = () => {
    cancelPendingCode();
    showAccountView('signin');
  };

  return (
    <AccountForm busy={isSubmitting} onSubmit={handleSubmit(onSubmit)}>
      <CodeEntry id={id} notice={copy.codeSent(email)} label={copy.code} form={form} />
      <SubmitRow
        labels={[copy.finish, copy.finishing]}
        busy={isSubmitting}
        disabled={!filled}
        errors={errors}
      >
        <button className="button account-forms__secondary" type="button" onClick={cancel}>
          {copy.cancel}
        </button>
      </SubmitRow>
      <ResendCode
        id={id}
        sentAt={sentAt}
        resend={resendSignUpCode}
        sentText={accountFormCopy.resend.sent(email)}
      />
    </AccountForm>
  );
}
