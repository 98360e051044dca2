import { describe, expect, it } from 'vitest';
import type { ExchangeRateEntry } from '~/lib/shared/schemas/exchange-rate';
import { enteredExchangeRates, exchangeRateHistory, saveExchangeRate } from '~/server/storage/exchange-rates';
import { useBlobsServer } from '../../../support/blobs-server';

/** The keys of the `exchange-rates` store read since the last reset. */
const reads: string[] = [];
useBlobsServer({
  onRequest: ({ type, url }) => {
    const { pathname } = new URL(url, 'http://x');
    if (type === 'get' && pathname.includes('site:exchange-rates/'))
      reads.push(decodeURIComponent(pathname.replace(/^.*?site:exchange-rates\//, '')));
  },
});

const entry = (date: string, usdInr: number, by = 'Asha <asha@example.com>'): ExchangeRateEntry => ({
  date,
  usdInr,
  source: 'RBI reference rate',
  enteredBy: by,
  enteredAt: '2026-11-26T10:00:00.000Z',
});

describe('exchange rates staff entered (DECISIONS 47)', () => {
  it("keeps a day's rate with who entered it and when, and reads only the days asked, once each", async () => {
    expect(await saveExchangeRate(entry('2026-09-15', 83.25))).toEqual(entry('2026-09-15', 83.25));
    await saveExchangeRate(entry('2026-09-16', 83.5));
    reads.length = 0;
    const rates = await enteredExchangeRates(['2026-09-15', '2026-09-17', '2026-09-15']);
    expect([...rates]).toEqual([['2026-09-15', entry('2026-09-15', 83.25)]]);
    expect(reads.sort()).toEqual(['usd-inr/2026-09-15', 'usd-inr/2026-09-17']);
  });

  it('a correction replaces the rate and keeps the one it replaced', async () => {
    await saveExchangeRate(entry('2026-08-03', 82.9));
    await saveExchangeRate(entry('2026-08-03', 83.1, 'Ravi <ravi@example.com>'));
    expect((await enteredExchangeRates(['2026-08-03'])).get('2026-08-03')).toEqual(
      entry('2026-08-03', 83.1, 'Ravi <ravi@example.com>'),
    );
    expect(await exchangeRateHistory('2026-08-03')).toEqual([
      entry('2026-08-03', 83.1, 'Ravi <ravi@example.com>'),
      entry('2026-08-03', 82.9),
    ]);
    expect(await exchangeRateHistory('2026-08-04')).toEqual([]);
  });

  it('writes under a day key only, nothing for anything else', async () => {
    await expect(saveExchangeRate(entry('../x', 83))).rejects.toThrow('Not a day');
    await expect(enteredExchangeRates(['2026-9-1'])).rejects.toThrow('Not a day');
  });
});
