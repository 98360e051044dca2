import { describe, expect, it } from 'vitest';
import { nextScroll } from '~/components/islands/carousel/next-scroll';
import { positionText, startingSlide } from '~/lib/shared/carousel-position';

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

// Before its island hydrates a carousel rotates by scrolling its row (carousel-autoplay.ts).
describe('nextScroll', () => {
  it('moves one slide on', () => {
    expect(nextScroll(0, 424, 848)).toBe(424);
    expect(nextScroll(424, 424, 848)).toBe(848);
  });

  it('stops at the last position, then wraps to the first', () => {
    // Three in view of four: one step to the end, not past it.
    expect(nextScroll(300, 424, 424)).toBe(424);
    expect(nextScroll(848, 424, 848)).toBe(0);
    // A fraction of a pixel short of the end (zoom, rounding) counts as the end.
    expect(nextScroll(847.5, 424, 848)).toBe(0);
  });
});

describe('startingSlide', () => {
  it('is the slide the scrolled row shows first', () => {
    expect(startingSlide(0, 400, 24, 3)).toBe(0);
    expect(startingSlide(424, 400, 24, 3)).toBe(1);
    expect(startingSlide(848, 400, 24, 3)).toBe(2);
  });

  it('rounds a row caught mid-scroll to the nearer slide', () => {
    expect(startingSlide(200, 400, 24, 3)).toBe(0);
    expect(startingSlide(230, 400, 24, 3)).toBe(1);
  });

  it('stays within the slides, and at the first when nothing has a width', () => {
    expect(startingSlide(5000, 400, 24, 3)).toBe(2);
    expect(startingSlide(-10, 400, 24, 3)).toBe(0);
    expect(startingSlide(424, 0, 24, 3)).toBe(0);
  });
});
