/**
 * 'Send the code again' waits a minute from the code sent (issue 42, item 6): the seconds left,
 * rounded up, as the button's description counts them down.
 */
import { describe, expect, it } from 'vitest';
import { secondsToResend } from '~/components/islands/account/form-parts';
import { CODE_RESEND_AFTER_MS } from '~/lib/shared/schemas/account';

describe('the wait before a new code', () => {
  it('is a minute from when the code was sent, counted in whole seconds, then none', () => {
    const sentAt = 1_000_000;
    expect(CODE_RESEND_AFTER_MS).toBe(60_000);
    expect(secondsToResend(sentAt, sentAt)).toBe(60);
    expect(secondsToResend(sentAt, sentAt + 1)).toBe(60);
    expect(secondsToResend(sentAt, sentAt + 59_001)).toBe(1);
    expect(secondsToResend(sentAt, sentAt + 60_000)).toBe(0);
    expect(secondsToResend(sentAt, sentAt + 3_600_000)).toBe(0);
  });

  it('is none for a code step that does not know when its code went (a tab from before)', () => {
    expect(secondsToResend(undefined, 5)).toBe(0);
  });
});
