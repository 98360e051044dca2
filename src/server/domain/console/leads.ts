/**
 * Leads in the company console (issue 19; API.md, Company console): every contact message, newest
 * first, with what staff recorded about it and whether its e-mails went out. A lead is listed the
 * moment it is stored, whatever its mail did.
 */
import { instantsOfDays } from '~/lib/shared/dates';
import type { StaffMember } from '~/server/domain/auth/staff';
import type { ContactMessage, StoredContactMessage } from '~/lib/shared/schemas/contact-message';
import { LeadSchema, type Lead, type LeadState, type LeadUpdateRequest } from '~/lib/shared/schemas/console';
import { contactMailOf } from '~/server/domain/contact';
import { pageWithCursor, type Page } from '~/server/domain/console/cursors';
import { Conflict, NotFound } from '~/server/domain/errors';
import { getLeadState, saveLeadState } from '~/server/storage/console-records';
import { sheetRowsOf } from '~/server/storage/console-sheets';
import {
  getStoredContactMessage,
  isErased,
  listStoredContactMessages,
} from '~/server/storage/contact-messages';
import { eraseLead } from '~/server/storage/lead-erasure';
import {
  addToIndex,
  buildIndexOnce,
  markersOfIndex,
  pageOfIndex,
  removeFromIndex,
  type IndexName,
} from '~/server/storage/time-index';

/** The shape of a contact message's id (anything else names no lead). */
const LEAD_ID = /^[0-9a-z-]{10,64}$/;

/** Leads per page. */
const PAGE_SIZE = 50;
/** Leads a search looks at per page before it answers with what it found and a cursor. */
const SEARCH_SCAN = 500;

const INDEX_OF: Record<'new' | 'handled' | 'all', IndexName> = {
  new: 'leads-new',
  handled: 'leads-handled',
  all: 'leads',
};

/** True when a search (lower-case) finds the lead by name, e-mail or phone (digits anywhere). */
function leadMatches(message: ContactMessage, q: string | undefined): boolean {
  if (!q) return true;
  const digits = q.replace(/\D/g, '');
  return (
    message.name.toLowerCase().includes(q) ||
    message.email.includes(q) ||
    (digits.length >= 3 && message.phone.includes(digits))
  );
}

/** What the console answers for a lead that was erased and is then changed. */
export const ERASED_LEAD = 'This lead was erased, so it can no longer be changed.';

/** A stored message as the console shows it (an erased one: what remains, DECISIONS 63). */
async function leadOf(message: StoredContactMessage, state: LeadState | undefined): Promise<Lead> {
  if (isErased(message)) {
    const { mail, erased, ...rest } = message;
    return {
      ...rest,
      name: '',
      phone: '',
      email: '',
      message: '',
      status: state?.status ?? 'handled',
      handledBy: state?.handledBy ?? null,
      handledAt: state?.handledAt ?? null,
      note: null,
      mail: { company: { ...mail.company }, visitor: { ...mail.visitor } },
      erased,
    };
  }
  return {
    ...message,
    status: state?.status ?? 'new',
    handledBy: state?.handledBy ?? null,
    handledAt: state?.handledAt ?? null,
    note: state?.note ?? null,
    mail: await contactMailOf(message.id),
  };
}

/** The lead with this id as the console shows it, or undefined (no such message). */
async function leadOfId(id: string): Promise<Lead | undefined> {
  const [message, state] = await Promise.all([getStoredContactMessage(id), getLeadState(id)]);
  return message ? leadOf(message, state) : undefined;
}

/** Indexes the messages stored before the console existed (once; `force` for a reindex). */
export async function indexExistingLeads(now: Date, force = false): Promise<number> {
  const existing = async () =>
    (await listStoredContactMessages()).map((message) => ({
      at: new Date(message.receivedAt),
      id: message.id,
    }));
  const [all] = await Promise.all([
    buildIndexOnce('leads', existing, now, force),
    // Before the console nobody could mark a lead handled: every earlier lead is new.
    buildIndexOnce('leads-new', existing, now, force),
  ]);
  return all;
}

/** One page of leads, newest first, filtered by status and an optional search. */
export async function listLeads(
  query: {
    status: 'new' | 'handled' | 'all';
    q?: string | undefined;
    cursor?: string | undefined;
    /** Days in India, both included. */
    from?: string | undefined;
    to?: string | undefined;
  },
  now: Date,
  pageSize = PAGE_SIZE,
): Promise<Page<Lead>> {
  await indexExistingLeads(now);
  return pageWithCursor(`leads-${query.status}`, query.cursor, (after) =>
    pageOfIndex(
      INDEX_OF[query.status],
      {
        ...instantsOfDays(query),
        cursor: after,
        limit: pageSize,
        scanLimit: query.q ? Math.max(SEARCH_SCAN, pageSize) : pageSize,
        read: {
          many: async (markers) =>
            (await sheetRowsOf('leads', markers, LeadSchema, leadOfId)).map((lead) =>
              lead &&
              leadMatches(lead, query.q) &&
              // A status index not yet moved (a change cut short) never shows a lead under the wrong tab.
              (query.status === 'all' || lead.status === query.status)
                ? lead
                : undefined,
            ),
        },
      },
      now,
    ),
  );
}

/** Leads an export reads at once (each four blob reads): enough to overlap them, few enough to queue none. */
const EXPORT_READS_AT_ONCE = 16;

/**
 * Every lead received in a date range (days in India), oldest first, for the export: the index
 * listed once (one listing per day with leads) and the leads read `EXPORT_READS_AT_ONCE` at a
 * time. `undefined` when the range holds more than `maxRows` (nothing read then).
 */
export async function allLeadsIn(
  range: { from?: string | undefined; to?: string | undefined },
  now: Date,
  maxRows: number,
): Promise<Lead[] | undefined> {
  await indexExistingLeads(now);
  const markers = (await markersOfIndex('leads', instantsOfDays(range), now)).reverse();
  if (markers.length > maxRows) return undefined;
  const leads: (Lead | undefined)[] = new Array<Lead | undefined>(markers.length);
  let next = 0;
  const reader = async () => {
    for (let index = next++; index < markers.length; index = next++) {
      const message = await getStoredContactMessage(markers[index]!.id);
      leads[index] = message ? await leadOf(message, await getLeadState(message.id)) : undefined;
    }
  };
  await Promise.all(Array.from({ length: EXPORT_READS_AT_ONCE }, reader));
  return leads.filter((lead): lead is Lead => lead !== undefined);
}

/** Marks a lead new or handled, with an optional note; records who and when. */
export async function updateLead(
  id: string,
  change: LeadUpdateRequest,
  staff: StaffMember,
  now: Date,
): Promise<Lead> {
  const message = LEAD_ID.test(id) ? await getStoredContactMessage(id) : undefined;
  if (!message) throw new NotFound(['There is no such lead.']);
  if (isErased(message)) throw new Conflict([ERASED_LEAD]);
  const state = await saveLeadState(
    id,
    {
      status: change.status,
      handledBy: `${staff.name} <${staff.email}>`,
      handledAt: now.toISOString(),
      ...(change.note ? { note: change.note } : {}),
    },
    new Date(message.receivedAt),
  );
  const at = new Date(message.receivedAt);
  const [into, outOf] =
    change.status === 'handled'
      ? (['leads-handled', 'leads-new'] as const)
      : (['leads-new', 'leads-handled'] as const);
  // Into the new tab first: a crash between the two steps shows the lead twice, never nowhere.
  await addToIndex(into, at, id);
  await removeFromIndex(outOf, at, id);
  return leadOf(message, state);
}

/**
 * Erases a lead's personal data at someone's request (DECISIONS 63): what remains records the
 * staff member's e-mail, when and the reason, never what the lead said. Erasing an erased lead
 * changes nothing (the first erasure stays). `NotFound` for an unknown lead.
 */
export async function eraseLeadAsStaff(
  id: string,
  reason: string,
  staff: StaffMember,
  now: Date,
): Promise<void> {
  const erased = LEAD_ID.test(id) ? await eraseLead(id, { by: staff.email, reason, at: now }) : undefined;
  if (!erased) throw new NotFound(['There is no such lead.']);
}
