/**
 * The saved billing details card (DECISIONS 62): the checkout's fields (`BillingFields`) and rules
 * (BillingSchema), saved on the account for the next checkout, or forgotten. Unlike the checkout,
 * which asks the address only when the order's taxable value needs it, the address is always
 * offered here and required only when a GSTIN or a country abroad needs it (an address typed half
 * is checked whole).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { get, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { accountPageText } from '~/content/ui/account-page';
import {
  billingNeedsAddress,
  BillingSchema,
  type Billing,
  type BillingInput,
} from '~/lib/shared/schemas/billing';
import type { Profile } from '~/lib/shared/schemas/profile';
import { forgetSavedBilling, saveBilling } from '~/stores/your-account';
import { SubmitRow } from '../account/form-parts';
import { BILLING_FIELDS, BillingAddressFields, BillingFields } from '../billing-fields';
import { AccountCard, StatusLine } from './AccountCard';

const text = accountPageText.billing;

/** The form's values as the schema should read them: no state or GSTIN abroad, no empty address. */
function asEntered(values: BillingInput): BillingInput {
  const inIndia = values.country === 'IN';
  const address = values.address;
  const noAddress =
    !address || [address.line, address.city, address.postalCode].every((part) => !part?.trim());
  return {
    name: values.name,
    country: values.country,
    ...(inIndia ? { state: values.state, gstin: values.gstin } : {}),
    ...(noAddress && !billingNeedsAddress(inIndia ? values : { country: values.country }, 0)
      ? {}
      : { address: address ?? { line: '', city: '', postalCode: '' } }),
  };
}

function formValues(profile: Profile): BillingInput {
  const saved = profile.billing;
  return {
    name: saved?.name ?? profile.name,
    country: saved?.country ?? 'IN',
    state: saved?.state ?? '',
    gstin: saved?.gstin ?? '',
    address: saved?.address ?? { line: '', city: '', postalCode: '' },
  };
}

export function BillingCard({ profile }: { profile: Profile }) {
  const id = useId();
  const [status, setStatus] = useState('');
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [forgetting, setForgetting] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setFocus,
    formState: { errors: hints, isSubmitting },
  } = useForm<BillingInput, unknown, Billing>({
    resolver: (values, context, options) => zodResolver(BillingSchema)(asEntered(values), context, options),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: formValues(profile),
  });
  const country = useWatch({ control, name: 'country' });
  const inIndia = country === 'IN';
  const hint = (name: FieldPath<BillingInput>) =>
    (get(hints, name) as { message?: string } | undefined)?.message;

  const onSave = handleSubmit(
    async (billing) => {
      setErrors([]);
      const result = await saveBilling(billing);
      if (result.ok) setStatus(accountPageText.saved);
      else setErrors(result.errors);
    },
    (invalid) => {
      const first = BILLING_FIELDS.find((name) => get(invalid, name));
      if (first) setFocus(first);
    },
  );

  const onForget = async () => {
    if (forgetting) return;
    setStatus('');
    setErrors([]);
    setForgetting(true);
    const result = await forgetSavedBilling();
    setForgetting(false);
    if (result.ok) {
      reset(formValues({ ...profile, billing: undefined }));
      setStatus(text.forgotten);
      // The button pressed is gone: focus stays in the form, on its first field.
      setFocus('name');
    } else setErrors(result.errors);
  };

  return (
    <AccountCard heading={text.heading} intro={<p>{text.intro}</p>}>
      {!profile.billing && <p className="account-card__value">{text.noneSaved}</p>}
      <form
        className="account-forms__form"
        noValidate
        aria-busy={isSubmitting || forgetting}
        onSubmit={(event) => {
          setStatus('');
          void onSave(event);
        }}
      >
        <BillingFields id={id} register={register} hint={hint} layout="rows" inIndia={inIndia} />
        <fieldset className="account-card__fieldset">
          <legend>{text.addressHeading}</legend>
          <p className="account-forms__help">{text.addressIntro}</p>
          <BillingAddressFields id={id} register={register} hint={hint} layout="rows" />
        </fieldset>
        <SubmitRow labels={[text.save, text.saving]} busy={isSubmitting} disabled={false} errors={errors}>
          {profile.billing && (
            <button
              className="button account-forms__secondary"
              type="button"
              aria-disabled={forgetting || undefined}
              onClick={() => void onForget()}
            >
              {forgetting ? text.forgetting : text.forget}
            </button>
          )}
          <StatusLine message={status} />
        </SubmitRow>
      </form>
    </AccountCard>
  );
}
