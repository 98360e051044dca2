/**
 * The saved billing details card (DECISIONS 62): the checkout's fields and rules (BillingSchema,
 * the GST states, the countries), saved on the account for the next checkout, or forgotten.
 *
 * Not PaymentPanel's fieldset: that one is tied to the cart (the address is asked only when the
 * order's taxable value needs it, and the tax preview follows the fields), and it is being changed
 * on another branch. Here the address is always offered and required only when a GSTIN or a
 * country abroad needs it (an address typed half is checked whole).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { get, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { accountPageText } from '~/content/ui/account-page';
import { COUNTRY_CODES, countryName } from '~/lib/shared/countries';
import { GST_STATES } from '~/lib/shared/gst';
import {
  BILLING_LIMITS,
  billingNeedsAddress,
  BillingSchema,
  type Billing,
  type BillingInput,
} from '~/lib/shared/schemas/billing';
import type { Profile } from '~/lib/shared/schemas/profile';
import { forgetSavedBilling, saveBilling } from '~/stores/your-account';
import { Field, SubmitRow } from '../account/form-parts';
import { AccountCard, StatusLine } from './AccountCard';

const text = accountPageText.billing;

/** Countries by English name, India first (most buyers), as at checkout. */
const COUNTRIES = ['IN', ...COUNTRY_CODES.filter((code) => code !== 'IN')].map((code) => ({
  code,
  name: countryName(code),
}));

/** The order the fields show in: a refused Save focuses the first to fix. */
const FIELDS = [
  'name',
  'country',
  'state',
  'gstin',
  'address.line',
  'address.city',
  'address.postalCode',
] as const;

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
      const first = FIELDS.find((name) => get(invalid, name));
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
        <div className="account-forms__row">
          <Field id={`${id}-name`} label={text.name} hint={hint('name')}>
            {(wiring) => (
              <input {...wiring} {...register('name')} autoComplete="name" maxLength={BILLING_LIMITS.name} />
            )}
          </Field>
          <Field id={`${id}-country`} label={text.country} hint={hint('country')}>
            {(wiring) => (
              <select {...wiring} {...register('country')} autoComplete="country">
                {COUNTRIES.map((each) => (
                  <option key={each.code} value={each.code}>
                    {each.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {inIndia && (
          <div className="account-forms__row">
            <Field id={`${id}-state`} label={text.state} hint={hint('state')}>
              {(wiring) => (
                <select {...wiring} {...register('state')} autoComplete="address-level1">
                  <option value="">{text.stateChoose}</option>
                  {GST_STATES.map((state) => (
                    <option key={state.code} value={state.code}>
                      {state.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={`${id}-gstin`} label={text.gstin} help={text.gstinHelp} hint={hint('gstin')}>
              {(wiring) => (
                <input
                  {...wiring}
                  {...register('gstin', {
                    setValueAs: (value: string) => value.toUpperCase().replace(/\s+/g, ''),
                  })}
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={20}
                  className="billing__gstin"
                />
              )}
            </Field>
          </div>
        )}
        <fieldset className="account-card__fieldset">
          <legend>{text.addressHeading}</legend>
          <p className="account-forms__help">{text.addressIntro}</p>
          <Field
            id={`${id}-address-line`}
            label={text.address}
            hint={hint('address.line') ?? hint('address')}
          >
            {(wiring) => (
              <input
                {...wiring}
                {...register('address.line')}
                autoComplete="street-address"
                maxLength={BILLING_LIMITS.addressLine}
              />
            )}
          </Field>
          <div className="account-forms__row">
            <Field id={`${id}-address-city`} label={text.city} hint={hint('address.city')}>
              {(wiring) => (
                <input
                  {...wiring}
                  {...register('address.city')}
                  autoComplete="address-level2"
                  maxLength={BILLING_LIMITS.city}
                />
              )}
            </Field>
            <Field id={`${id}-address-postal`} label={text.postalCode} hint={hint('address.postalCode')}>
              {(wiring) => (
                <input
                  {...wiring}
                  {...register('address.postalCode')}
                  autoComplete="postal-code"
                  maxLength={BILLING_LIMITS.postalCode}
                />
              )}
            </Field>
          </div>
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
