/**
 * The calendar file of a batch (DECISIONS 56): an RFC 5545 `.ics` with one event per session, so
 * Google Calendar, Outlook and Apple Calendar put every session in the student's calendar.
 * Written here rather than with a library: the file is a handful of properties (no recurrence,
 * no time zone definitions), and what a library would add, folding and escaping, is a few lines.
 * Times are UTC (`...Z`), which every client shows in the reader's own zone; the sessions'
 * instants come from `sessionsOf` (the schedule is in IST, named only in `~/lib/shared/dates`).
 */
import { sessionsOf } from '~/lib/shared/batch-schedule';
import type { MailAttachment } from '~/server/domain/mail';
import { site } from '~/site.config';

/** What the calendar of a batch is made from. */
export interface BatchCalendarInput {
  readonly batch: {
    readonly id: string;
    readonly startsOn: string;
    /** Days and hours in IST, e.g. `Mon-Thu 19:00-21:00 IST`. */
    readonly schedule: string;
    readonly sessions: number;
    readonly trainer: string;
    /** The joining link, once staff set it. */
    readonly joinUrl?: string | undefined;
    /** When staff last changed the batch (ISO 8601): the file's DTSTAMP, so one batch state makes one file. */
    readonly updatedAt: string;
  };
  readonly courseName: string;
  /** The site's origin (`https://example.com`): the events' UIDs and the My courses link. */
  readonly siteUrl: string;
}

/** RFC 5545 limits a content line to 75 octets, excluding the line break. */
const MAX_LINE_OCTETS = 75;
const CRLF = '\r\n';

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545, 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line into lines of at most 75 octets (RFC 5545, 3.1): each continuation starts
 * with a space, and a UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines begin with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** An instant as an iCalendar UTC date-time: `20261207T133000Z`. */
export function utcDateTime(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** The events' UID domain: the site's host, so UIDs are unique to this site. */
function hostOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).host || 'localhost';
  } catch {
    return 'localhost';
  }
}

/**
 * The `.ics` text of a batch's sessions: a VCALENDAR (PRODID, VERSION, CALSCALE, METHOD:PUBLISH)
 * with one VEVENT per session, whose UID (`<batch>-<n>@<host>`) stays the same when the batch
 * changes, so a client that imports the file again updates the sessions rather than adding copies.
 * CRLF line ends, lines folded at 75 octets.
 */
export function batchCalendar(input: BatchCalendarInput): string {
  const { batch, courseName, siteUrl } = input;
  const host = hostOf(siteUrl);
  const stamp = utcDateTime(new Date(batch.updatedAt));
  const sessions = sessionsOf(batch);
  const joining = batch.joinUrl
    ? `Joining link: ${batch.joinUrl}`
    : `The joining link will be in My courses (${siteUrl}/my-courses) and in your e-mail before the first session.`;
  const description = [`Schedule: ${batch.schedule}`, `Trainer: ${batch.trainer}`, joining].join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:-//${escapeText(site.name)}//Batches//EN`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(courseName)}`,
    ...sessions.flatMap((session, index) => [
      'BEGIN:VEVENT',
      `UID:${batch.id}-${index + 1}@${host}`,
      `DTSTAMP:${stamp}`,
      `LAST-MODIFIED:${stamp}`,
      `DTSTART:${utcDateTime(session.start)}`,
      `DTEND:${utcDateTime(session.end)}`,
      `SUMMARY:${escapeText(`${courseName} (session ${index + 1} of ${sessions.length})`)}`,
      `DESCRIPTION:${escapeText(description)}`,
      ...(batch.joinUrl ? [`LOCATION:${escapeText(batch.joinUrl)}`, `URL:${batch.joinUrl}`] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The file name of a batch's calendar: `devops-b-3-20261207-evening.ics` (letters, digits, hyphens). */
export function calendarFileName(courseName: string, batchId: string): string {
  const slug = courseName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${slug ? `${slug}-` : ''}${batchId}.ics`;
}

/** The media type of a calendar file (RFC 5545, 8.1), as served and attached. */
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

/** A batch's calendar as an e-mail attachment. */
export function calendarAttachment(input: BatchCalendarInput): MailAttachment {
  return {
    filename: calendarFileName(input.courseName, input.batch.id),
    contentType: CALENDAR_CONTENT_TYPE,
    contentBase64: Buffer.from(batchCalendar(input), 'utf8').toString('base64'),
  };
}
