/**
 * Exchange rates staff entered (API.md, Company console; DECISIONS 47), in the `exchange-rates`
 * store. Key format: `usd-inr/<yyyy-mm-dd>` (a day in India): the rupees per US dollar of that
 * day as last entered, with who entered it and when, and the values it replaced (newest first),
 * so a corrected rate still shows what was there before.
 */
import * as z from '~/lib/shared/zod';
import { ExchangeRateEntrySchema, type ExchangeRateEntry } from '~/lib/shared/schemas/exchange-rate';
import { openStore } from '~/server/storage/blob-store';

const store = openStore('exchange-rates');

const StoredRateSchema = z.object({
  ...ExchangeRateEntrySchema.shape,
  /** The entries this one replaced, newest first. */
  earlier: z.array(ExchangeRateEntrySchema),
});
type StoredRate = z.infer<typeof StoredRateSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function keyOf(day: string): string {
  if (!DAY.test(day)) throw new Error(`Not a day: ${day}`);
  return `usd-inr/${day}`;
}

/** The entry alone, without the ones it replaced. */
function entryOf({ date, usdInr, source, enteredBy, enteredAt }: StoredRate): ExchangeRateEntry {
  return { date, usdInr, source, enteredBy, enteredAt };
}

/**
 * Records `entry` as its day's rate; an earlier entry of the day is kept in `earlier`. Resolves to
 * the entry as stored.
 */
export async function saveExchangeRate(entry: ExchangeRateEntry): Promise<ExchangeRateEntry> {
  const saved = await store.update(keyOf(entry.date), StoredRateSchema, (current) => ({
    ...entry,
    earlier: current ? [entryOf(current), ...current.earlier] : [],
  }));
  return entryOf(saved);
}

/** The rate entered for each of `days` that has one (one read per distinct day, in parallel). */
export async function enteredExchangeRates(
  days: Iterable<string>,
): Promise<ReadonlyMap<string, ExchangeRateEntry>> {
  const distinct = [...new Set(days)];
  const stored = await Promise.all(distinct.map((day) => store.get(keyOf(day), StoredRateSchema)));
  const rates = new Map<string, ExchangeRateEntry>();
  stored.forEach((rate, index) => {
    if (rate) rates.set(distinct[index]!, entryOf(rate));
  });
  return rates;
}

/** Every entry of `day`, the current one first; none: no rate entered. */
export async function exchangeRateHistory(day: string): Promise<ExchangeRateEntry[]> {
  const stored = await store.get(keyOf(day), StoredRateSchema);
  return stored ? [entryOf(stored), ...stored.earlier] : [];
}
