/**
 * Sign-in: e-mail or mobile number and password (product-spec sections 2 and 5). A wrong pair
 * says so in the dialog, beside the fields, with the way to reset the password (issue 23, item 4:
 * a toast vanished and covered the form on phones); other failures are listed the same way.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountFormCopy } from '~/content/ui/account-forms';
import type * as z from 'zod/mini';
import { ACCOUNT_LIMITS, SignInFieldsSchema } from '~/lib/shared/schemas/account';
import { showAccountView } from '~/stores/account-dialog';
import { signIn } from '~/stores/sign-in';
import { useHydrated } from '../use-hydrated';
import { ErrorList, Field, SwitchButton } from './form-parts';
import { Icon } from '../icons';

const copy = accountFormCopy.signIn;

type SignInFieldsInput = z.input<typeof SignInFieldsSchema>;
type SignInFields = z.output<typeof SignInFieldsSchema>;

export default function SignInForm({ onSignedIn }: { onSignedIn: (message?: string) => void }) {
  const id = useId();
  // Until React handles the submit, Enter would send the browser's own GET with the password in
  // the address (history, logs): the button stays disabled, which also stops implicit submission.
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [wrongPair, setWrongPair] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors: hints, isSubmitting },
  } = useForm<SignInFieldsInput, unknown, SignInFields>({
    resolver: zodResolver(SignInFieldsSchema),
    mode: 'onTouched',
    defaultValues: { mobile: '', password: '' },
  });

  const onSubmit = async (fields: SignInFields) => {
    setErrors([]);
    const result = await signIn(fields);
    if (result.ok) return onSignedIn();
    setWrongPair(result.status === 401);
    setErrors(result.errors);
  };

  return (
    <form
      className="account-forms__form"
      noValidate
      aria-busy={isSubmitting}
      onSubmit={handleSubmit(onSubmit)}
    >
      <p className="account-forms__intro">{copy.intro}</p>
      <Field id={`${id}-login`} label={copy.login} hint={hints.mobile?.message}>
        {(wiring) => (
          <input
            {...wiring}
            {...register('mobile')}
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={ACCOUNT_LIMITS.email}
          />
        )}
      </Field>
      <Field id={`${id}-password`} label={copy.password} hint={hints.password?.message}>
        {(wiring) => (
          <input
            {...wiring}
            {...register('password')}
            type="password"
            autoComplete="current-password"
            maxLength={ACCOUNT_LIMITS.passwordMax}
          />
        )}
      </Field>
      <div className="account-forms__actions account-forms__actions--signin">
        <SwitchButton onClick={() => showAccountView('forgot')}>{copy.forgot}</SwitchButton>
        <button
          className="button button--primary account-forms__icon-submit"
          type="submit"
          aria-label={isSubmitting ? copy.busy : copy.submit}
          title={copy.submit}
          disabled={!hydrated || isSubmitting}
        >
          <Icon name="arrowRight" />
        </button>
      </div>
      <ErrorList errors={errors}>
        {wrongPair && <SwitchButton onClick={() => showAccountView('forgot')}>{copy.forgot}</SwitchButton>}
      </ErrorList>
      <p className="account-forms__footer">
        {copy.noAccount}{' '}
        <SwitchButton onClick={() => showAccountView('signup')}>{copy.createAccount}</SwitchButton>
      </p>
    </form>
  );
}
