import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIndianDate, formatIst } from '~/lib/shared/dates';

describe('formatIndianDate', () => {
  it('shows the day in India', () => {
    expect(formatIndianDate('2026-05-04T20:00:00Z')).toBe('5 May 2026');
    expect(formatIndianDate('2026-05-04T18:29:59Z')).toBe('4 May 2026');
    expect(formatIndianDate('2026-09-01T00:00:00Z')).toBe('1 Sept 2026');
  });

  it('writes what Intl writes for en-IN in Asia/Kolkata, for any instant', () => {
    const intl = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    });
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (at) => {
          expect(formatIndianDate(at.toISOString())).toBe(intl.format(at));
        },
      ),
    );
  });
});

describe('formatIst', () => {
  it('states the time in India', () => {
    expect(formatIst('2026-11-22T07:30:00Z')).toBe('22 Nov 2026, 1:00 pm IST');
  });
});
