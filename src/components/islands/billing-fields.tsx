/**
 * The billing fields (DECISIONS 34, 50, 52, 62), one set for the checkout's form and the account
 * page's saved billing: the name on the invoice, the country, for India the state and an optional
 * GSTIN, and the address. Each form keeps its own rules of when the address is asked and how the
 * fields are laid out; the fields, their labels, their order and their input hints are these.
 */
import type { ReactNode } from 'react';
import type { FieldPath, UseFormRegister } from 'react-hook-form';
import { billingFieldText as text } from '~/content/ui/billing';
import { COUNTRY_CODES, countryName } from '~/lib/shared/countries';
import { GST_STATES } from '~/lib/shared/gst';
import { BILLING_LIMITS, type BillingInput } from '~/lib/shared/schemas/billing';
import { Field } from './form-field';

/** Countries by English name, India first (most buyers). */
const COUNTRIES = ['IN', ...COUNTRY_CODES.filter((code) => code !== 'IN')].map((code) => ({
  code,
  name: countryName(code),
}));

/**
 * States and union territories by name, each with its GST code (the value sent): a buyer looks
 * for Maharashtra under M, not 27th in code order (issue 42, item 4).
 */
const STATES = [...GST_STATES].sort((a, b) => a.name.localeCompare(b.name, 'en-IN'));

/** The fields in the order they show: a refused Save or Pay focuses the first to fix. */
export const BILLING_FIELDS = [
  'name',
  'country',
  'state',
  'gstin',
  'address.line',
  'address.city',
  'address.postalCode',
] as const satisfies readonly FieldPath<BillingInput>[];

interface BillingFieldsProps {
  /** The form's id prefix: each input's id is `${id}-name`, `${id}-address-city`, and so on. */
  readonly id: string;
  readonly register: UseFormRegister<BillingInput>;
  /** The hint to show under a field now, if any. */
  readonly hint: (name: FieldPath<BillingInput>) => string | undefined;
  /** `rows`: two fields side by side where they fit (the account page); `stack`: one under another. */
  readonly layout: 'rows' | 'stack';
}

function Row({ layout, children }: { layout: 'rows' | 'stack'; children: ReactNode }) {
  return layout === 'rows' ? <div className="account-forms__row">{children}</div> : <>{children}</>;
}

/** Name and country, then for India (`inIndia`) the state and the GSTIN. */
export function BillingFields({
  id,
  register,
  hint,
  layout,
  inIndia,
}: BillingFieldsProps & { inIndia: boolean }) {
  return (
    <>
      <Row layout={layout}>
        <Field id={`${id}-name`} label={text.name} hint={hint('name')}>
          {(wiring) => (
            <input {...wiring} {...register('name')} autoComplete="name" maxLength={BILLING_LIMITS.name} />
          )}
        </Field>
        <Field id={`${id}-country`} label={text.country} hint={hint('country')}>
          {(wiring) => (
            <select {...wiring} {...register('country')} autoComplete="country">
              {COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </Row>
      {inIndia && (
        <Row layout={layout}>
          <Field id={`${id}-state`} label={text.state} hint={hint('state')}>
            {(wiring) => (
              <select {...wiring} {...register('state')} autoComplete="address-level1">
                <option value="">{text.stateChoose}</option>
                {STATES.map((state) => (
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
        </Row>
      )}
    </>
  );
}

/** The billing address: the line, then the city and the PIN or postal code. */
export function BillingAddressFields({ id, register, hint, layout }: BillingFieldsProps) {
  return (
    <>
      <Field id={`${id}-address-line`} label={text.address} hint={hint('address.line') ?? hint('address')}>
        {(wiring) => (
          <input
            {...wiring}
            {...register('address.line')}
            autoComplete="street-address"
            maxLength={BILLING_LIMITS.addressLine}
          />
        )}
      </Field>
      <Row layout={layout}>
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
      </Row>
    </>
  );
}
