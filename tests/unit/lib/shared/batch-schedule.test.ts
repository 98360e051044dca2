import { describe, expect, it } from 'vitest';
import { isBatchOpen, parseSchedule, sessionsOf } from '~/lib/shared/batch-schedule';
import { AttendeesSchema, BATCH_HINTS, BatchInputSchema } from '~/lib/shared/schemas/batch';
import * as z from '~/lib/shared/zod';

describe('a batch schedule', () => {
  it('reads ranges in week order, lists and single days', () => {
    expect(parseSchedule('Mon-Thu 19:00-21:00 IST')).toEqual({
      days: [1, 2, 3, 4],
      startMinutes: 1140,
      endMinutes: 1260,
    });
    expect(parseSchedule('Sat-Sun 10:00-13:00 IST')?.days).toEqual([0, 6]);
    expect(parseSchedule('Sat,Sun 10:00-13:00 IST')?.days).toEqual([0, 6]);
    expect(parseSchedule('Wed 18:30-20:30 IST')).toEqual({ days: [3], startMinutes: 1110, endMinutes: 1230 });
  });

  it.each([
    'Thu-Mon 19:00-21:00 IST',
    'Mon,Mon 19:00-21:00 IST',
    'Mon-Thu 21:00-19:00 IST',
    'Mon-Thu 19:00-21:00',
    'Mon-Thu 24:00-25:00 IST',
    'weekday evenings',
    '',
  ])('refuses %j', (text) => {
    expect(parseSchedule(text)).toBeUndefined();
  });

  it('puts sessions on the schedule days from the start date, at the hours in India', () => {
    // 2026-12-05 is a Saturday.
    const sessions = sessionsOf({ startsOn: '2026-12-05', schedule: 'Sat-Sun 10:00-13:00 IST', sessions: 3 });
    expect(sessions.map((session) => [session.start.toISOString(), session.end.toISOString()])).toEqual([
      ['2026-12-05T04:30:00.000Z', '2026-12-05T07:30:00.000Z'],
      ['2026-12-06T04:30:00.000Z', '2026-12-06T07:30:00.000Z'],
      ['2026-12-12T04:30:00.000Z', '2026-12-12T07:30:00.000Z'],
    ]);
  });

  it('starts on the first schedule day on or after a start date that is not one', () => {
    // 2026-12-04 is a Friday; the first Monday-Thursday session is Monday the 7th.
    const [first] = sessionsOf({ startsOn: '2026-12-04', schedule: 'Mon-Thu 19:00-21:00 IST', sessions: 1 });
    expect(first?.start.toISOString()).toBe('2026-12-07T13:30:00.000Z');
  });

  it('keeps a batch open until its start day in India has passed', () => {
    const batch = { startsOn: '2026-12-07' };
    expect(isBatchOpen(batch, new Date('2026-12-07T18:29:00Z'))).toBe(true); // 23:59 IST on the 7th
    expect(isBatchOpen(batch, new Date('2026-12-07T18:30:00Z'))).toBe(false); // 00:00 IST on the 8th
  });
});

describe('what staff enter for a batch', () => {
  const valid = {
    courseId: 3,
    startsOn: '2026-12-07',
    schedule: 'Mon-Thu 19:00-21:00 IST',
    sessions: 16,
    trainer: 'Asha Kulkarni',
    seats: 25,
  };

  it('takes a well-formed batch, with or without a joining link', () => {
    expect(z.safeParse(BatchInputSchema, valid).success).toBe(true);
    expect(z.safeParse(BatchInputSchema, { ...valid, joinUrl: 'https://meet.example.com/abc' }).success).toBe(
      true,
    );
    expect(z.safeParse(BatchInputSchema, { ...valid, joinUrl: '' }).success).toBe(true);
    // 500 characters is the most; spaces around the link are trimmed away, not refused.
    const longest = `https://meet.example.com/${'a'.repeat(475)}`;
    expect(longest).toHaveLength(500);
    expect(z.safeParse(BatchInputSchema, { ...valid, joinUrl: longest }).success).toBe(true);
    expect(
      z.safeParse(BatchInputSchema, { ...valid, joinUrl: ' https://meet.example.com/x ' }).data?.joinUrl,
    ).toBe('https://meet.example.com/x');
  });

  it.each([
    ['startsOn', { startsOn: '2026-02-30' }, BATCH_HINTS.startsOn],
    ['schedule', { schedule: 'weekends' }, BATCH_HINTS.schedule],
    ['seats', { seats: 0 }, BATCH_HINTS.seats],
    ['sessions', { sessions: 201 }, BATCH_HINTS.sessions],
    ['trainer', { trainer: '  ' }, BATCH_HINTS.trainer],
    ['joinUrl', { joinUrl: 'javascript:alert(1)' }, BATCH_HINTS.joinUrl],
    ['joinUrl', { joinUrl: 'http://meet.example.com/abc' }, BATCH_HINTS.joinUrl],
    // DECISIONS 59: no spaces or control characters, at most 500 characters.
    [
      'joinUrl',
      { joinUrl: 'https://meet.example.com/a\r\nDTSTART:20261207T000000Z' },
      BATCH_HINTS.joinUrlSpaces,
    ],
    ['joinUrl', { joinUrl: 'https://meet.example.com/a\nb' }, BATCH_HINTS.joinUrlSpaces],
    ['joinUrl', { joinUrl: 'https://meet.example.com/a b' }, BATCH_HINTS.joinUrlSpaces],
    ['joinUrl', { joinUrl: 'https://meet.example.com/a\tb' }, BATCH_HINTS.joinUrlSpaces],
    ['joinUrl', { joinUrl: 'https://meet.example.com/a\u00a0b' }, BATCH_HINTS.joinUrlSpaces],
    ['joinUrl', { joinUrl: 'https://meet.example.com/a\u202eb' }, BATCH_HINTS.joinUrlSpaces],
    ['joinUrl', { joinUrl: 'https://meet.example.com/a\u0000b' }, BATCH_HINTS.joinUrlSpaces],
    ['joinUrl', { joinUrl: `https://meet.example.com/${'a'.repeat(476)}` }, BATCH_HINTS.joinUrlTooLong],
  ])('refuses a bad %s with a plain sentence', (_field, change, hint) => {
    const result = z.safeParse(BatchInputSchema, { ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(hint);
  });
});

describe('attendees', () => {
  it('takes distinct e-mails, lower-cased as typed, and refuses the same one twice', () => {
    const parsed = z.safeParse(AttendeesSchema, [{ name: 'Ravi', email: 'Ravi@Example.com' }]);
    expect(parsed.data).toEqual([{ name: 'Ravi', email: 'ravi@example.com' }]);
    const twice = z.safeParse(AttendeesSchema, [
      { name: 'Ravi', email: 'ravi@example.com' },
      { name: 'R', email: 'RAVI@example.com' },
    ]);
    expect(twice.error?.issues.map((issue) => issue.message)).toContain(BATCH_HINTS.duplicateAttendee);
  });
});
