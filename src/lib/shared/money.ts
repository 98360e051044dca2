/**
 * Money (STYLE 12): every amount is an integer number of minor units (US cents or paise) with its
 * currency, from the catalogue to the invoice (DECISIONS 46: buyers in India pay in rupees, buyers
 * abroad in US dollars); dollars and rupees appear only at the edges, when an amount is formatted
 * or sent in an API answer.
 */
import * as z from '~/lib/shared/zod';
import { groupIndian, groupThousands } from '~/lib/shared/digit-groups';

/**
 * An amount in minor units of its currency, a whole, non-negative number: US cents (`13950` is
 * $139.50) or paise (`1199900` is ₹11,999.00). The name is the original's, from USD-only days.
 */
export type Cents = number;

/** The currencies the shop charges in (DECISIONS 46). */
const CURRENCIES = ['USD', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CurrencySchema = z.enum(CURRENCIES);

/** The currency a buyer billed in `country` (ISO alpha-2) pays in: India rupees, elsewhere dollars. */
export function currencyOfCountry(country: string): Currency {
  return country === 'IN' ? 'INR' : 'USD';
}

/** A whole, non-negative number of US cents. */
export const CentsSchema = z.int().check(z.gte(0, 'An amount cannot be negative.'));

/** An amount in US dollars with at most two decimals, as API answers and the catalogue file carry it. */
export const UsdSchema = z.number().check(
  z.gte(0, 'An amount cannot be negative.'),
  z.refine((usd) => isWholeCents(usd), 'An amount in USD has at most two decimals.'),
);

/** True when `usd` is a finite amount with at most two decimals. */
export function isWholeCents(usd: number): boolean {
  return Number.isFinite(usd) && Math.abs(usd * 100 - Math.round(usd * 100)) < 1e-6;
}

/** `139.5` -> `13950`. Throws a RangeError for an amount with more than two decimals. */
export function centsFromUsd(usd: number): Cents {
  if (!isWholeCents(usd)) throw new RangeError(`Not a whole number of cents: ${usd}`);
  return Math.round(usd * 100);
}

/** `13950` -> `139.5`: the dollar figure of API answers (exact for whole cents). */
export function usdFromCents(cents: Cents): number {
  return cents / 100;
}

/**
 * An amount in cents as shown to people, always with cents: `13900` -> `$139.00`, `123456` ->
 * `$1,234.56` (prices are in US dollars everywhere on the site: product-spec section 9). The text
 * of `Intl.NumberFormat('en-US', {style: 'currency', currency: 'USD'})`, made without ICU (see
 * `~/lib/shared/digit-groups`).
 */
export function formatUsd(cents: Cents): string {
  const whole = Math.floor(cents / 100);
  return `$${groupThousands(whole)}.${String(cents - whole * 100).padStart(2, '0')}`;
}

/**
 * An amount in paise as shown to people, always with paise: `1199900` -> `₹11,999.00`, in the
 * Indian digit grouping (`₹12,34,567.50`): the text of `Intl.NumberFormat('en-IN', {style:
 * 'currency', currency: 'INR'})`, made without ICU.
 */
export function formatInr(paise: Cents): string {
  const whole = Math.floor(paise / 100);
  return `₹${groupIndian(whole)}.${String(paise - whole * 100).padStart(2, '0')}`;
}

/** An amount in minor units of `currency`, as shown to people (`formatUsd` or `formatInr`). */
export function formatMoney(minor: Cents, currency: Currency): string {
  return currency === 'INR' ? formatInr(minor) : formatUsd(minor);
}

/** `1199900` -> `11999`: the major units of API answers, for either currency (both have 100 minor units). */
export function majorFromMinor(minor: Cents): number {
  return minor / 100;
}

/** The sum of amounts in cents (exact: integers only). */
export function sumCents(amounts: readonly Cents[]): Cents {
  return amounts.reduce((total, amount) => total + amount, 0);
}
