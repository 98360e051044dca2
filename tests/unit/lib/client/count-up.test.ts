import { describe, expect, it } from 'vitest';
import { countUpValue, easeOutCubic } from '~/lib/client/count-up';

describe('easeOutCubic', () => {
  it('starts at 0, ends at 1 and clamps outside [0, 1]', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(-0.5)).toBe(0);
    expect(easeOutCubic(2)).toBe(1);
  });

  it('is ahead of a straight line in the middle (eases out)', () => {
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875);
  });
});

describe('countUpValue', () => {
  it('counts whole numbers from 0 to the target', () => {
    expect(countUpValue(5090, 0, 1600)).toBe(0);
    expect(countUpValue(5090, 800, 1600)).toBe(4453);
    expect(Number.isInteger(countUpValue(3090, 123, 1600))).toBe(true);
  });

  it('lands exactly on the target when the time is up, and never passes it', () => {
    expect(countUpValue(9000, 1600, 1600)).toBe(9000);
    expect(countUpValue(2050, 5000, 1600)).toBe(2050);
    expect(countUpValue(2050, 1599, 1600)).toBeLessThanOrEqual(2050);
  });

  it('rises steadily', () => {
    let previous = -1;
    for (let ms = 0; ms <= 1600; ms += 50) {
      const value = countUpValue(5090, ms, 1600);
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
  });

  it('shows the target at once when there is no time to count', () => {
    expect(countUpValue(5090, 0, 0)).toBe(5090);
  });
});
