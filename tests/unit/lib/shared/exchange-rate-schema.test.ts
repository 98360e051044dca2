import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EXCHANGE_RATE_HINTS,
  ExchangeRateInputSchema,
  RATE_SOURCE_MAX,
} from '~/lib/shared/schemas/exchange-rate';
import * as z from '~/lib/shared/zod';

const hintsOf = (input: unknown) => {
  const parsed = z.safeParse(ExchangeRateInputSchema, input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};
const good = { date: '2026-09-15', usdInr: 83.4521, source: 'RBI reference rate' };

afterEach(() => {
  vi.useRealTimers();
});

describe("a day's exchange rate as staff enter it (API.md, Company console; DECISIONS 47)", () => {
  it('takes a past day, a rate in the band with up to 4 decimals, and a source, trimmed', () => {
    expect(z.parse(ExchangeRateInputSchema, { ...good, source: '  RBI reference rate ' })).toEqual(good);
    for (const usdInr of [10, 1000, 83, 83.5, 0.0001 + 83]) {
      expect(hintsOf({ ...good, usdInr }), String(usdInr)).toEqual([]);
    }
    expect(hintsOf({ ...good, source: 'x'.repeat(RATE_SOURCE_MAX) })).toEqual([]);
  });

  it('refuses a day that is not a real calendar day, or not begun in India, in a sentence', () => {
    expect(hintsOf({ ...good, date: '15-09-2026' })).toEqual(['Enter dates as YYYY-MM-DD.']);
    for (const date of ['2026-02-30', '2026-13-01', '1999-12-31']) {
      expect(hintsOf({ ...good, date }), date).toEqual([
        'Enter a date that exists, from 2000-01-01 to 2099-12-31.',
      ]);
    }
    // 20:00 UTC on 14 September is already the 15th in India, not yet the 16th.
    vi.useFakeTimers({ now: new Date('2026-09-14T20:00:00Z'), toFake: ['Date'] });
    expect(hintsOf({ ...good, date: '2026-09-15' })).toEqual([]);
    expect(hintsOf({ ...good, date: '2026-09-16' })).toEqual([EXCHANGE_RATE_HINTS.future]);
    expect(EXCHANGE_RATE_HINTS.future).toBe(
      'The date cannot be in the future: enter the rate of a day that has begun in India.',
    );
  });

  it('refuses a rate that is not a number, outside 10-1000, or with more than 4 decimals', () => {
    for (const usdInr of ['83.45', null, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(hintsOf({ ...good, usdInr }), String(usdInr)).toEqual([
        'Enter the rate as a number of rupees per US dollar, such as 83.4521.',
      ]);
    }
    for (const usdInr of [0, -83, 9.9999, 1000.0001, 8345]) {
      expect(hintsOf({ ...good, usdInr }), String(usdInr)).toEqual([
        'The rate must be between 10 and 1000 rupees per US dollar.',
      ]);
    }
    for (const usdInr of [83.45215, 83.123456789]) {
      expect(hintsOf({ ...good, usdInr }), String(usdInr)).toEqual(['The rate can have at most 4 decimals.']);
    }
  });

  it('refuses a source that is empty, too long or holds invisible characters', () => {
    for (const source of ['', '   ']) {
      expect(hintsOf({ ...good, source }), JSON.stringify(source)).toEqual([
        'Say where the rate comes from, such as "RBI reference rate".',
      ]);
    }
    expect(hintsOf({ ...good, source: 'x'.repeat(RATE_SOURCE_MAX + 1) })).toEqual([
      'The source is too long (100 characters at most).',
    ]);
    for (const source of ['RBI\nrate', 'RBI\u202Erate', 'RBI\u200Brate', 'RBI\trate']) {
      expect(hintsOf({ ...good, source }), JSON.stringify(source)).toEqual([
        'The source can only contain letters, digits, spaces and punctuation.',
      ]);
    }
  });

  it('gives every wrong field its sentence at once', () => {
    expect(hintsOf({ date: '2026-02-30', usdInr: 5, source: '' })).toEqual([
      'Enter a date that exists, from 2000-01-01 to 2099-12-31.',
      'The rate must be between 10 and 1000 rupees per US dollar.',
      'Say where the rate comes from, such as "RBI reference rate".',
    ]);
  });
});
