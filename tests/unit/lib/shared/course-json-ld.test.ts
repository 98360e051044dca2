/**
 * The course's structured data with its batches (issue 42, item 9): an offer per currency and a
 * `CourseInstance` per open batch, checked against what Google's course info rich result requires
 * (Course: name, description, provider, offers with a category, hasCourseInstance; an instance:
 * courseMode and a courseSchedule, with duration and repeatFrequency, or a courseWorkload).
 */
import { describe, expect, it } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import {
  AVAILABILITY,
  availabilityOf,
  batchCourseInstance,
  isoMinutes,
  withOpenBatches,
  type JsonLdNode,
} from '~/lib/shared/course-json-ld';
import { courseJsonLd, serializeJsonLd } from '~/lib/shared/json-ld';
import type { Batch } from '~/lib/shared/schemas/batch-public';

const origin = new URL('https://example.in');
const course = courses[0]!;
const url = `https://example.in/courses/${course.slug}`;

/** The two batches a test site seeds (a weekday evening and a weekend morning one). */
const evening: Batch = {
  id: 'b-1-20261207-evening',
  courseId: course.id,
  startsOn: '2026-12-07',
  schedule: 'Mon-Thu 19:00-21:00 IST',
  sessions: 16,
  trainer: 'Asha Kulkarni',
  seats: 25,
  seatsLeft: 23,
};
const weekend: Batch = {
  ...evening,
  id: 'b-1-20261212-weekend',
  startsOn: '2026-12-12',
  schedule: 'Sat-Sun 10:00-13:00 IST',
  sessions: 8,
  seatsLeft: 0,
};

/** What Google's course info documentation marks required, as a list of what is missing. */
function missingForGoogle(node: JsonLdNode): string[] {
  const missing: string[] = [];
  const text = (value: unknown) => typeof value === 'string' && value.length > 0;
  if (node['@type'] !== 'Course') missing.push('@type Course');
  if (!text(node['name'])) missing.push('name');
  if (!text(node['description'])) missing.push('description');
  const provider = node['provider'] as JsonLdNode | undefined;
  if (provider?.['@type'] !== 'Organization' || !text(provider['name'])) missing.push('provider.name');
  const offers = node['offers'] as JsonLdNode[] | undefined;
  if (!offers?.length) missing.push('offers');
  for (const offer of offers ?? []) {
    if (!['Free', 'Partially Free', 'Subscription', 'Paid'].includes(String(offer['category'])))
      missing.push('offers.category');
  }
  const instances = node['hasCourseInstance'] as JsonLdNode[] | undefined;
  if (!instances?.length) missing.push('hasCourseInstance');
  for (const instance of instances ?? []) {
    if (instance['@type'] !== 'CourseInstance') missing.push('hasCourseInstance.@type');
    if (!text(instance['courseMode'])) missing.push('hasCourseInstance.courseMode');
    const schedule = instance['courseSchedule'] as JsonLdNode | undefined;
    const scheduled =
      schedule !== undefined &&
      /^P/.test(String(schedule['duration'])) &&
      ['Daily', 'Weekly', 'Monthly', 'Yearly'].includes(String(schedule['repeatFrequency']));
    if (!scheduled && !/^P/.test(String(instance['courseWorkload'])))
      missing.push('hasCourseInstance.courseSchedule or courseWorkload');
  }
  return missing;
}

describe('isoMinutes', () => {
  it.each([
    [480, 'PT8H'],
    [450, 'PT7H30M'],
    [45, 'PT45M'],
    [0, 'PT0M'],
  ])('%i minutes are %s', (minutes, iso) => {
    expect(isoMinutes(minutes)).toBe(iso);
  });
});

describe('a batch as a CourseInstance', () => {
  it('starts at the first session and ends with the last, in India, online, with the trainer and seats', () => {
    expect(batchCourseInstance(evening, url)).toEqual({
      '@type': 'CourseInstance',
      '@id': `${url}#batch-b-1-20261207-evening`,
      courseMode: 'Online',
      location: { '@type': 'VirtualLocation', url },
      instructor: { '@type': 'Person', name: 'Asha Kulkarni' },
      maximumAttendeeCapacity: 25,
      remainingAttendeeCapacity: 23,
      // 16 sessions Mon-Thu from Monday 7 December: the last is Thursday 31 December.
      startDate: '2026-12-07T19:00:00+05:30',
      endDate: '2026-12-31T21:00:00+05:30',
      courseWorkload: 'PT32H',
      courseSchedule: {
        '@type': 'Schedule',
        // Google's reading: 8 hours a week (four 2-hour sessions) for 4 weeks.
        repeatFrequency: 'Weekly',
        repeatCount: 4,
        duration: 'PT8H',
        byDay: [
          'https://schema.org/Monday',
          'https://schema.org/Tuesday',
          'https://schema.org/Wednesday',
          'https://schema.org/Thursday',
        ],
        startTime: '19:00:00+05:30',
        endTime: '21:00:00+05:30',
        scheduleTimezone: 'Asia/Kolkata',
        startDate: '2026-12-07',
        endDate: '2026-12-31',
      },
    });
  });

  it('runs a weekend batch across the new year: 6 hours a week for 4 weeks, to Sunday 3 January', () => {
    const instance = batchCourseInstance(weekend, url);
    expect(instance).toMatchObject({
      startDate: '2026-12-12T10:00:00+05:30',
      endDate: '2027-01-03T13:00:00+05:30',
      courseWorkload: 'PT24H',
      remainingAttendeeCapacity: 0,
      courseSchedule: {
        repeatFrequency: 'Weekly',
        repeatCount: 4,
        duration: 'PT6H',
        byDay: ['https://schema.org/Sunday', 'https://schema.org/Saturday'],
        startDate: '2026-12-12',
        endDate: '2027-01-03',
      },
    });
  });

  it('keeps the start day alone for a schedule that does not parse', () => {
    const instance = batchCourseInstance({ ...evening, schedule: 'weekday evenings' }, url);
    expect(instance['startDate']).toBe('2026-12-07');
    expect(instance).not.toHaveProperty('courseSchedule');
  });
});

describe('a course with its open batches', () => {
  it('has one CourseInstance per open batch, soonest first', () => {
    const node = courseJsonLd(course, origin, [weekend, evening]);
    const instances = node['hasCourseInstance'] as JsonLdNode[];
    expect(instances.map((instance) => instance['@id'])).toEqual([
      `${url}#batch-b-1-20261207-evening`,
      `${url}#batch-b-1-20261212-weekend`,
    ]);
  });

  it('is in stock while a batch has a seat, sold out when all are full, out of stock with none open', () => {
    expect(availabilityOf(undefined)).toBe(AVAILABILITY.inStock);
    expect(availabilityOf([evening, weekend])).toBe(AVAILABILITY.inStock);
    expect(availabilityOf([weekend])).toBe(AVAILABILITY.soldOut);
    expect(availabilityOf([])).toBe(AVAILABILITY.outOfStock);
    const offers = courseJsonLd(course, origin, [weekend])['offers'] as JsonLdNode[];
    expect(offers.map((offer) => [offer['priceCurrency'], offer['availability']])).toEqual([
      ['USD', AVAILABILITY.soldOut],
      ['INR', AVAILABILITY.soldOut],
    ]);
  });

  it("the page's rewrite of the built block is what the generator writes for the same batches", () => {
    for (const batches of [[evening, weekend], [weekend], []]) {
      const built = JSON.parse(serializeJsonLd(courseJsonLd(course, origin))) as JsonLdNode;
      expect(withOpenBatches(built, batches)).toEqual(courseJsonLd(course, origin, batches));
    }
  });

  it("meets Google's course info requirements for every course, with and without batches", () => {
    for (const each of courses) {
      for (const batches of [
        undefined,
        [],
        [
          { ...evening, courseId: each.id },
          { ...weekend, courseId: each.id },
        ],
      ])
        expect(missingForGoogle(courseJsonLd(each, origin, batches)), each.slug).toEqual([]);
    }
  });
});
