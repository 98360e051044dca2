/**
 * Forgot password (DECISIONS 28): the e-mail, then the e-mailed code and the new password twice;
 * the server then signs the user in. The answer to step 1 is the same for every address. 'Send
 * the code again' a minute after (issue 42, item 6).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { accountMessages } from '~/content/ui/account';
import { accountFormCopy } from '~/content/ui/account-forms';
import type * as z from 'zod/mini';
import { ForgotFieldsSchema, ResetFieldsSchema } from '~/lib/shared/schemas/account';
import { showAccountView } from '~/stores/account-dialog';
import { $pendingCode, cancelPendingCode } from '~/stores/session';
import { requestPasswordReset, resendResetCode, resetPassword } from '~/stores/sign-in';
import {
  AccountForm,
  CodeEntry,
  EmailField,
  NewPasswordFields,
  ResendCode,
  SubmitRow,
  SwitchButton,
  useSend,
} from './form-parts';

const copy = accountFormCopy.forgot;

type ForgotFieldsInput = z.input<typeof ForgotFieldsSchema>;
type ForgotFields = z.output<typeof ForgotFieldsSchema>;
type ResetFieldsInput = z.input<typeof ResetFieldsSchema>;
type ResetFields = z.output<typeof ResetFieldsSchema>;

export default function ForgotPasswordForm({ onSignedIn }: { onSignedIn: (message?: string) => void }) {
  const pending = useStore($pendingCode);
  const back = () => {
    cancelPendingCode();
    showAccountView('signin');
  };
  return (
    <>
      {pending?.purpose === 'reset' ? (
        <ResetStep email={pending.email} sentAt={pending.sentAt} onSignedIn={onSignedIn} />
      ) : (
        <EmailStep />
      )}
      <p className="account-forms__footer">
        <SwitchButton onClick={back}>{copy.backToSignIn}</SwitchButton>
      </p>
    </>
  );
}

function EmailStep() {
  const id = useId();
  const { errors, submit: onSubmit } = useSend(requestPasswordReset);
  const {
    register,
    handleSubmit,
    formState: { errors: hints, isSubmitting },
  } = useForm<ForgotFieldsInput, unknown, ForgotFields>({
    resolver: zodResolver(ForgotFieldsSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const email = register('email');

  return (
    <AccountForm busy={isSubmitting} onSubmit={handleSubmit(onSubmit)}>
      <p className="account-forms__intro">{copy.intro}</p>
      <EmailField id={`${id}-email`} label={copy.email} hint={hints.email?.message} registration={email} />
      <SubmitRow
        labels={[copy.sendCode, copy.sending]}
        busy={isSubmitting}
        disabled={false}
        errors={errors}
      />
    </AccountForm>
  );
}

function ResetStep({
  email,
  sentAt,
  onSignedIn,
}: {
  email: string;
  sentAt: number | undefined;
  onSignedIn: (message?: string) => void;
}) {
  const id = useId();
  const { errors, submit: onSubmit } = useSend(resetPassword, () =>
    onSignedIn(accountMessages.passwordChanged),
  );
  const form = useForm<ResetFieldsInput, unknown, ResetFields>({
    resolver: zodResolver(ResetFieldsSchema),
    mode: 'onTouched',
    defaultValues: { verificationcode: '', password: '', repassword: '' },
  });
  const {
    handleSubmit,
    formState: { isValid, isSubmitting },
  } = form;

  return (
    <AccountForm busy={isSubmitting} onSubmit={handleSubmit(onSubmit)}>
      <CodeEntry id={id} notice={copy.codeSent(email)} label={copy.code} form={form} />
      <NewPasswordFields id={id} labels={copy} form={form} />
      <SubmitRow labels={[copy.submit, copy.busy]} busy={isSubmitting} disabled={!isValid} errors={errors} />
      <ResendCode
        id={id}
        sentAt={sentAt}
        resend={resendResetCode}
        sentText={accountFormCopy.resend.sentIfKnown(email)}
      />
    </AccountForm>
  );
}
