/**
 * Session times in IST and in the visitor's zone (issue 42, item 6): the IST text, written by
 * hand, equals Intl's for every minute of the day; the visitor's text follows their zone's clock,
 * days and daylight saving, and is absent where the clock reads as India's.
 */
import { describe, expect, it } from 'vitest';
import {
  clockTime,
  scheduleInIst,
  scheduleInZone,
  scheduleShort,
  sessionTimesText,
} from '~/lib/shared/session-times';

const evening = { startsOn: '2026-12-07', schedule: 'Mon-Thu 19:00-21:00 IST', sessions: 16 };

describe('the times in IST', () => {
  it('reads every minute of the day as Intl does in Indian English', () => {
    const intl = new Intl.DateTimeFormat('en-IN', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    });
    for (let minutes = 0; minutes < 24 * 60; minutes += 1) {
      const expected = intl.format(new Date(Date.UTC(2026, 0, 1, 0, minutes))).replace(/\s/g, ' ');
      expect(clockTime(minutes), String(minutes)).toBe(expected);
    }
  });

  it('writes a schedule with its days and a 12-hour clock; one that does not parse as written', () => {
    expect(scheduleInIst('Mon-Thu 19:00-21:00 IST')).toBe('Mon-Thu, 7:00 pm to 9:00 pm IST');
    expect(scheduleInIst('Sat,Sun 10:00-13:00 IST')).toBe('Sat,Sun, 10:00 am to 1:00 pm IST');
    expect(scheduleInIst('Wed 00:00-12:30 IST')).toBe('Wed, 12:00 am to 12:30 pm IST');
    expect(scheduleInIst('Evenings, ask us')).toBe('Evenings, ask us');
  });

  it("writes a select's short form: no ':00', one 'am' or 'pm' for both ends in the same half, no IST", () => {
    expect(scheduleShort('Mon-Thu 19:00-21:00 IST')).toBe('Mon-Thu 7-9 pm');
    expect(scheduleShort('Sat-Sun 10:00-13:00 IST')).toBe('Sat-Sun 10 am-1 pm');
    expect(scheduleShort('Wed 10:30-12:00 IST')).toBe('Wed 10:30 am-12 pm');
    expect(scheduleShort('Fri 18:30-20:45 IST')).toBe('Fri 6:30-8:45 pm');
    expect(scheduleShort('Evenings, ask us')).toBe('Evenings, ask us');
  });
});

describe('the times in the visitor’s zone', () => {
  it('says nothing more where the clock reads as India’s (Kolkata, Colombo)', () => {
    expect(scheduleInZone(evening, 'Asia/Kolkata')).toBeUndefined();
    expect(scheduleInZone(evening, 'Asia/Colombo')).toBeUndefined();
    expect(sessionTimesText(evening, 'Asia/Kolkata')).toBe('Mon-Thu, 7:00 pm to 9:00 pm IST');
    expect(sessionTimesText(evening)).toBe('Mon-Thu, 7:00 pm to 9:00 pm IST');
  });

  it('gives the same days’ times in New York, Tokyo and London', () => {
    expect(sessionTimesText(evening, 'America/New_York')).toBe(
      'Mon-Thu, 7:00 pm to 9:00 pm IST (8:30 am to 10:30 am EST)',
    );
    expect(scheduleInZone(evening, 'Asia/Tokyo')).toBe('10:30 pm to 12:30 am GMT+9');
    expect(scheduleInZone(evening, 'Europe/London')).toBe('1:30 pm to 3:30 pm GMT');
  });

  it('names the days when the sessions fall on other days there', () => {
    const morning = { startsOn: '2026-12-05', schedule: 'Sat,Sun 09:00-12:00 IST', sessions: 4 };
    // 09:00 on Saturday in India is 19:30 on Friday in Los Angeles.
    expect(scheduleInZone(morning, 'America/Los_Angeles')).toBe('Fri,Sat, 7:30 pm to 10:30 pm PST');
    const late = { startsOn: '2026-12-07', schedule: 'Mon-Thu 22:00-23:30 IST', sessions: 4 };
    expect(scheduleInZone(late, 'Australia/Sydney')).toBe('Tue-Fri, 3:30 am to 5:00 am GMT+11');
  });

  it('gives the times after the zone’s clock changes, and from which day', () => {
    // New York moves to daylight saving on Sunday 8 March 2026.
    const spring = { startsOn: '2026-03-02', schedule: 'Mon-Thu 19:00-21:00 IST', sessions: 8 };
    expect(scheduleInZone(spring, 'America/New_York')).toBe(
      '8:30 am to 10:30 am EST; from 9 Mar: 9:30 am to 11:30 am EDT',
    );
  });

  it('says nothing for a schedule that does not parse', () => {
    expect(scheduleInZone({ ...evening, schedule: 'Evenings' }, 'America/New_York')).toBeUndefined();
  });
});
