/**
 * My courses (issue 31, DECISIONS 55-56): the signed-in user's enrolments, as buyer or attendee,
 * and the attendees a buyer names. The page reads these atoms; only this module loads and changes them.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { ApiError, apiRequest } from '~/lib/client/api';
import type { Attendee } from '~/lib/shared/schemas/batch';
import { EnrolmentSchema, EnrolmentsSchema, type Enrolment } from '~/lib/shared/schemas/enrolment';
import { $user } from '~/stores/session';

const $list = atom<readonly Enrolment[] | undefined>(undefined);
const $failed = atom(false);

/** The user's enrolments, newest first; undefined until loaded. */
export const $enrolments: ReadableAtom<readonly Enrolment[] | undefined> = $list;

/** Whether the enrolments failed to load (the page offers to try again). */
export const $enrolmentsLoadFailed: ReadableAtom<boolean> = $failed;

/** The address of an enrolment's calls: `/api/me/courses/{orderNo}/{courseId}`. */
export function enrolmentPath(enrolment: Pick<Enrolment, 'orderNo' | 'course'>): string {
  return `/api/me/courses/${encodeURIComponent(enrolment.orderNo)}/${enrolment.course.id}`;
}

/** The calendar file (.ics) of an enrolment's batch. */
export function calendarLink(enrolment: Pick<Enrolment, 'orderNo' | 'course'>): string {
  return `${enrolmentPath(enrolment)}/calendar.ics`;
}

let loading: Promise<void> | undefined;

/** Loads the signed-in user's enrolments (one request at a time). */
export function loadEnrolments(): Promise<void> {
  if (!$user.get()) return Promise.resolve();
  loading ??= apiRequest('GET', '/api/me/courses', EnrolmentsSchema)
    .then(
      (items) => {
        $list.set(items);
        $failed.set(false);
      },
      (error: unknown) => {
        $failed.set(true);
        console.warn('My courses could not be loaded:', error instanceof ApiError ? error.message : error);
      },
    )
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

/** What saving the attendees came to: the enrolment as stored, or the server's sentences. */
export type SaveAttendeesResult =
  | { readonly ok: true; readonly enrolment: Enrolment }
  | { readonly ok: false; readonly messages: readonly string[] };

/**
 * Names the attendees of an enrolment the user bought (API.md `POST .../attendees`): the list
 * replaces the stored one; on success the enrolment in `$enrolments` is the server's. `notice`:
 * the version of the notice shown beside the form (DECISIONS 63), sent as `{attendees, notice}`;
 * `buyerAttends`: the buyer's answer to 'Will you attend yourself?' (issue 42, item 6).
 */
export async function saveAttendees(
  enrolment: Pick<Enrolment, 'orderNo' | 'course'>,
  attendees: readonly Attendee[],
  notice?: string,
  buyerAttends?: boolean,
): Promise<SaveAttendeesResult> {
  try {
    const saved = await apiRequest(
      'POST',
      `${enrolmentPath(enrolment)}/attendees`,
      EnrolmentSchema,
      notice || buyerAttends !== undefined
        ? {
            attendees,
            ...(notice ? { notice } : {}),
            ...(buyerAttends === undefined ? {} : { buyerAttends }),
          }
        : attendees,
    );
    $list.set(
      $list
        .get()
        ?.map((item) =>
          item.orderNo === saved.orderNo && item.course.id === saved.course.id ? saved : item,
        ),
    );
    return { ok: true, enrolment: saved };
  } catch (error) {
    return { ok: false, messages: error instanceof ApiError ? error.messages : [String(error)] };
  }
}

// While anything shows them: loaded when unknown, and again for another user.
onMount($list, () => {
  const refresh = () => {
    if ($user.get() && $list.get() === undefined) void loadEnrolments();
  };
  refresh();
  const stopSelf = $list.listen(refresh);
  const stopUser = $user.listen((user, previous) => {
    if (user?.userid === previous?.userid) return;
    $list.set(undefined);
    $failed.set(false);
    refresh();
  });
  return () => {
    stopSelf();
    stopUser();
  };
});
