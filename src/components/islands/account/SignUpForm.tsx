/**
 * Sign-up (product-spec sections 2, 4 and 5): name, mobile, e-mail, password and re-password;
 * 'Sign up' stays disabled while a rule fails, and a field's hint shows once it was changed or a
 * send was tried. After the code is sent, the verification step: the code, Finish and Cancel.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountFormCopy } from '~/content/ui/account';
import { normaliseEmail } from '~/lib/shared/schemas/contact';
import type * as z from 'zod/mini';
import {
  ACCOUNT_LIMITS,
  SignUpFieldsSchema,
  VerificationFieldsSchema,
  type SignUpFields,
  type SignUpFieldsInput,
} from '~/lib/shared/schemas/account';
import { showAccountView } from '~/stores/account-dialog';
import { $pendingCode, cancelPendingCode, sendSignUpCode, verifySignUp } from '~/stores/session';
import { ErrorList, Field, SwitchButton } from './form-parts';

const copy = accountFormCopy.signUp;

type VerifyFieldsInput = z.input<typeof VerificationFieldsSchema>;
type VerifyFields = z.output<typeof VerificationFieldsSchema>;

export default function SignUpForm({ onSignedIn }: { onSignedIn: () => void }) {
  const pending = useStore($pendingCode);
  return pending?.purpose === 'register' ? (
    <VerifyStep email={pending.email} onSignedIn={onSignedIn} />
  ) : (
    <DetailsStep />
  );
}

function DetailsStep() {
  const id = useId();
  const [errors, setErrors] = useState<readonly string[]>([]);
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors: hints, isValid, isSubmitting },
  } = useForm<SignUpFieldsInput, unknown, SignUpFields>({
    resolver: zodResolver(SignUpFieldsSchema),
    mode: 'onChange',
    defaultValues: { name: '', mobile: '', email: '', password: '', repassword: '' },
  });

  const onSubmit = async (fields: SignUpFields) => {
    setErrors([]);
    const result = await sendSignUpCode(fields);
    if (!result.ok) setErrors(result.errors);
  };

  const email = register('email');
  const password = register('password');

  return (
    <form
      className="account-forms__form"
      noValidate
      aria-busy={isSubmitting}
      onSubmit={handleSubmit(onSubmit)}
    >
      <p className="account-forms__intro">{copy.intro}</p>
      <Field id={`${id}-name`} label={copy.name} hint={hints.name?.message}>
        {(wiring) => (
          <input
            {...wiring}
            {...register('name')}
            type="text"
            autoComplete="name"
            maxLength={ACCOUNT_LIMITS.name}
          />
        )}
      </Field>
      <div className="account-forms__row">
        <Field id={`${id}-mobile`} label={copy.mobile} help={copy.mobileHelp} hint={hints.mobile?.message}>
          {(wiring) => (
            <input
              {...wiring}
              {...register('mobile')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={ACCOUNT_LIMITS.mobile}
            />
          )}
        </Field>
        <Field id={`${id}-email`} label={copy.email} hint={hints.email?.message}>
          {(wiring) => (
            <input
              {...wiring}
              {...email}
              onChange={(event) => {
                // Lower-cased as typed (DECISIONS 23).
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
      </div>
      <div className="account-forms__row">
        <Field
          id={`${id}-password`}
          label={copy.password}
          help={copy.passwordHelp}
          hint={hints.password?.message}
        >
          {(wiring) => (
            <input
              {...wiring}
              {...password}
              onChange={async (event) => {
                await password.onChange(event);
                // A re-password already typed is compared again (its hint may appear or go).
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
      <p className="account-forms__footer">
        {copy.haveAccount}{' '}
        <SwitchButton onClick={() => showAccountView('signin')}>{copy.loginHere}</SwitchButton>
      </p>
    </form>
  );
}

function VerifyStep({ email, onSignedIn }: { email: string; onSignedIn: () => void }) {
  const id = useId();
  const [errors, setErrors] = useState<readonly string[]>([]);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors: hints, isSubmitting },
  } = useForm<VerifyFieldsInput, unknown, VerifyFields>({
    resolver: zodResolver(VerificationFieldsSchema),
    mode: 'onChange',
    defaultValues: { verificationcode: '' },
  });
  const filled = watch('verificationcode').trim() !== '';

  const onSubmit = async (fields: VerifyFields) => {
    setErrors([]);
    const result = await verifySignUp(fields);
    if (result.ok) onSignedIn();
    else setErrors(result.errors);
  };

  const cancel = () => {
    cancelPendingCode();
    showAccountView('signin');
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
      <div className="account-forms__actions">
        <button
          className="button button--primary account-forms__submit"
          type="submit"
          disabled={!filled || isSubmitting}
        >
          {isSubmitting ? copy.finishing : copy.finish}
        </button>
        <button className="button account-forms__secondary" type="button" onClick={cancel}>
          {copy.cancel}
        </button>
      </div>
      <ErrorList errors={errors} />
    </form>
  );
}
