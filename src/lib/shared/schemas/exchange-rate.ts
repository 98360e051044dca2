/*
 * Exchange rates staff enter (API.md, Company console; DECISIONS 47, CGST Rule 34): the rupees per
 * US dollar of a day, used for the rupee value of a USD invoice of that day whose payment recorded
 * no rate. One schema for the console's form and `POST /api/console/exchange-rates`. zod/mini, as
 * the browser loads it.
 */
import * as z from '~/lib/shared/zod';
import { indianDay } from '~/lib/shared/dates';
import { DaySchema } from '~/lib/shared/schemas/console';
import { hasInvisibleOrControl } from '~/lib/shared/schemas/text';

/** The band a rupees-per-dollar rate must fall in: anything outside is a typing slip. */
const USD_INR_MIN = 10;
const USD_INR_MAX = 1000;
/** Decimals a rate may have (RBI and bank reference rates publish four). */
const USD_INR_DECIMALS = 4;
/** Longest source staff may give. */
export const RATE_SOURCE_MAX = 100;

/** The sentence for each refusal, shown by the form and answered by the function. */
export const EXCHANGE_RATE_HINTS = {
  future: 'The date cannot be in the future: enter the rate of a day that has begun in India.',
  usdInr: 'Enter the rate as a number of rupees per US dollar, such as 83.4521.',
  band: `The rate must be between ${USD_INR_MIN} and ${USD_INR_MAX} rupees per US dollar.`,
  decimals: `The rate can have at most ${USD_INR_DECIMALS} decimals.`,
  source: 'Say where the rate comes from, such as "RBI reference rate".',
  sourceTooLong: `The source is too long (${RATE_SOURCE_MAX} characters at most).`,
  sourceCharacters: 'The source can only contain letters, digits, spaces and punctuation.',
} as const;

/** True for a real day as `DaySchema` takes it: the future is judged only of those. */
const isDay = (day: string) => z.safeParse(DaySchema, day).success;

/** True when `rate` has at most `USD_INR_DECIMALS` decimals (83.4521 yes, 83.45215 no). */
function hasFewDecimals(rate: number): boolean {
  const scale = 10 ** USD_INR_DECIMALS;
  return Math.round(rate * scale) / scale === rate;
}

/**
 * `POST /api/console/exchange-rates`: `{date, usdInr, source}`. `date` a real calendar day
 * (2000-2099) that has begun in India; `usdInr` rupees per dollar, 10 to 1000, at most 4
 * decimals; `source` 1 to 100 visible characters, trimmed. The future is judged by the clock of
 * whoever parses (the form's and the server's).
 */
export const ExchangeRateInputSchema = z.object({
  /** The day in India the rate is of, `2026-05-14`: the console's days (DECISIONS 53), not ahead. */
  date: DaySchema.check(
    z.refine((day) => !isDay(day) || day <= indianDay(new Date()), EXCHANGE_RATE_HINTS.future),
  ),
  /** Rupees per US dollar. */
  usdInr: z.number(EXCHANGE_RATE_HINTS.usdInr).check(
    z.refine((rate) => rate >= USD_INR_MIN && rate <= USD_INR_MAX, EXCHANGE_RATE_HINTS.band),
    z.refine(hasFewDecimals, EXCHANGE_RATE_HINTS.decimals),
  ),
  /** Where the rate comes from, in staff's words ("RBI reference rate"). */
  source: z.string(EXCHANGE_RATE_HINTS.source).check(
    z.trim(),
    z.minLength(1, EXCHANGE_RATE_HINTS.source),
    z.maxLength(RATE_SOURCE_MAX, EXCHANGE_RATE_HINTS.sourceTooLong),
    z.refine((source) => !hasInvisibleOrControl(source), EXCHANGE_RATE_HINTS.sourceCharacters),
  ),
});
export type ExchangeRateInput = z.output<typeof ExchangeRateInputSchema>;

/** A rate as stored and answered: the input, who entered it and when. */
export const ExchangeRateEntrySchema = z.object({
  date: z.string(),
  usdInr: z.number(),
  source: z.string(),
  /** The member of staff who entered it: `Name <e-mail>`. */
  enteredBy: z.string(),
  /** When (ISO 8601). */
  enteredAt: z.iso.datetime(),
});
export type ExchangeRateEntry = z.infer<typeof ExchangeRateEntrySchema>;
