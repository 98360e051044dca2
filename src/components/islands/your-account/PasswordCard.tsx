/**
 * The password card (DECISIONS 62): the current password, then the new one twice with the
 * sign-up rules; on success every other device is signed out (the devices card reloads).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountPageText } from '~/content/ui/account-page';
import { ACCOUNT_LIMITS, PasswordChangeRequestSchema } from '~/lib/shared/schemas/account';
import type * as z from '~/lib/shared/zod';
import { changePassword } from '~/stores/your-account';
import { AccountForm, Field, NewPasswordFields, SubmitRow, useSend } from '../account/form-parts';
import { AccountCard, StatusLine } from './AccountCard';

const text = accountPageText.password;

type PasswordInput = z.input<typeof PasswordChangeRequestSchema>;
type PasswordFields = z.output<typeof PasswordChangeRequestSchema>;

export function PasswordCard() {
  const id = useId();
  const [status, setStatus] = useState('');
  const form = useForm<PasswordInput, unknown, PasswordFields>({
    resolver: zodResolver(PasswordChangeRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { current: '', password: '', repassword: '' },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors: hints, isSubmitting },
  } = form;
  const { errors, submit } = useSend(changePassword, () => {
    reset();
    setStatus(text.changed);
  });

  return (
    <AccountCard heading={text.heading} intro={<p>{text.intro}</p>}>
      <AccountForm
        busy={isSubmitting}
        onSubmit={(event) => {
          setStatus('');
          void handleSubmit(submit)(event);
        }}
      >
        <Field id={`${id}-current`} label={text.current} hint={hints.current?.message}>
          {(wiring) => (
            <input
              {...wiring}
              {...register('current')}
              type="password"
              autoComplete="current-password"
              maxLength={ACCOUNT_LIMITS.passwordMax}
              className="account-card__narrow"
            />
          )}
        </Field>
        <NewPasswordFields id={id} labels={text} form={form} />
        <SubmitRow labels={[text.submit, text.busy]} busy={isSubmitting} disabled={false} errors={errors}>
          <StatusLine message={status} />
        </SubmitRow>
      </AccountForm>
    </AccountCard>
  );
}
