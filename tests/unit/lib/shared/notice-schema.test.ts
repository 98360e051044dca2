/**
 * The notice schemas (DECISIONS 63): the copy of every form's notice, the `notice` field a form
 * call sends, and the `{version, at}` or null a record keeps; and the server's check of a version.
 */
import { describe, expect, it } from 'vitest';
import { notices } from '~/content/ui/notices';
import {
  NOTICE_CHANGED,
  NOTICE_FORMS,
  NoticeAcceptedSchema,
  NoticeFieldSchema,
} from '~/lib/shared/schemas/notice';
import { NoticeCopySchema, NoticesSchema } from '~/lib/shared/schemas/notice-copy';
import * as z from '~/lib/shared/zod';
import { ValidationError } from '~/server/domain/errors';
import { currentNoticeVersion, noticeAccepted } from '~/server/domain/notices';

describe('the notices of src/content/ui/notices.ts', () => {
  it('pass NoticesSchema: one per form, 2-4 short sentences each, a dated version', () => {
    expect(z.safeParse(NoticesSchema, notices).success).toBe(true);
    expect(Object.keys(notices).sort()).toEqual([...NOTICE_FORMS].sort());
  });

  it('each say what is kept and how to complain, and end their sentences', () => {
    for (const notice of Object.values(notices)) {
      const words = notice.summary.join(' ');
      expect(words).toMatch(/grievance officer/);
      for (const sentence of [...notice.summary, ...notice.more]) expect(sentence).toMatch(/[.!?]$/);
    }
  });
});

describe('NoticeCopySchema', () => {
  const good = notices.contact;
  it.each([
    ['one sentence only', { ...good, summary: ['We use your name to answer you.'] }],
    ['five sentences', { ...good, summary: Array.from({ length: 5 }, () => 'We use your name to answer.') }],
    ['a sentence of 161 characters', { ...good, summary: ['a'.repeat(161), good.summary[1]] }],
    ['an undated version', { ...good, version: 'v2' }],
    ['six lines behind More', { ...good, more: Array.from({ length: 6 }, () => 'A line behind More.') }],
  ])('refuses %s', (_, copy) => {
    expect(z.safeParse(NoticeCopySchema, copy).success).toBe(false);
  });
});

describe('the notice a call sends and a record keeps', () => {
  it('NoticeFieldSchema: absent, or a version shaped YYYY-MM-DD; anything else says the notice changed', () => {
    expect(z.parse(NoticeFieldSchema, undefined)).toBeUndefined();
    expect(z.parse(NoticeFieldSchema, '2026-11-26')).toBe('2026-11-26');
    for (const bad of ['2026-11-26 ', '26-11-2026', 'latest', '', 20261126, null]) {
      const result = z.safeParse(NoticeFieldSchema, bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([NOTICE_CHANGED]);
    }
  });

  it('NoticeAcceptedSchema: {version, at} or null, nothing else', () => {
    const accepted = { version: '2026-11-26', at: '2026-11-26T17:35:00.000Z' };
    expect(z.parse(NoticeAcceptedSchema, accepted)).toEqual(accepted);
    expect(z.parse(NoticeAcceptedSchema, null)).toBeNull();
    for (const bad of [
      undefined,
      { version: '2026-11-26' },
      { ...accepted, at: 'yesterday' },
      { ...accepted, version: 'v1' },
    ]) {
      expect(z.safeParse(NoticeAcceptedSchema, bad).success).toBe(false);
    }
  });
});

describe('noticeAccepted (the server’s check)', () => {
  const now = new Date('2026-11-26T17:35:00.123Z');

  it('keeps the current version of each form with the time of the call', () => {
    for (const form of NOTICE_FORMS) {
      expect(noticeAccepted(form, notices[form].version, now)).toEqual({
        version: notices[form].version,
        at: '2026-11-26T17:35:00.123Z',
      });
      expect(currentNoticeVersion(form)).toBe(notices[form].version);
    }
  });

  it('answers null for a call that named none', () => {
    expect(noticeAccepted('signUp', undefined, now)).toBeNull();
  });

  it('refuses any other version with the plain sentence', () => {
    for (const version of ['2001-01-01', '2099-12-31']) {
      const refusal = (() => {
        try {
          noticeAccepted('checkout', version, now);
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(refusal).toBeInstanceOf(ValidationError);
      expect((refusal as ValidationError).messages).toEqual([NOTICE_CHANGED]);
    }
  });
});
