/**
 * The courses' open batches and the buyer's choice on a course page (DECISIONS 54-55). The batches
 * come from the catalogue (`GET /api/courses`, each course's `batches`: the open ones, full ones
 * included with no seats left), asked once per page. The choice (a batch and a seat count per
 * course) is what Add to cart sends; until the buyer picks, it is the next open batch and 1 seat.
 */
import { atom, map, type ReadableAtom } from 'nanostores';
import * as z from '~/lib/shared/zod';
import { apiRequest, failureText } from '~/lib/client/api';
import { BatchSchema, SEATS_HINT, SEATS_PER_ORDER, type Batch } from '~/lib/shared/schemas/batch-public';
import { batchText } from '~/content/ui/batches';

/** The part of the catalogue's answer this store reads: each course's open batches. */
const CatalogueBatchesSchema = z.array(z.object({ id: z.int(), batches: z.array(BatchSchema) }));

/** What the buyer chose for a course: a batch (none: the next open one) and seats (1-20). */
export interface BatchChoice {
  readonly batchId?: string | undefined;
  readonly seats: number;
  /** Why the seat count typed last cannot be bought (Add to cart says it instead of adding). */
  readonly error?: string | undefined;
}

/** Where the open batches are: not asked yet, on their way, known, or the request failed. */
export type BatchesState = 'idle' | 'loading' | 'ready' | 'failed';

const $byCourse = map<Record<number, readonly Batch[]>>({});
const $state = atom<BatchesState>('idle');
const $choices = map<Record<number, BatchChoice>>({});

/** Each course's open batches, by course id, once loaded (soonest first). */
export const $openBatches: ReadableAtom<Readonly<Record<number, readonly Batch[]>>> = $byCourse;

/** Whether the open batches are loaded. */
export const $batchesState: ReadableAtom<BatchesState> = $state;

/** The buyer's choice per course id (absent: the defaults). */
export const $batchChoices: ReadableAtom<Readonly<Record<number, BatchChoice>>> = $choices;

/** The batch Add to cart takes unless the buyer picks another: the soonest with a seat left. */
export function nextOpenBatch(batches: readonly Batch[]): Batch | undefined {
  return [...batches]
    .sort((a, b) => a.startsOn.localeCompare(b.startsOn))
    .find((batch) => batch.seatsLeft > 0);
}

let loading: Promise<void> | undefined;

/** Every course's open batches from the catalogue, soonest first (no spinner: `background`). */
async function catalogueBatches(): Promise<Record<number, readonly Batch[]>> {
  const catalogue = await apiRequest('GET', '/api/courses', CatalogueBatchesSchema, undefined, {
    background: true,
  });
  const byCourse: Record<number, readonly Batch[]> = {};
  for (const course of catalogue)
    byCourse[course.id] = [...course.batches].sort((a, b) => a.startsOn.localeCompare(b.startsOn));
  return byCourse;
}

/**
 * Loads every course's open batches from the catalogue (once per page; again after a failure).
 * Not counted as a request in flight: the page stays usable while it runs (no spinner over it).
 */
export function loadOpenBatches(): Promise<void> {
  if ($state.get() === 'ready') return Promise.resolve();
  loading ??= (async () => {
    $state.set('loading');
    try {
      $byCourse.set(await catalogueBatches());
      $state.set('ready');
    } catch (error) {
      $state.set('failed');
      console.warn('The batches could not be loaded:', failureText(error));
    } finally {
      loading = undefined;
    }
  })();
  return loading;
}

/**
 * Asks the catalogue again, loaded or not (issue 42, item 6): seats go with every sale, so a cart
 * shows a batch full as soon as it is. The batches shown stay until the answer comes; a failure
 * keeps them (and is logged).
 */
export function refreshOpenBatches(): Promise<void> {
  if ($state.get() !== 'ready') return loadOpenBatches();
  loading ??= (async () => {
    try {
      const fresh = await catalogueBatches();
      if (JSON.stringify(fresh) !== JSON.stringify($byCourse.get())) $byCourse.set(fresh);
    } catch (error) {
      console.warn('The batches could not be checked again:', failureText(error));
    } finally {
      loading = undefined;
    }
  })();
  return loading;
}

/** How often an open cart asks again for the seats left, while its page is in front. */
export const SEATS_RECHECK_MS = 30_000;

/**
 * While a cart is on screen (issue 42, item 6): the seats left are asked again when the page comes
 * back to the front (focus, `visibilitychange`) and every `SEATS_RECHECK_MS` while it is in front,
 * so a batch that filled meanwhile shows full without a reload. Returns the function that stops.
 */
export function watchSeatsLeft(): () => void {
  const visible = () => document.visibilityState !== 'hidden';
  const again = () => {
    if (visible()) void refreshOpenBatches();
  };
  window.addEventListener('focus', again);
  document.addEventListener('visibilitychange', again);
  const timer = setInterval(again, SEATS_RECHECK_MS);
  return () => {
    window.removeEventListener('focus', again);
    document.removeEventListener('visibilitychange', again);
    clearInterval(timer);
  };
}

/** The choice for a course: what the buyer picked, else the next open batch (once known) and 1 seat. */
export function choiceFor(courseId: number): BatchChoice {
  const picked = $choices.get()[courseId];
  const batchId = picked?.batchId ?? nextOpenBatch($byCourse.get()[courseId] ?? [])?.id;
  return { batchId, seats: picked?.seats ?? 1, error: picked?.error };
}

/** The buyer picks a batch of a course; answers as `chooseSeats` for the seats already chosen. */
export function chooseBatch(courseId: number, batchId: string): string | undefined {
  const seats = $choices.get()[courseId]?.seats ?? 1;
  const batch = ($byCourse.get()[courseId] ?? []).find((candidate) => candidate.id === batchId);
  const error = seatsError(batch, seats);
  $choices.setKey(courseId, { batchId, seats, error });
  return error;
}

/**
 * The buyer sets the seat count of a course. Returns the sentence to show when it cannot be
 * bought (not 1-20, or more than the chosen batch has left), undefined when it can.
 */
export function chooseSeats(courseId: number, seats: number): string | undefined {
  const { batchId } = choiceFor(courseId);
  const error = seatsError(
    ($byCourse.get()[courseId] ?? []).find((batch) => batch.id === batchId),
    seats,
  );
  const valid = error === undefined || error !== SEATS_HINT;
  const kept = $choices.get()[courseId]?.seats ?? 1;
  $choices.setKey(courseId, { ...$choices.get()[courseId], seats: valid ? seats : kept, error });
  return error;
}

/** Why `seats` of `batch` cannot be bought: not 1-20, or more than it has left; else undefined. */
export function seatsError(batch: Batch | undefined, seats: number): string | undefined {
  if (!Number.isInteger(seats) || seats < 1 || seats > SEATS_PER_ORDER) return SEATS_HINT;
  if (batch && batch.seatsLeft > 0 && seats > batch.seatsLeft) return batchText.tooManySeats(batch.seatsLeft);
  return undefined;
}

/**
 * What stops a cart line being bought as it is, found since it was added (issue 42, item 6): its
 * batch closed (no longer among the open ones), full, or with fewer seats left than the line
 * asks; undefined when nothing does, or while the batches are unknown.
 */
export function cartLineProblem(
  line: { readonly batchId: string | null; readonly seats: number },
  batches: readonly Batch[] | undefined,
): string | undefined {
  if (!batches) return undefined;
  const batch = batches.find((each) => each.id === line.batchId);
  if (!batch) return batchText.lineClosed;
  if (batch.seatsLeft <= 0) return batchText.lineFull;
  if (batch.seatsLeft < line.seats) return batchText.lineFewSeats(batch.seatsLeft);
  return undefined;
}
