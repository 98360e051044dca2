/**
 * The checkout's order summary with billing details and Pay (issue 18; DECISIONS 34, 37): the
 * name on the invoice (the account's by default, or the one remembered), the country, the state
 * for India and an optional GSTIN, checked by the same schema the server uses; the tax the
 * invoice will print, worked out as the details change; Pay with the total, which leaves for the
 * gateway.
 */
import { useStore } from '@nanostores/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { get, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { checkoutNotice } from '~/content/ui/notices';
import { checkoutText as text } from '~/content/ui/checkout';
import { GST_STATES, isValidGstin } from '~/lib/shared/gst';
import { currencyOfCountry, formatMoney, sumCents, type Cents, type Currency } from '~/lib/shared/money';
import {
  billingNeedsAddress,
  BillingSchema,
  type Billing,
  type BillingInput,
} from '~/lib/shared/schemas/billing';
import { invoiceTotals, placeOfSupplyOf, taxRatesOf } from '~/lib/shared/tax';
import { $savedBilling, loadAccountBilling } from '~/stores/billing';
import { $checkoutPending, pay } from '~/stores/payment';
import { $user } from '~/stores/session';
import { BILLING_FIELDS, BillingAddressFields, BillingFields } from '../billing-fields';
import { FormNotice } from '../FormNotice';
import '../account/account-forms.css';

/** The tax lines the invoice will print for these details, or undefined while the state is unknown. */
function taxPreview(pricesCents: readonly Cents[], billing: Partial<BillingInput>) {
  const country = billing.country ?? '';
  if (country === '') return undefined;
  if (country === 'IN' && !GST_STATES.some((state) => state.code === billing.state)) return undefined;
  // A GSTIN places the supply in its state (DECISIONS 50), once it is a whole, valid one.
  const gstin = (billing.gstin ?? '').toUpperCase();
  const place = placeOfSupplyOf({
    country,
    state: billing.state || undefined,
    gstin: isValidGstin(gstin) ? gstin : undefined,
  });
  return { place, totals: invoiceTotals(pricesCents, taxRatesOf(place.regime)) };
}

interface PaymentPanelProps {
  /** Prices of the courses in the cart in each currency, in minor units (cents, paise). */
  readonly prices: Readonly<Record<Currency, readonly Cents[]>>;
  /** The summary's heading id (the aside is labelled by it). */
  readonly headingId: string;
  readonly itemCount: number;
}

export default function PaymentPanel({ prices, headingId, itemCount }: PaymentPanelProps) {
  const $saved = useStore($savedBilling);
  const $account = useStore($user);
  const $pending = useStore($checkoutPending);
  const [serverErrors, setServerErrors] = useState<readonly string[]>([]);
  const id = useId();
  // Whether the invoice must print the address (DECISIONS 52), as of the last render: the
  // resolver checks the address only then, and drops fields left from an earlier answer.
  const needsAddressNow = useRef(false);
  const [saveForNext, setSaveForNext] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setFocus,
    reset,
    formState: { errors, isSubmitted, touchedFields, isDirty },
  } = useForm<BillingInput, unknown, Billing>({
    resolver: (values, context, options) =>
      zodResolver(BillingSchema)(
        needsAddressNow.current ? values : { ...values, address: undefined },
        context,
        options,
      ),
    mode: 'onTouched',
    defaultValues: {
      name: $saved?.name ?? $account?.username ?? '',
      country: $saved?.country ?? 'IN',
      state: $saved?.state ?? '',
      gstin: $saved?.gstin ?? '',
      ...($saved?.address ? { address: $saved.address } : {}),
    },
  });
  // The details saved on the account (another device's checkout, or /account) fill the form, once
  // they arrive, unless the buyer already started typing.
  useEffect(() => {
    void loadAccountBilling();
  }, []);
  useEffect(() => {
    if (!$saved || isDirty) return;
    reset({
      name: $saved.name,
      country: $saved.country,
      state: $saved.state ?? '',
      gstin: $saved.gstin ?? '',
      ...($saved.address ? { address: $saved.address } : {}),
    });
    // Only a newly arrived saved billing resets the form, never the buyer's typing.
  }, [$saved]);
  const billing = useWatch({ control }) as Partial<BillingInput>;
  // The billing country decides the currency charged (DECISIONS 46): India rupees, elsewhere dollars.
  const currency = currencyOfCountry(billing.country ?? 'IN');
  const pricesCents = prices[currency];
  const money = (cents: Cents) => formatMoney(cents, currency);
  const preview = taxPreview(pricesCents, billing);
  const totalCents = sumCents(pricesCents);
  const inIndia = billing.country === 'IN';
  const taxablePaise =
    inIndia && preview ? invoiceTotals(prices.INR, taxRatesOf(preview.place.regime)).taxableCents : 0;
  const needsAddress = billingNeedsAddress(billing, taxablePaise);
  needsAddressNow.current = needsAddress;

  /** A field's hint, once the visitor left it or tried to pay. */
  const hint = (name: FieldPath<BillingInput>) =>
    isSubmitted || get(touchedFields, name)
      ? (get(errors, name) as { message?: string } | undefined)?.message
      : undefined;

  const onPay = handleSubmit(
    async (values) => {
      setServerErrors([]);
      const result = await pay(values, checkoutNotice.version, saveForNext);
      if (!result.ok && result.messages) setServerErrors(result.messages);
    },
    // Pressing Pay with a hint showing moves focus to the first field to fix.
    (invalid) => {
      const first = BILLING_FIELDS.find((name) => get(invalid, name));
      if (first) setFocus(first);
    },
  );

  return (
    <aside className="checkout__summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="checkout__summary-heading">
        {text.summaryHeading}
      </h2>
      <form
        className="billing"
        noValidate
        onSubmit={(event) => void onPay(event)}
        aria-describedby={`${id}-intro`}
      >
        <fieldset className="billing__fields">
          <legend className="billing__legend">{text.billingHeading}</legend>
          <p className="billing__intro" id={`${id}-intro`}>
            {text.billingIntro}
          </p>
          <BillingFields id={id} register={register} hint={hint} layout="stack" inIndia={inIndia} />
          {needsAddress && (
            <>
              <p className="billing__intro" id={`${id}-address-intro`}>
                {text.addressIntro}
              </p>
              <BillingAddressFields id={id} register={register} hint={hint} layout="stack" />
            </>
          )}
          <label className="billing__save">
            <input
              type="checkbox"
              checked={saveForNext}
              onChange={(event) => setSaveForNext(event.target.checked)}
            />
            {text.saveBilling}
          </label>
        </fieldset>

        <dl className="checkout__totals" aria-live="polite">
          <div>
            <dt>{text.items(itemCount)}</dt>
            <dd>{money(totalCents)}</dd>
          </div>
          {preview ? (
            <>
              <div className="checkout__tax">
                <dt>{text.taxable}</dt>
                <dd>{money(preview.totals.taxableCents)}</dd>
              </div>
              {preview.totals.taxes.length === 0 ? (
                <div className="checkout__tax">
                  <dt>{text.exportTax}</dt>
                  <dd>{money(0)}</dd>
                </div>
              ) : (
                preview.totals.taxes.map((tax) => (
                  <div className="checkout__tax" key={tax.label}>
                    <dt>{text.tax(tax.label, tax.ratePct)}</dt>
                    <dd>{money(tax.amountCents)}</dd>
                  </div>
                ))
              )}
            </>
          ) : (
            <div className="checkout__tax">
              <dt>{text.taxPending}</dt>
              <dd />
            </div>
          )}
          <div className="checkout__total">
            <dt>{text.total}</dt>
            <dd data-testid="cart-total">
              {money(totalCents)} <span className="checkout__currency">{currency}</span>
            </dd>
          </div>
        </dl>
        {serverErrors.length > 0 && (
          <p className="billing__error" role="alert">
            {serverErrors.join(' ')}
          </p>
        )}
        <button
          className="button button--primary checkout__button"
          type="submit"
          aria-disabled={$pending || undefined}
          onClick={(event) => {
            if ($pending) event.preventDefault();
          }}
        >
          {$pending ? text.paying : text.pay(money(totalCents))}
        </button>
        <p className="checkout__note">{text.payNote}</p>
        <p className="checkout__note">{text.taxNote}</p>
        <FormNotice notice={checkoutNotice} id={`${id}-notice`} />
      </form>
    </aside>
  );
}
