import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import {
  batchCalendar,
  batchCancellation,
  calendarFileName,
  calendarSequence,
  cancellationAttachment,
  type BatchCalendarInput,
} from '~/server/domain/students/calendar';
import { parseIcs } from '../../../../support/ics';

const evening: BatchCalendarInput = {
  batch: {
    id: 'b-3-20261207-evening',
    startsOn: '2026-12-07',
    schedule: 'Mon-Thu 19:00-21:00 IST',
    sessions: 16,
    trainer: 'Asha Kulkarni',
    updatedAt: '2026-11-25T10:00:00.000Z',
  },
  courseName: 'DevOps with AWS',
  siteUrl: 'https://www.example.com',
};

const octets = (line: string) => new TextEncoder().encode(line).length;

describe('the calendar of a batch', () => {
  it('has one UTC event per session at the schedule’s hours in India', () => {
    const calendar = parseIcs(batchCalendar(evening));
    expect(calendar.version).toBe('2.0');
    expect(calendar.method).toBe('PUBLISH');
    expect(calendar.prodId).toContain('Sahyadri Infotech');
    expect(calendar.events).toHaveLength(16);
    // Monday 7 December 2026, 19:00-21:00 IST = 13:30-15:30 UTC; four a week, Monday to Thursday.
    expect(calendar.events[0]!.start.toISOString()).toBe('2026-12-07T13:30:00.000Z');
    expect(calendar.events[0]!.end.toISOString()).toBe('2026-12-07T15:30:00.000Z');
    expect(calendar.events[3]!.start.toISOString()).toBe('2026-12-10T13:30:00.000Z');
    expect(calendar.events[4]!.start.toISOString()).toBe('2026-12-14T13:30:00.000Z');
    expect(calendar.events[15]!.end.toISOString()).toBe('2026-12-31T15:30:00.000Z');
    for (const event of calendar.events) expect(event.zones).toEqual(['UTC', 'UTC']);
    expect(new Set(calendar.events.map((event) => event.uid)).size).toBe(16);
    expect(calendar.events[0]!.uid).toBe('b-3-20261207-evening-1@www.example.com');
    expect(calendar.events[0]!.stamp).toContain('2026-11-25T10:00:00');
    expect(calendar.events[0]!.summary).toBe('DevOps with AWS (session 1 of 16)');
    expect(calendar.events[0]!.description).toContain('Schedule: Mon-Thu 19:00-21:00 IST');
    expect(calendar.events[0]!.description).toContain('Trainer: Asha Kulkarni');
  });

  it('crosses midnight in UTC for a morning session in India', () => {
    const weekend = batchCalendar({
      ...evening,
      batch: {
        ...evening.batch,
        id: 'b-3-weekend',
        startsOn: '2026-12-05',
        schedule: 'Sat,Sun 04:00-06:00 IST',
        sessions: 2,
      },
    });
    const events = parseIcs(weekend).events;
    expect(events.map((event) => event.start.toISOString())).toEqual([
      '2026-12-04T22:30:00.000Z',
      '2026-12-05T22:30:00.000Z',
    ]);
  });

  it('gives the joining link as location and URL once set, and says where it will be until then', () => {
    const without = parseIcs(batchCalendar(evening)).events[0]!;
    expect(without.location).toBeUndefined();
    expect(without.url).toBeUndefined();
    expect(without.description).toContain('https://www.example.com/my-courses');

    const link = 'https://meet.example.com/abc-defg-hij?pwd=x,y;z';
    const withLink = batchCalendar({ ...evening, batch: { ...evening.batch, joinUrl: link } });
    const event = parseIcs(withLink).events[0]!;
    expect(event.location).toBe(link);
    expect(event.url).toBe(link);
    expect(event.description).toContain(`Joining link: ${link}`);
    // The same batch with its link set keeps its events' UIDs (clients update, not duplicate).
    expect(parseIcs(withLink).events.map((e) => e.uid)).toEqual(
      parseIcs(batchCalendar(evening)).events.map((e) => e.uid),
    );
  });

  it('escapes text, ends lines with CRLF and folds them at 75 octets without splitting a character', () => {
    const courseName = 'Data Science, ML; and AI \\ “Advanced” — नमस्ते '.repeat(3).trim();
    const trainer = 'Dr. Śrīnivāsa Rāmānujan-Kulkarni, PhD';
    const ics = batchCalendar({ ...evening, courseName, batch: { ...evening.batch, trainer, sessions: 1 } });
    expect(ics.endsWith('\r\n')).toBe(true);
    const lines = ics.slice(0, -2).split('\r\n');
    for (const line of lines) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(octets(line)).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    const event = parseIcs(ics).events[0]!;
    expect(event.summary).toBe(`${courseName} (session 1 of 1)`);
    expect(event.description).toContain(`Trainer: ${trainer}`);
    expect(event.description.split('\n')).toHaveLength(3);
  });

  it('folds a line of multi-byte characters into lines of at most 75 octets that join back to it', () => {
    const courseName = 'é'.repeat(100);
    const ics = batchCalendar({ ...evening, courseName, batch: { ...evening.batch, sessions: 1 } });
    const lines = ics.slice(0, -2).split('\r\n');
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    const start = lines.findIndex((line) => line.startsWith('X-WR-CALNAME'));
    expect(lines[start + 1]!.startsWith(' ')).toBe(true);
    expect(parseIcs(ics).events[0]!.summary).toBe(`${courseName} (session 1 of 1)`);
    // The library's own fold setting is left as it was.
    expect(ICAL.foldLength).toBe(75);
  });

  it('adds no line, event or property for a joining link or text that tries to (CRLF injection, DECISIONS 59)', () => {
    const injection =
      '\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:evil\r\nDTSTART:20261201T000000Z\r\nSUMMARY:Claim Rs 5000';
    // A link stored before the rule (the schema refuses it now), a trainer and course name with breaks.
    const ics = batchCalendar({
      ...evening,
      courseName: `DevOps${injection}`,
      batch: {
        ...evening.batch,
        sessions: 2,
        trainer: `Asha\rKulkarni${injection}`,
        joinUrl: `https://meet.example.com/x${injection}`,
      },
    });
    const lines = ics.slice(0, -2).split('\r\n');
    for (const line of lines) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(line).not.toMatch(/^(UID:evil|DTSTART:20261201|SUMMARY:Claim)/);
    }
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(2);
    const root = new ICAL.Component(ICAL.parse(ics));
    expect(root.getAllProperties().map((property) => property.name)).toEqual([
      'prodid',
      'version',
      'calscale',
      'method',
      'x-wr-calname',
    ]);
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe(`DevOps${injection.replaceAll('\r\n', '\n')}`);
    const events = root.getAllSubcomponents();
    expect(events.map((event) => event.name)).toEqual(['vevent', 'vevent']);
    for (const [index, event] of events.entries()) {
      expect(event.getAllSubcomponents()).toEqual([]);
      // The link that tried to add lines is left out: no LOCATION, no URL.
      expect(event.getAllProperties().map((property) => property.name)).toEqual([
        'uid',
        'dtstamp',
        'sequence',
        'organizer',
        'last-modified',
        'dtstart',
        'dtend',
        'summary',
        'description',
      ]);
      expect(event.getFirstPropertyValue('uid')).toBe(`b-3-20261207-evening-${index + 1}@www.example.com`);
    }
    const parsed = parseIcs(ics).events;
    expect(parsed.map((event) => event.start.toISOString())).toEqual([
      '2026-12-07T13:30:00.000Z',
      '2026-12-08T13:30:00.000Z',
    ]);
    expect(parsed[0]!.description).toBe(
      [
        'Schedule: Mon-Thu 19:00-21:00 IST',
        `Trainer: Asha\nKulkarni${injection.replaceAll('\r\n', '\n')}`,
        'The joining link will be in My courses (https://www.example.com/my-courses) and in your e-mail before the first session.',
      ].join('\n'),
    );
  });

  it('names the file after the course and batch', () => {
    expect(calendarFileName('DevOps with AWS', 'b-3-20261207-evening')).toBe(
      'devops-with-aws-b-3-20261207-evening.ics',
    );
    expect(calendarFileName('“…”', 'b-1')).toBe('b-1.ics');
  });

  it('names the company as organizer and numbers the file by when it was written (SEQUENCE)', () => {
    const written = parseIcs(batchCalendar({ ...evening, writtenAt: new Date('2026-12-01T00:00:10Z') }));
    for (const event of written.events) {
      expect(event.organizer).toBe('mailto:hello@example.com');
      expect(event.sequence).toBe(calendarSequence(new Date('2026-12-01T00:00:10Z')));
    }
    // Without a time of writing: the batch's last change.
    expect(parseIcs(batchCalendar(evening)).events[0]!.sequence).toBe(
      calendarSequence(new Date(evening.batch.updatedAt)),
    );
    expect(calendarSequence(new Date('2026-01-01T00:00:00Z'))).toBe(0);
    expect(calendarSequence(new Date('2026-01-01T00:01:00.900Z'))).toBe(60);
    expect(calendarSequence(new Date('2025-06-01T00:00:00Z'))).toBe(0);
    // A later file of the same sessions outranks an earlier one.
    expect(calendarSequence(new Date('2026-12-01T00:00:11Z'))).toBeGreaterThan(
      calendarSequence(new Date('2026-12-01T00:00:10Z')),
    );
  });
});

describe('the cancellation of a batch’s sessions (RFC 5546, issue 42 item 6)', () => {
  const invitedAt = new Date('2026-11-30T09:15:00.000Z');

  it('cancels every session of the invitation: METHOD:CANCEL, the same UIDs, STATUS:CANCELLED, a higher SEQUENCE', () => {
    const invitation = parseIcs(batchCalendar({ ...evening, writtenAt: invitedAt }));
    const cancellation = parseIcs(batchCancellation({ ...evening, cancelledAt: invitedAt }));
    expect(cancellation.method).toBe('CANCEL');
    expect(cancellation.version).toBe('2.0');
    expect(cancellation.events.map((event) => event.uid)).toEqual(
      invitation.events.map((event) => event.uid),
    );
    for (const [index, event] of cancellation.events.entries()) {
      expect(event.status).toBe('CANCELLED');
      // Written in the same second as the invitation, it still outranks it.
      expect(event.sequence).toBeGreaterThan(invitation.events[index]!.sequence);
      expect(event.organizer).toBe(invitation.events[index]!.organizer);
      expect(event.start).toEqual(invitation.events[index]!.start);
      expect(event.summary).toBe(`Cancelled: DevOps with AWS (session ${index + 1} of 16)`);
    }
    expect(cancellation.events[0]!.stamp).toContain('2026-11-30T09:15:00');
  });

  it('outranks an invitation sent after a change of the batch, and is outranked by one sent after it', () => {
    const changed = parseIcs(batchCalendar({ ...evening, writtenAt: new Date('2026-12-02T08:00:00Z') }))
      .events[0]!;
    const cancelled = parseIcs(
      batchCancellation({ ...evening, cancelledAt: new Date('2026-12-03T08:00:00Z') }),
    ).events[0]!;
    const invitedAgain = parseIcs(batchCalendar({ ...evening, writtenAt: new Date('2026-12-03T08:00:02Z') }))
      .events[0]!;
    expect(cancelled.sequence).toBeGreaterThan(changed.sequence);
    expect(invitedAgain.sequence).toBeGreaterThan(cancelled.sequence);
  });

  it('is attached as a calendar file whose method is CANCEL, and carries no joining link', () => {
    const link = 'https://meet.example.com/abc';
    const file = cancellationAttachment({
      ...evening,
      batch: { ...evening.batch, joinUrl: link },
      cancelledAt: invitedAt,
    });
    expect(file.filename).toBe('cancelled-devops-with-aws-b-3-20261207-evening.ics');
    expect(file.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    const text = Buffer.from(file.contentBase64, 'base64').toString('utf8');
    expect(text).not.toContain(link);
    const lines = text.slice(0, -2).split('\r\n');
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(parseIcs(text).events).toHaveLength(16);
  });
});
