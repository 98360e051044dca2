/**
 * The console's Batches tab (issue 31; DECISIONS 54-56; API.md Company console and Students):
 * every batch with its joining link, grouped open / full / past, staff adding and changing one
 * (the form checks `BatchInputSchema`, the server's own schema, and shows each field's sentence;
 * the server's sentences are shown as they come), and each batch's roster.
 */
import { atom, map, type ReadableAtom } from 'nanostores';
import * as z from '~/lib/shared/zod';
import { apiRequest } from '~/lib/client/api';
import { isBatchOpen } from '~/lib/shared/batch-schedule';
import {
  BatchInputSchema,
  BatchWithLinkSchema,
  type BatchInput,
  type BatchWithLink,
} from '~/lib/shared/schemas/batch';
import { RosterSchema, type Roster } from '~/lib/shared/schemas/roster';
import { messageOf } from '~/stores/console';

const BatchListSchema = z.object({ items: z.array(BatchWithLinkSchema) });
/** The part of the catalogue the form needs: each course's id and name. */
const CourseNamesSchema = z.array(z.object({ id: z.int(), name: z.string() }));

export interface BatchesState {
  readonly items: readonly BatchWithLink[] | undefined;
  readonly loading: boolean;
  readonly error: string | undefined;
}

const $list = atom<BatchesState>({ items: undefined, loading: false, error: undefined });
const $names = atom<Readonly<Record<number, string>>>({});
const $rosterById = map<Record<string, { roster?: Roster; error?: string }>>({});

/** Every batch, as the console's API lists them. */
export const $consoleBatches: ReadableAtom<BatchesState> = $list;
/** Course names by id, for the form's select and the lists. */
export const $courseNames: ReadableAtom<Readonly<Record<number, string>>> = $names;
/** Rosters asked for, by batch id: loaded, or the sentence of why not. */
export const $rosters: ReadableAtom<Readonly<Record<string, { roster?: Roster; error?: string }>>> =
  $rosterById;

const PATH = '/api/console/batches';

/** Loads every batch (and, once, the course names). */
export async function loadConsoleBatches(): Promise<void> {
  $list.set({ ...$list.get(), loading: true, error: undefined });
  try {
    const [answer, names] = await Promise.all([
      apiRequest('GET', PATH, BatchListSchema),
      Object.keys($names.get()).length > 0
        ? Promise.resolve(undefined)
        : apiRequest('GET', '/api/courses', CourseNamesSchema),
    ]);
    if (names) $names.set(Object.fromEntries(names.map((course) => [course.id, course.name])));
    $list.set({ items: answer.items, loading: false, error: undefined });
  } catch (error) {
    $list.set({ ...$list.get(), loading: false, error: messageOf(error) });
  }
}

/** The groups the tab shows: open with seats left, full (open, no seat left), past (started). */
export interface BatchGroups {
  readonly open: readonly BatchWithLink[];
  readonly full: readonly BatchWithLink[];
  readonly past: readonly BatchWithLink[];
}

/** Groups batches as of `now`: open and full soonest first, past latest first. */
export function groupBatches(items: readonly BatchWithLink[], now: Date): BatchGroups {
  const soonest = [...items].sort((a, b) => a.startsOn.localeCompare(b.startsOn) || a.id.localeCompare(b.id));
  const open = soonest.filter((batch) => isBatchOpen(batch, now));
  return {
    open: open.filter((batch) => batch.seatsLeft > 0),
    full: open.filter((batch) => batch.seatsLeft <= 0),
    past: soonest.filter((batch) => !isBatchOpen(batch, now)).reverse(),
  };
}

/** The form's fields as typed (strings), before they are checked. */
export interface BatchDraft {
  readonly courseId: string;
  readonly startsOn: string;
  readonly schedule: string;
  readonly sessions: string;
  readonly trainer: string;
  readonly seats: string;
  readonly joinUrl: string;
}

export type BatchField = keyof BatchDraft;

/** The draft of an existing batch (the edit form), or of a new one. */
export function draftOf(batch?: BatchWithLink): BatchDraft {
  return {
    courseId: batch ? String(batch.courseId) : '',
    startsOn: batch?.startsOn ?? '',
    schedule: batch?.schedule ?? '',
    sessions: batch ? String(batch.sessions) : '',
    trainer: batch?.trainer ?? '',
    seats: batch ? String(batch.seats) : '',
    joinUrl: batch?.joinUrl ?? '',
  };
}

/** Numbers as typed: a whole number, or the text itself so the schema refuses it with its sentence. */
const numberOf = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

/** The draft checked with `BatchInputSchema`: the input to send, or each field's first sentence. */
export function checkDraft(
  draft: BatchDraft,
): { ok: true; input: BatchInput } | { ok: false; fields: Partial<Record<BatchField, string>> } {
  const parsed = z.safeParse(BatchInputSchema, {
    courseId: numberOf(draft.courseId),
    startsOn: draft.startsOn.trim(),
    schedule: draft.schedule,
    sessions: numberOf(draft.sessions),
    trainer: draft.trainer,
    seats: numberOf(draft.seats),
    joinUrl: draft.joinUrl.trim(),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const fields: Partial<Record<BatchField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as BatchField | undefined;
    if (field && !fields[field]) fields[field] = issue.message;
  }
  return { ok: false, fields };
}

/** What saving a batch came to. */
export type SaveResult =
  | { readonly ok: true; readonly batch: BatchWithLink }
  | {
      readonly ok: false;
      readonly fields: Partial<Record<BatchField, string>>;
      readonly errors: readonly string[];
    };

/**
 * Creates a batch (`id` undefined) or changes one. Nothing is sent while a field is wrong; the
 * list shows the server's answer (enrolled students are told of a change by the server).
 */
export async function saveBatch(id: string | undefined, draft: BatchDraft): Promise<SaveResult> {
  const checked = checkDraft(draft);
  if (!checked.ok) return { ok: false, fields: checked.fields, errors: [] };
  try {
    const path = id ? `${PATH}/${encodeURIComponent(id)}` : PATH;
    const batch = await apiRequest('POST', path, BatchWithLinkSchema, checked.input);
    const items = $list.get().items ?? [];
    const replaced = items.some((item) => item.id === batch.id);
    $list.set({
      ...$list.get(),
      items: replaced ? items.map((item) => (item.id === batch.id ? batch : item)) : [...items, batch],
    });
    return { ok: true, batch };
  } catch (error) {
    return { ok: false, fields: {}, errors: [messageOf(error)] };
  }
}

/** Loads a batch's roster (who is enrolled) into `$rosters`. */
export async function loadRoster(id: string): Promise<void> {
  try {
    const roster = await apiRequest('GET', rosterHref(id, false), RosterSchema);
    $rosterById.setKey(id, { roster });
  } catch (error) {
    $rosterById.setKey(id, { error: messageOf(error) });
  }
}

/** The roster's address: JSON for the tab, or the CSV download. */
export function rosterHref(id: string, csv: boolean): string {
  return `${PATH}/${encodeURIComponent(id)}/roster${csv ? '.csv' : ''}`;
}
