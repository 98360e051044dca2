import { describe, expect, it } from 'vitest';
import { RefundRequestSchema, REFUND_REASON_MAX } from '~/lib/shared/schemas/payments';
import * as z from '~/lib/shared/zod';

const hintsOf = (input: unknown) => {
  const parsed = z.safeParse(RefundRequestSchema, input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('a refund request (issue 28)', () => {
  it('takes a reason, trimmed, and optionally the courses', () => {
    expect(z.parse(RefundRequestSchema, { reason: '  Asked by the buyer ' })).toEqual({
      reason: 'Asked by the buyer',
    });
    expect(z.parse(RefundRequestSchema, { reason: 'Course cancelled', courseIds: [2, 5] })).toEqual({
      reason: 'Course cancelled',
      courseIds: [2, 5],
    });
  });

  it('refuses no reason, a reason too long, and an empty choice of courses, each in a sentence', () => {
    expect(hintsOf({ reason: '   ' })).toEqual(['Say why the money goes back (3 characters at least).']);
    expect(hintsOf({ reason: 'x'.repeat(REFUND_REASON_MAX + 1) })).toEqual([
      `The reason is too long (${REFUND_REASON_MAX} characters at most).`,
    ]);
    expect(hintsOf({ reason: 'Duplicate', courseIds: [] })).toEqual([
      'Choose at least one course to refund.',
    ]);
  });
});
