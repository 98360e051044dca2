/** A 429's sentence says how long to wait, rounded up so that trying again then works. */
import { describe, expect, it } from 'vitest';
import { RateLimited, waitInWords } from '~/server/domain/errors';

describe('waitInWords', () => {
  it.each([
    [1, 'a minute'],
    [60, 'a minute'],
    [61, '2 minutes'],
    [59 * 60, '59 minutes'],
    [59 * 60 + 1, 'an hour'],
    [3600, 'an hour'],
    [3601, '2 hours'],
    [24 * 3600, '24 hours'],
  ])('%i s is %s', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });

  it('makes the refusal from the wait, or keeps sentences given as they are', () => {
    expect(new RateLimited(600, (wait) => `Try again in ${wait}.`).messages).toEqual([
      'Try again in 10 minutes.',
    ]);
    expect(new RateLimited(600, ['Wait a little.']).messages).toEqual(['Wait a little.']);
  });
});
