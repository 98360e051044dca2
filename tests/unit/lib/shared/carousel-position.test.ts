import { describe, expect, it } from 'vitest';
import { positionText } from '~/lib/shared/carousel-position';

describe('positionText', () => {
  it('names one slide when one is in view', () => {
    expect(positionText('{index} of {total}', 1, 1, 4)).toBe('2 of 4');
  });

  it('names the range in view, never past the last slide', () => {
    expect(positionText('{index} of {total}', 0, 3, 4)).toBe('1–3 of 4');
    expect(positionText('{index} of {total}', 1, 3, 4)).toBe('2–4 of 4');
    expect(positionText('{index} of {total}', 2, 3, 4)).toBe('3–4 of 4');
  });

  it('follows the template its carousel gives', () => {
    expect(positionText('Slide {index} / {total}', 2, 1, 3)).toBe('Slide 3 / 3');
  });
});
