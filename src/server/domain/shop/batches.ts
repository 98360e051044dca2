/**
 * Batches (DECISIONS 54, 60): the runs of each course that buyers choose from, added and changed
 * by staff in the console. A test site (where the test gateway is on: `npm start`, tests, deploy
 * previews, `testGatewayAllowed`) gets two made-up open batches of every course the first time
 * batches are read (a weekday evening and a weekend morning one, dated from that moment); any
 * other site never invents a batch (DECISIONS 60): a course with none open sells no seat.
 * A batch is open until the day in India of its start date has passed (`isBatchOpen`).
 */
import { courseById, courses } from '~/lib/shared/catalogue';
import { indianDay, nextDay } from '~/lib/shared/dates';
import { isBatchOpen } from '~/lib/shared/batch-schedule';
import { BATCH_HINTS, type Batch, type BatchInput, type BatchWithLink } from '~/lib/shared/schemas/batch';
import { NotFound, ValidationError } from '~/server/domain/errors';
import { serverEnv, testGatewayAllowed } from '~/server/env';
import {
  createBatch,
  getBatch,
  listBatches,
  seatsTaken,
  seedBatches,
  SKIP,
  toBatch,
  toBatchWithLink,
  updateBatch,
  wereBatchesSeeded,
  type BatchRecord,
} from '~/server/storage/batches';

export const BATCH_ERRORS = {
  unknown: 'There is no such batch.',
  noOpenBatch: 'This course has no open batch at the moment. Please check back soon.',
  fewerSeatsThanTaken: (taken: number) =>
    `This batch has ${taken} seats taken already: it needs at least ${taken} seats.`,
  courseOfTakenBatch: 'A batch with seats taken stays a batch of its course.',
  startInPast: 'A batch cannot move into the past. Choose a start date from today on.',
} as const;

/** True on a test site, where made-up batches may be written (DECISIONS 60): the test gateway's rule. */
export function isTestSite(): boolean {
  return testGatewayAllowed(serverEnv());
}

/** The seed batches' trainers, one per course in turn. */
const SEED_TRAINERS = ['Asha Kulkarni', 'Rahul Deshpande', 'Meera Iyer', 'Vikram Joshi', 'Sneha Patil'];
/** Seats of a seed batch. */
const SEED_SEATS = 25;

/** The first day on or after `from` that falls on `weekday` (0 = Sunday), calendar arithmetic only. */
function firstWeekdayFrom(from: string, weekday: number): string {
  let day = from;
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== weekday) day = nextDay(day);
  return day;
}

/** `from` plus `days` days. */
function daysAfter(from: string, days: number): string {
  let day = from;
  for (let step = 0; step < days; step += 1) day = nextDay(day);
  return day;
}

/**
 * The seed batches of a site seeded at `now`: for each course a weekday evening batch starting the
 * first Monday at least 10 days ahead (16 sessions) and a weekend morning batch starting the first
 * Saturday at least 12 days ahead (8 sessions), 25 seats each, ids `b-<courseId>-<yyyymmdd>-evening`
 * and `-weekend`.
 */
export function seedBatchRecords(now: Date): BatchRecord[] {
  const today = indianDay(now);
  const evening = firstWeekdayFrom(daysAfter(today, 10), 1);
  const weekend = firstWeekdayFrom(daysAfter(today, 12), 6);
  const at = now.toISOString();
  return courses.flatMap((course, index) => {
    const trainer = SEED_TRAINERS[index % SEED_TRAINERS.length]!;
    const common = {
      courseId: course.id,
      trainer,
      seats: SEED_SEATS,
      claims: {},
      createdAt: at,
      updatedAt: at,
    };
    return [
      {
        ...common,
        id: `b-${course.id}-${evening.replaceAll('-', '')}-evening`,
        startsOn: evening,
        schedule: 'Mon-Thu 19:00-21:00 IST',
        sessions: 16,
      },
      {
        ...common,
        id: `b-${course.id}-${weekend.replaceAll('-', '')}-weekend`,
        startsOn: weekend,
        schedule: 'Sat-Sun 10:00-13:00 IST',
        sessions: 8,
      },
    ];
  });
}

/**
 * Every batch, by start date: one listing of the store. A test site (`testSite`, by default
 * `isTestSite()`) whose batches were never seeded gets the seed batches first (written only if
 * new, so two first reads at once write them once); any other site only what staff added
 * (DECISIONS 60: no invented batches, no made-up trainers).
 */
export async function allBatches(now: Date, testSite: boolean = isTestSite()): Promise<BatchRecord[]> {
  const listed = await listBatches();
  // DECISIONS 60: only a test site invents batches.
  if (listed.length > 0 || !testSite || (await wereBatchesSeeded())) return listed;
  await seedBatches(seedBatchRecords(now), now);
  return listBatches();
}

/** A batch as staff and its enrolled students see it: with its joining link once set. */
export function batchWithLinkOf(record: BatchRecord): BatchWithLink {
  return toBatchWithLink(record);
}

/** Every batch as staff see it (`GET /api/console/batches`): with its joining link, by start date. */
export async function batchesForStaff(now: Date): Promise<BatchWithLink[]> {
  return (await allBatches(now)).map(batchWithLinkOf);
}

/** The open batches of every course in `records` (public shape, by start date). */
function openByCourse(records: readonly BatchRecord[], now: Date): Map<number, Batch[]> {
  const open = new Map<number, Batch[]>();
  for (const record of records) {
    if (!isBatchOpen(record, now)) continue;
    const list = open.get(record.courseId) ?? [];
    list.push(toBatch(record));
    open.set(record.courseId, list);
  }
  return open;
}

/**
 * The open batches of every course (public shape, by start date), from one listing. With
 * `keepDemoBatches` on a test site (`npm start`, tests, deploy previews, where the store outlives
 * the seed dates and test buyers take the seats) a course left without an open batch with a seat
 * gets the seed batches again, dated from `now`; any other site never invents a batch
 * (DECISIONS 60): staff add them.
 */
export async function openBatchesByCourse(
  now: Date,
  options: { readonly keepDemoBatches?: boolean; readonly testSite?: boolean } = {},
): Promise<Map<number, Batch[]>> {
  const testSite = options.testSite ?? isTestSite();
  const records = await allBatches(now, testSite);
  const open = openByCourse(records, now);
  if (!options.keepDemoBatches || !testSite) return open;
  const lacking = courses.filter((course) => !open.get(course.id)?.some((batch) => batch.seatsLeft > 0));
  if (lacking.length === 0) return open;
  const ids = new Set(lacking.map((course) => course.id));
  const seeds = seedBatchRecords(now).filter((record) => ids.has(record.courseId));
  await Promise.all(
    seeds.map(({ courseId, startsOn, schedule, sessions, trainer, seats }) =>
      addBatch({ courseId, startsOn, schedule, sessions, trainer, seats }, now),
    ),
  );
  return openByCourse(await listBatches(), now);
}

/** The open batches of a course, by start date (the full ones included: they show as full). */
export async function openBatchesOf(courseId: number, now: Date): Promise<Batch[]> {
  return (await openBatchesByCourse(now)).get(courseId) ?? [];
}

/**
 * The batch a buyer gets when they do not choose: the course's first open batch with a seat
 * left, else its first open batch (checkout then says it is full); undefined when none is open.
 */
export function defaultBatchOf(open: readonly Batch[]): Batch | undefined {
  return open.find((batch) => batch.seatsLeft > 0) ?? open[0];
}

/** The stored fields of what staff entered: an empty joining link is no link. */
function fieldsOf(input: BatchInput): Omit<BatchRecord, 'id' | 'claims' | 'createdAt' | 'updatedAt'> {
  const { joinUrl, ...rest } = input;
  return { ...rest, ...(joinUrl ? { joinUrl } : {}) };
}

function checkCourse(courseId: number): void {
  if (!courseById(courseId)) throw new ValidationError([BATCH_HINTS.courseId]);
}

/** The id of a batch staff add: `b-<courseId>-<yyyymmdd>-<hhmm of its start>`, then `-2`, `-3`... */
function staffBatchId(input: BatchInput, attempt: number): string {
  const time = /(\d{2}):(\d{2})-/.exec(input.schedule);
  const base = `b-${input.courseId}-${input.startsOn.replaceAll('-', '')}-${time ? time[1]! + time[2]! : 'x'}`;
  return attempt === 1 ? base : `${base}-${attempt}`;
}

/** Staff add a batch (201): its stored record. 400 for a course the catalogue does not have. */
export async function addBatch(input: BatchInput, now: Date): Promise<BatchRecord> {
  checkCourse(input.courseId);
  const at = now.toISOString();
  for (let attempt = 1; ; attempt += 1) {
    const record: BatchRecord = {
      ...fieldsOf(input),
      id: staffBatchId(input, attempt),
      claims: {},
      createdAt: at,
      updatedAt: at,
    };
    if (await createBatch(record)) return record;
  }
}

/** A batch before and after staff changed it (who is told of the change compares them). */
export interface BatchChange {
  readonly before: BatchRecord;
  readonly after: BatchRecord;
}

/**
 * Staff change a batch (200). A batch's sold seats never move (DECISIONS 60): its seats never fall
 * below those taken, a batch holding seats (a placed order's, or a payment's being settled: both
 * are claims) keeps its course, and its start date may move but not into the past (each 400 with
 * a sentence, nothing stored); 404 for an unknown id. The seats taken are kept as they are. Who
 * is told of new dates is the caller's part (`notifyBatchChange`).
 */
export async function changeBatch(id: string, input: BatchInput, now: Date): Promise<BatchChange> {
  checkCourse(input.courseId);
  const before = await getBatch(id);
  if (!before) throw new NotFound([BATCH_ERRORS.unknown]);
  let refusal: ValidationError | undefined;
  let previous = before;
  const after = await updateBatch(id, (current) => {
    previous = current;
    refusal = undefined;
    const taken = seatsTaken(current);
    // DECISIONS 60: seats never below those taken; a batch holding seats keeps its course; its
    // start may move, not into the past (a day in India before today).
    if (input.seats < taken) refusal = new ValidationError([BATCH_ERRORS.fewerSeatsThanTaken(taken)]);
    else if (taken > 0 && input.courseId !== current.courseId)
      refusal = new ValidationError([BATCH_ERRORS.courseOfTakenBatch]);
    else if (input.startsOn !== current.startsOn && input.startsOn < indianDay(now))
      refusal = new ValidationError([BATCH_ERRORS.startInPast]);
    if (refusal) return SKIP;
    return {
      ...fieldsOf(input),
      id: current.id,
      claims: current.claims,
      createdAt: current.createdAt,
      updatedAt: now.toISOString(),
    };
  });
  if (refusal) throw refusal;
  if (!after) throw new NotFound([BATCH_ERRORS.unknown]);
  return { before: previous, after };
}
