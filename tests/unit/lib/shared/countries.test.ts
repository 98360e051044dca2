import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, COUNTRY_NAMES, countryName } from '~/lib/shared/countries';

describe('the country table', () => {
  it('lists 249 ISO 3166-1 codes, in the order of their English names', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    const names = COUNTRY_CODES.map((code) => COUNTRY_NAMES[code]!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('names every country as invoices named it before the table (ICU English region names)', () => {
    const icu = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const differing = COUNTRY_CODES.filter((code) => countryName(code) !== icu.of(code));
    expect(differing).toEqual([]);
  });

  it('answers the code itself for anything else, prototype names included', () => {
    expect(countryName('IN')).toBe('India');
    expect(countryName('ZZ')).toBe('ZZ');
    expect(countryName('constructor')).toBe('constructor');
  });
});
