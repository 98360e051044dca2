import { describe, expect, it } from 'vitest';
import { deviceOf, UNKNOWN_DEVICE } from '~/server/domain/auth/devices';

describe('a signed-in device in words (docs/api.md, "Your account")', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0',
      'Firefox on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Microsoft Edge on Windows',
    ],
  ])('%s -> %s', (agent, words) => {
    expect(deviceOf(agent)).toBe(words);
  });

  it('says so when there is no User-Agent or nothing in it is known', () => {
    expect(deviceOf(undefined)).toBe(UNKNOWN_DEVICE);
    expect(deviceOf('   ')).toBe(UNKNOWN_DEVICE);
    expect(deviceOf('curl/8.4.0')).toBe(UNKNOWN_DEVICE);
  });

  it('keeps an odd User-Agent short', () => {
    expect(
      deviceOf(`Mozilla/5.0 (Linux; Android 14) Chrome/131 ${'x'.repeat(5000)}`).length,
    ).toBeLessThanOrEqual(100);
  });
});
