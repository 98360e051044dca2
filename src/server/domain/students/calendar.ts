/**
 * The calendar file of a batch (DECISIONS 56): an RFC 5545 `.ics` with one event per session, so
 * Google Calendar, Outlook and Apple Calendar put every session in the student's calendar.
 * Written by a calendar library, ical.js (Mozilla's, which also reads it back in the tests), which
 * escapes TEXT values and folds lines as RFC 5545 asks (DECISIONS 59): nothing staff or buyers
 * typed can add a line, an event or a property. What the library leaves to its caller is done
 * here: line breaks are given to it as `\n` only (it escapes LF, not a lone CR), a URI value (the
 * joining link, which it writes as it is) goes in only when it passes the joining-link rule, and
 * lines are folded at 75 octets counting a continuation's leading space.
 * Times are UTC (`...Z`), which every client shows in the reader's own zone; the sessions'
 * instants come from `sessionsOf` (the schedule is in IST, named only in `~/lib/shared/dates`).
 *
 * A person who no longer attends (taken off the attendees, or the course refunded: issue 42,
 * item 6) gets a cancellation (RFC 5546, 3.2.5): METHOD:CANCEL, the same UIDs, STATUS:CANCELLED
 * and a higher SEQUENCE. Every file names the company as ORGANIZER (RFC 5546 asks it of PUBLISH
 * and CANCEL alike; a client matches a cancellation to its event by UID and organizer), and its
 * SEQUENCE counts the seconds from 2026-01-01 UTC to when it was written (`calendarSequence`), so
 * a later file of the same sessions (a change, a cancellation, an invitation after a
 * cancellation) always outranks an earlier one without a counter kept anywhere.
 */
import ICAL from 'ical.js';
import { sessionsOf } from '~/lib/shared/batch-schedule';
import { JoinUrlSchema } from '~/lib/shared/schemas/batch';
import * as z from '~/lib/shared/zod';
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
  /**
   * When the file is written (its SEQUENCE): a mail's when it is queued, a download's when it is
   * asked for. Absent: when staff last changed the batch.
   */
  readonly writtenAt?: Date | undefined;
  /** The SEQUENCE to write instead, when the caller keeps one (a change of an enrolment's attendees). */
  readonly sequence?: number | undefined;
}

/** Seconds are counted from here for SEQUENCE (`calendarSequence`). */
const SEQUENCE_EPOCH_MS = Date.UTC(2026, 0, 1);

/**
 * The SEQUENCE of a calendar file written at `at`: whole seconds since 2026-01-01 UTC (0 before).
 * RFC 5545 (3.8.7.4) asks only that a revision's be higher than the one before; a count of
 * seconds is, for every file written later, and stays within a 32-bit integer until 2094.
 */
export function calendarSequence(at: Date): number {
  return Math.max(0, Math.floor((at.getTime() - SEQUENCE_EPOCH_MS) / 1000));
}

/**
 * ical.js folds a line after 75 octets and then adds the continuation's leading space, which
 * RFC 5545 (3.1) counts: at 74, every line, continuations included, is at most 75 octets.
 */
const FOLD_OCTETS = 74;

/** A TEXT value as ical.js takes it: every line break (CRLF, CR, LF, U+2028/9) as `\n`. */
const plainText = (value: string) => value.replace(/\r\n|[\r\n\u2028\u2029]/g, '\n');

/** The joining link when it passes the rule (DECISIONS 59), else none: one stored before the rule is left out. */
function usableJoinUrl(joinUrl: string | undefined): string | undefined {
  if (!joinUrl) return undefined;
  const parsed = z.safeParse(JoinUrlSchema, joinUrl);
  return parsed.success && parsed.data === joinUrl ? joinUrl : undefined;
}

/** The events' UID domain: the site's host, so UIDs are unique to this site. */
function hostOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).host || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** An instant as an iCalendar UTC date-time value. */
const utc = (at: Date) => ICAL.Time.fromJSDate(at, true);

/** A session's UID: `<batch>-<n>@<host>`, the same in every file of the batch. */
const uidOf = (batchId: string, index: number, host: string) => `${batchId}-${index + 1}@${host}`;

/** The company as the events' ORGANIZER: its name and mail address. */
function organizer(): ICAL.Property {
  const property = new ICAL.Property('organizer');
  property.setParameter('cn', plainText(site.name));
  property.setValue(`mailto:${site.email}`);
  return property;
}

/** A VCALENDAR with its PRODID, VERSION, CALSCALE, METHOD and name (the course's). */
function calendarOf(method: 'PUBLISH' | 'CANCEL', courseName: string): ICAL.Component {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', `-//${plainText(site.name)}//Batches//EN`);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', method);
  // An X- property is written unescaped unless typed: as TEXT, it is escaped like SUMMARY.
  const calendarName = new ICAL.Property('x-wr-calname');
  calendarName.resetType('text');
  calendarName.setValue(plainText(courseName));
  calendar.addProperty(calendarName);
  return calendar;
}

/** The calendar as text: CRLF line ends, lines folded at 75 octets, a CRLF at the end. */
function written(calendar: ICAL.Component): string {
  // The fold length is a setting of the library's module: set for this (synchronous) call only.
  const foldLength = ICAL.foldLength;
  ICAL.foldLength = FOLD_OCTETS;
  try {
    return `${calendar.toString()}\r\n`;
  } finally {
    ICAL.foldLength = foldLength;
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
  const stamp = utc(new Date(batch.updatedAt));
  const sequence = input.sequence ?? calendarSequence(input.writtenAt ?? new Date(batch.updatedAt));
  const sessions = sessionsOf(batch);
  const joinUrl = usableJoinUrl(batch.joinUrl);
  const joining = joinUrl
    ? `Joining link: ${joinUrl}`
    : `The joining link will be in My courses (${siteUrl}/my-courses) and in your e-mail before the first session.`;
  const description = [`Schedule: ${batch.schedule}`, `Trainer: ${batch.trainer}`, joining].join('\n');

  const calendar = calendarOf('PUBLISH', courseName);
  sessions.forEach((session, index) => {
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', uidOf(batch.id, index, host));
    event.addPropertyWithValue('dtstamp', stamp);
    event.addPropertyWithValue('sequence', sequence);
    event.addProperty(organizer());
    event.addPropertyWithValue('last-modified', stamp);
    event.addPropertyWithValue('dtstart', utc(session.start));
    event.addPropertyWithValue('dtend', utc(session.end));
    event.addPropertyWithValue(
      'summary',
      plainText(`${courseName} (session ${index + 1} of ${sessions.length})`),
    );
    event.addPropertyWithValue('description', plainText(description));
    if (joinUrl) {
      event.addPropertyWithValue('location', joinUrl);
      event.addPropertyWithValue('url', joinUrl);
    }
    calendar.addSubcomponent(event);
  });
  return written(calendar);
}

/**
 * The cancellation of a batch's sessions for one person (RFC 5546, 3.2.5): METHOD:CANCEL and a
 * VEVENT per session with the invitation's UID, STATUS:CANCELLED and a SEQUENCE above that of
 * any file written until `cancelledAt` (`calendarSequence` + 1, so even one written in the same
 * second), or `sequence` when the caller keeps one. A calendar that holds the sessions removes
 * them (or marks them cancelled).
 */
export function batchCancellation(
  input: Omit<BatchCalendarInput, 'writtenAt'> & { readonly cancelledAt: Date },
): string {
  const { batch, courseName, siteUrl, cancelledAt } = input;
  const host = hostOf(siteUrl);
  const stamp = utc(cancelledAt);
  const sequence = input.sequence ?? calendarSequence(cancelledAt) + 1;
  const sessions = sessionsOf(batch);
  const calendar = calendarOf('CANCEL', courseName);
  sessions.forEach((session, index) => {
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', uidOf(batch.id, index, host));
    event.addPropertyWithValue('dtstamp', stamp);
    event.addPropertyWithValue('sequence', sequence);
    event.addProperty(organizer());
    event.addPropertyWithValue('status', 'CANCELLED');
    event.addPropertyWithValue('dtstart', utc(session.start));
    event.addPropertyWithValue('dtend', utc(session.end));
    event.addPropertyWithValue(
      'summary',
      plainText(`Cancelled: ${courseName} (session ${index + 1} of ${sessions.length})`),
    );
    calendar.addSubcomponent(event);
  });
  return written(calendar);
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
const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

/** The media type of a cancellation (its `method` parameter is the file's METHOD, RFC 5545 8.1). */
const CANCELLATION_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=CANCEL';

/** A batch's calendar as an e-mail attachment. */
export function calendarAttachment(input: BatchCalendarInput): MailAttachment {
  return {
    filename: calendarFileName(input.courseName, input.batch.id),
    contentType: CALENDAR_CONTENT_TYPE,
    contentBase64: Buffer.from(batchCalendar(input), 'utf8').toString('base64'),
  };
}

/** The cancellation of a batch's sessions as an e-mail attachment (`cancelled-….ics`). */
export function cancellationAttachment(input: Parameters<typeof batchCancellation>[0]): MailAttachment {
  return {
    filename: `cancelled-${calendarFileName(input.courseName, input.batch.id)}`,
    contentType: CANCELLATION_CONTENT_TYPE,
    contentBase64: Buffer.from(batchCancellation(input), 'utf8').toString('base64'),
  };
}
