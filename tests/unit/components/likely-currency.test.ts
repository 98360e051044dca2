/**
 * The inline script that picks the currency shown first (issue 42, item 4; DECISIONS 46), run as
 * the browser runs it (Astro wraps it in a function with its `define:vars` first) against a
 * browser's languages, offset, time zone and session storage.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { INDIA_TIME_ZONES, IST_OFFSET_MINUTES } from '~/lib/shared/dates';
import { SESSION_STORAGE_KEYS } from '~/lib/shared/storage-keys';

const source = readFileSync('src/components/layout/LikelyCurrency.astro', 'utf8');
const body = /<script is:inline define:vars=\{\{ zones, offset, key \}\}>([\s\S]*?)<\/script>/.exec(
  source,
)?.[1];

interface Browser {
  readonly languages: readonly string[];
  /** `getTimezoneOffset()`: minutes west of UTC (India: -330). */
  readonly offset: number;
  readonly timeZone: string;
  readonly stored?: Record<string, string>;
  readonly storageRefused?: boolean;
}

/** Runs the script in a browser like `browser`; answers the mark, the storage and whether Intl was asked. */
function run(browser: Browser) {
  const stored: Record<string, string> = { ...browser.stored };
  const storage = {
    getItem: (name: string) => {
      if (browser.storageRefused) throw new Error('SecurityError');
      return stored[name] ?? null;
    },
    setItem: (name: string, value: string) => {
      if (browser.storageRefused) throw new Error('SecurityError');
      stored[name] = value;
    },
  };
  const dateTimeFormat = vi.fn(() => ({ resolvedOptions: () => ({ timeZone: browser.timeZone }) }));
  const documentElement = { dataset: {} as Record<string, string> };
  class FixedDate {
    getTimezoneOffset() {
      return browser.offset;
    }
  }
  const vars = `const zones = ${JSON.stringify(INDIA_TIME_ZONES)};\nconst offset = ${-IST_OFFSET_MINUTES};\nconst key = ${JSON.stringify(SESSION_STORAGE_KEYS.currency)};\n`;
  runInNewContext(`(function(){${vars}${body}})();`, {
    sessionStorage: storage,
    navigator: { languages: browser.languages, language: browser.languages[0] },
    Intl: { DateTimeFormat: dateTimeFormat },
    Date: FixedDate,
    document: { documentElement },
  });
  return {
    mark: documentElement.dataset['currency'],
    stored,
    askedIntl: dateTimeFormat.mock.calls.length > 0,
  };
}

describe('the currency shown first', () => {
  it('is found in the component', () => {
    expect(body).toContain('dataset.currency');
  });

  it('is rupees for a language of India, whatever the zone, without asking Intl', () => {
    const result = run({ languages: ['hi-IN', 'en'], offset: 300, timeZone: 'America/New_York' });
    expect(result).toEqual({ mark: 'inr', stored: { currency: 'inr' }, askedIntl: false });
    expect(run({ languages: ['en-in'], offset: 0, timeZone: 'Europe/London' }).mark).toBe('inr');
  });

  it.each(INDIA_TIME_ZONES)("is rupees in India's time zone (%s) with any language", (timeZone) => {
    expect(run({ languages: ['en-US', 'en'], offset: -330, timeZone })).toEqual({
      mark: 'inr',
      stored: { currency: 'inr' },
      askedIntl: true,
    });
  });

  it("is dollars in Sri Lanka, which shares India's offset", () => {
    expect(run({ languages: ['en-US'], offset: -330, timeZone: 'Asia/Colombo' }).mark).toBe('usd');
  });

  it('is dollars elsewhere, without asking Intl (its first use costs 15-25 ms before the first paint)', () => {
    expect(run({ languages: ['en-US', 'en'], offset: 300, timeZone: 'America/New_York' })).toEqual({
      mark: 'usd',
      stored: { currency: 'usd' },
      askedIntl: false,
    });
    expect(run({ languages: ['en-GB'], offset: -60, timeZone: 'Europe/Berlin' }).mark).toBe('usd');
  });

  it("keeps the tab's answer: a later page asks nothing", () => {
    const result = run({
      languages: ['en-US'],
      offset: -330,
      timeZone: 'Asia/Kolkata',
      stored: { currency: 'usd' },
    });
    expect(result).toEqual({ mark: 'usd', stored: { currency: 'usd' }, askedIntl: false });
    // Anything else stored there is not an answer.
    expect(
      run({ languages: ['en-US'], offset: -330, timeZone: 'Asia/Kolkata', stored: { currency: 'eur' } }).mark,
    ).toBe('inr');
  });

  it('still decides where session storage is refused', () => {
    const result = run({
      languages: ['en-US'],
      offset: -330,
      timeZone: 'Asia/Calcutta',
      storageRefused: true,
    });
    expect(result.mark).toBe('inr');
    expect(result.stored).toEqual({});
  });
});
