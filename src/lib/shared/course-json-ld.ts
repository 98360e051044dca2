/**
 * The parts of a course's schema.org `Course` that follow from its prices and open batches (issue
 * 42, item 9): an `Offer` per currency (DECISIONS 46) and a `CourseInstance` per open batch
 * (DECISIONS 54), as Google's course info rich result reads them (an offer's `category`, an
 * instance's `courseMode` and its `courseSchedule` or `courseWorkload`). The build knows no batch
 * (they live in the store and change without a deploy), so the page it writes describes the course
 * as run online for its teaching hours; the course page's batch picker, which asks for the open
 * batches anyway, rewrites the block with them (`withOpenBatches`). No DOM here, and nothing of
 * the company's facts: the browser loads this module with the picker.
 */
import { parseSchedule, sessionsOf } from '~/lib/shared/batch-schedule';
import { INDIA_TIME_ZONE, indianDay, isoInIndia, istTimeOfDay } from '~/lib/shared/dates';
import { majorFromMinor, type Cents } from '~/lib/shared/money';
import type { Batch } from '~/lib/shared/schemas/batch-public';

/** A JSON-LD node. */
export type JsonLdNode = Record<string, unknown>;

/** schema.org's `ItemAvailability` values a course takes. */
export const AVAILABILITY = {
  /** A batch has a seat left, or the batches are not known (the page as built). */
  inStock: 'https://schema.org/InStock',
  /** Every open batch is full. */
  soldOut: 'https://schema.org/SoldOut',
  /** No open batch (DECISIONS 60: 'New batches are announced soon.'). */
  outOfStock: 'https://schema.org/OutOfStock',
} as const;

const WEEKDAY_URLS = [
  'https://schema.org/Sunday',
  'https://schema.org/Monday',
  'https://schema.org/Tuesday',
  'https://schema.org/Wednesday',
  'https://schema.org/Thursday',
  'https://schema.org/Friday',
  'https://schema.org/Saturday',
] as const;

/** Minutes as an ISO 8601 duration: `480` -> `PT8H`, `450` -> `PT7H30M`, `45` -> `PT45M`. */
export function isoMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

/** Whole days from `from` to `to` (`YYYY-MM-DD`, calendar arithmetic). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** How a course sells given its open batches (undefined: not known, as at build). */
export function availabilityOf(batches: readonly Batch[] | undefined): string {
  if (batches === undefined) return AVAILABILITY.inStock;
  if (batches.length === 0) return AVAILABILITY.outOfStock;
  return batches.some((batch) => batch.seatsLeft > 0) ? AVAILABILITY.inStock : AVAILABILITY.soldOut;
}

/** The prices a course is offered at: the price charged in each currency, in minor units. */
export interface CoursePrices {
  /** Price charged abroad, in US cents. */
  readonly usdCents: Cents;
  /** Price charged in India, in paise (GST included). */
  readonly inrPaise: Cents;
}

/**
 * The course's two offers (DECISIONS 46): rupees to a buyer in India, dollars to anyone else (the
 * billing country decides at checkout), each a paid course at the page's address.
 */
export function courseOffers(prices: CoursePrices, courseUrl: string, availability: string): JsonLdNode[] {
  const offer = (price: Cents, priceCurrency: 'USD' | 'INR') => ({
    '@type': 'Offer',
    category: 'Paid',
    price: majorFromMinor(price),
    priceCurrency,
    availability,
    url: courseUrl,
  });
  return [
    { ...offer(prices.usdCents, 'USD'), ineligibleRegion: 'IN' },
    { ...offer(prices.inrPaise, 'INR'), eligibleRegion: 'IN' },
  ];
}

/** Where every batch meets: online, reached from the course's page (the joining link is the students'). */
function onlineAt(courseUrl: string): JsonLdNode {
  return { '@type': 'VirtualLocation', url: courseUrl };
}

/** The course as run when no batch is known: online, for its teaching hours. */
function anyBatch(courseUrl: string, workload: string): JsonLdNode {
  return {
    '@type': 'CourseInstance',
    courseMode: 'Online',
    courseWorkload: workload,
    location: onlineAt(courseUrl),
  };
}

/**
 * One batch as a `CourseInstance`: its first session's start and last session's end (in India's
 * offset), the trainer, the seats, and its weekly pattern as a `Schedule` in Google's reading
 * (`duration` per `repeatFrequency`, `repeatCount` of them: 8 hours a week for 4 weeks) with
 * schema.org's days and hours beside it. A schedule that does not parse (the store refuses one)
 * leaves only the start day.
 */
export function batchCourseInstance(batch: Batch, courseUrl: string): JsonLdNode {
  const base: JsonLdNode = {
    '@type': 'CourseInstance',
    '@id': `${courseUrl}#batch-${batch.id}`,
    courseMode: 'Online',
    location: onlineAt(courseUrl),
    instructor: { '@type': 'Person', name: batch.trainer },
    maximumAttendeeCapacity: batch.seats,
    remainingAttendeeCapacity: Math.max(0, batch.seatsLeft),
  };
  const schedule = parseSchedule(batch.schedule);
  const sessions = sessionsOf(batch);
  const first = sessions[0];
  const last = sessions.at(-1);
  if (!schedule || !first || !last) return { ...base, startDate: batch.startsOn };
  const sessionMinutes = schedule.endMinutes - schedule.startMinutes;
  const firstDay = indianDay(first.start);
  const lastDay = indianDay(last.start);
  return {
    ...base,
    startDate: isoInIndia(first.start.toISOString()),
    endDate: isoInIndia(last.end.toISOString()),
    courseWorkload: isoMinutes(sessionMinutes * sessions.length),
    courseSchedule: {
      '@type': 'Schedule',
      repeatFrequency: 'Weekly',
      repeatCount: Math.ceil((daysBetween(firstDay, lastDay) + 1) / 7),
      duration: isoMinutes(sessionMinutes * schedule.days.length),
      byDay: schedule.days.map((day) => WEEKDAY_URLS[day]),
      startTime: istTimeOfDay(schedule.startMinutes),
      endTime: istTimeOfDay(schedule.endMinutes),
      scheduleTimezone: INDIA_TIME_ZONE,
      startDate: firstDay,
      endDate: lastDay,
    },
  };
}

/**
 * The course's instances: one per open batch (soonest first, full ones too: their seats say so),
 * or, with none known, the course run online for `workload` (an ISO 8601 duration, the course's
 * teaching hours) so the node keeps the instance Google requires.
 */
export function courseInstances(
  batches: readonly Batch[] | undefined,
  courseUrl: string,
  workload: string,
): JsonLdNode[] {
  if (!batches || batches.length === 0) return [anyBatch(courseUrl, workload)];
  return [...batches]
    .sort((a, b) => a.startsOn.localeCompare(b.startsOn))
    .map((batch) => batchCourseInstance(batch, courseUrl));
}

/**
 * A `Course` node as the build wrote it (`courseJsonLd`), with its open batches now known: an
 * instance per batch and each offer's availability. Reads the page's address from `url` and the
 * teaching hours from `timeRequired`, which the build writes.
 */
export function withOpenBatches(node: JsonLdNode, batches: readonly Batch[]): JsonLdNode {
  const url = typeof node['url'] === 'string' ? node['url'] : '';
  const workload = typeof node['timeRequired'] === 'string' ? node['timeRequired'] : '';
  const availability = availabilityOf(batches);
  const offers = Array.isArray(node['offers']) ? (node['offers'] as JsonLdNode[]) : [];
  return {
    ...node,
    offers: offers.map((offer) => ({ ...offer, availability })),
    hasCourseInstance: courseInstances(batches, url, workload),
  };
}
