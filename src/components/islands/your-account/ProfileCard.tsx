/**
 * The profile card: name and mobile number with the sign-up rules; a field's hint shows after the
 * first Save, then follows each change. Save says 'Saved.' (role=status); the header shows a new
 * name at once.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountPageText } from '~/content/ui/account-page';
import { ACCOUNT_LIMITS, ProfileFieldsSchema } from '~/lib/shared/schemas/account';
import type { Profile } from '~/lib/shared/schemas/profile';
import type * as z from '~/lib/shared/zod';
import { saveProfile } from '~/stores/your-account';
import { AccountForm, Field, SubmitRow, useSend } from '../account/form-parts';
import { AccountCard, StatusLine } from './AccountCard';

const text = accountPageText.profile;

type ProfileInput = z.input<typeof ProfileFieldsSchema>;
type ProfileFields = z.output<typeof ProfileFieldsSchema>;

export function ProfileCard({ profile }: { profile: Profile }) {
  const id = useId();
  const [status, setStatus] = useState('');
  const { errors, submit } = useSend(saveProfile, () => setStatus(accountPageText.saved));
  const {
    register,
    handleSubmit,
    formState: { errors: hints, isSubmitting },
  } = useForm<ProfileInput, unknown, ProfileFields>({
    resolver: zodResolver(ProfileFieldsSchema),
    // Hints after the first Save, then as the visitor types.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: profile.name, mobile: profile.mobile },
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
        <div className="account-forms__row">
          <Field id={`${id}-name`} label={text.name} hint={hints.name?.message}>
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
          <Field id={`${id}-mobile`} label={text.mobile} help={text.mobileHelp} hint={hints.mobile?.message}>
            {(wiring) => (
              <input
                {...wiring}
                {...register('mobile')}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                maxLength={ACCOUNT_LIMITS.mobile}
              />
            )}
          </Field>
        </div>
        <SubmitRow labels={[text.save, text.saving]} busy={isSubmitting} disabled={false} errors={errors}>
          <StatusLine message={status} />
        </SubmitRow>
      </AccountForm>
    </AccountCard>
  );
}
