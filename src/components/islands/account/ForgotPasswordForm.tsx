/**
 * Forgot password (DECISIONS 28): the e-mail, then the e-mailed code and the new password twice;
 * the server then signs the user in. The answer to step 1 is the same for every address.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountFormCopy } from '~/content/ui/account';
import { normaliseEmail } from '~/lib/shared/schemas/contact';
import type * as z from 'zod/mini';
import { ACCOUNT_LIMITS, ForgotFieldsSchema, ResetFieldsSchema } from '~/lib/shared/schemas/account';
import { showAccountView } from '~/stores/account-dialog';
import { $pendingCode, cancelPendingCode, requestPasswordReset, resetPassword } from '~/stores/session';
import { ErrorList, Field, SwitchButton } from './form-parts';

const copy = accountFormCopy.forgot;

type ForgotFieldsInput = z.input<typeof ForgotFieldsSchema>;
type ForgotFields = z.output<typeof ForgotFieldsSchema>;
type ResetFieldsInput = z.input<typeof ResetFieldsSchema>;
type ResetFields = z.output<typeof ResetFieldsSchema>;

export default function ForgotPasswordForm({ onSignedIn }: { onSignedIn: () => void }) {
  const pending = useStore($pendingCode);
  const back = () => {
    cancelPendingCode();
    showAccountView('signin');
  };
  return (
    <>
      {pending?.purpose === 'reset' ? (
        <ResetStep email={pending.email} onSignedIn={onSignedIn} />
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
  const [errors, setErrors] = useState<readonly string[]>([]);
  const {
    register,
    handleSubmit,
    formState: { errors: hints, isSubmitting },
  } = useForm<ForgotFieldsInput, unknown, ForgotFields>({
    resolver: zodResolver(ForgotFieldsSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });
  const email = register('email');

  const onSubmit = async (fields: ForgotFields) => {
    setErrors([]);
    const result = await requestPasswordReset(fields);
    if (!result.ok) setErrors(result.errors);
  };

  return (
    <form
      className="account-forms__form"
      noValidate
      aria-busy={isSubmitting}
      onSubmit={handleSubmit(onSubmit)}
    >
      <p className="account-forms__intro">{copy.intro}</p>
      <Field id={`${id}-email`} label={copy.email} hint={hints.email?.message}>
        {(wiring) => (
          <input
            {...wiring}
            {...email}
            onChange={(event) => {
              event.target.value = normaliseEmail(event.target.value);
              return email.onChange(event);
            }}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={ACCOUNT_LIMITS.email}
          />
        )}
      </Field>
      <div className="account-forms__actions">
        <button
          className="button button--primary account-forms__submit"
          type="submit"
          disabled={isSubmitting}
        >
          {isSubmitting ? copy.sending : copy.sendCode}
        </button>
      </div>
      <ErrorList errors={errors} />
    </form>
  );
}

function ResetStep({ email, onSignedIn }: { email: string; onSignedIn: () => void }) {
  const id = useId();
  const [errors, setErrors] = useState<readonly string[]>([]);
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors: hints, isValid, isSubmitting },
  } = useForm<ResetFieldsInput, unknown, ResetFields>({
    resolver: zodResolver(ResetFieldsSchema),
    mode: 'onChange',
    defaultValues: { verificationcode: '', password: '', repassword: '' },
  });
  const password = register('password');

  const onSubmit = async (fields: ResetFields) => {
    setErrors([]);
    const result = await resetPassword(fields);
    if (result.ok) onSignedIn();
    else setErrors(result.errors);
  };

  return (
    <form
      className="account-forms__form"
      noValidate
      aria-busy={isSubmitting}
      onSubmit={handleSubmit(onSubmit)}
    >
      <p className="account-forms__intro account-forms__intro--notice">{copy.codeSent(email)}</p>
      <Field id={`${id}-code`} label={copy.code} hint={hints.verificationcode?.message}>
        {(wiring) => (
          <input
            {...wiring}
            {...register('verificationcode')}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={ACCOUNT_LIMITS.verificationCode}
            className="account-forms__code"
          />
        )}
      </Field>
      <div className="account-forms__row">
        <Field id={`${id}-password`} label={copy.password} hint={hints.password?.message}>
          {(wiring) => (
            <input
              {...wiring}
              {...password}
              onChange={async (event) => {
                await password.onChange(event);
                if (getFieldState('repassword').isDirty) void trigger('repassword');
              }}
              type="password"
              autoComplete="new-password"
              maxLength={ACCOUNT_LIMITS.passwordMax}
            />
          )}
        </Field>
        <Field id={`${id}-repassword`} label={copy.repassword} hint={hints.repassword?.message}>
          {(wiring) => (
            <input
              {...wiring}
              {...register('repassword')}
              type="password"
              autoComplete="new-password"
              maxLength={ACCOUNT_LIMITS.passwordMax}
            />
          )}
        </Field>
      </div>
      <div className="account-forms__actions">
        <button
          className="button button--primary account-forms__submit"
          type="submit"
          disabled={!isValid || isSubmitting}
        >
          {isSubmitting ? copy.busy : copy.submit}
        </button>
      </div>
      <ErrorList errors={errors} />
    </form>
  );
}
