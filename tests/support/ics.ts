import ICAL from 'ical.js';

/** One VEVENT as a calendar client reads it. */
interface ParsedEvent {
  readonly uid: string;
  readonly start: Date;
  readonly end: Date;
  /** The time zone of DTSTART and DTEND as the parser read them (`UTC` for `...Z` times). */
  readonly zones: readonly string[];
  readonly stamp: string;
  readonly summary: string;
  readonly description: string;
  readonly location: string | undefined;
  readonly url: string | undefined;
  /** SEQUENCE (0 when absent, as RFC 5545 reads it). */
  readonly sequence: number;
  /** STATUS, when given (`CANCELLED`). */
  readonly status: string | undefined;
  /** ORGANIZER's value (`mailto:…`), when given. */
  readonly organizer: string | undefined;
}

/** An `.ics` file read by ical.js (Mozilla's iCalendar parser, independent of the code that writes it). */
export interface ParsedCalendar {
  readonly prodId: string;
  readonly version: string;
  readonly method: string;
  readonly events: readonly ParsedEvent[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : String(value));

/** Parses `.ics` text; throws when it is not iCalendar. */
export function parseIcs(ics: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return {
    prodId: text(calendar.getFirstPropertyValue('prodid')),
    version: text(calendar.getFirstPropertyValue('version')),
    method: text(calendar.getFirstPropertyValue('method')),
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      const location = component.getFirstPropertyValue('location');
      const url = component.getFirstPropertyValue('url');
      const status = component.getFirstPropertyValue('status');
      const organizer = component.getFirstPropertyValue('organizer');
      return {
        uid: event.uid,
        start: event.startDate.toJSDate(),
        end: event.endDate.toJSDate(),
        zones: [event.startDate.zone?.tzid ?? '', event.endDate.zone?.tzid ?? ''],
        stamp: text(component.getFirstPropertyValue('dtstamp')),
        summary: event.summary,
        description: event.description,
        location: location === null ? undefined : text(location),
        url: url === null ? undefined : text(url),
        sequence: Number(component.getFirstPropertyValue('sequence') ?? 0),
        status: status === null ? undefined : text(status),
        organizer: organizer === null ? undefined : text(organizer),
      };
    }),
  };
}
