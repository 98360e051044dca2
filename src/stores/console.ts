/**
 * The company console's lists (issue 19): leads, orders, customers and queued e-mail, each with
 * its filters, the rows loaded so far and the cursor of the next page, and the actions staff take
 * (mark a lead, retry an e-mail). The server is the truth: every action replaces what it changed
 * with the server's answer. The console island reads these atoms; only the actions here set them.
 */
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { $ZodType, output } from 'zod/v4/core';
import { ApiError, apiRequest } from '~/lib/client/api';
import * as z from '~/lib/shared/zod';
import {
  CustomerPageSchema,
  LeadPageSchema,
  LeadSchema,
  MailListSchema,
  MailRowSchema,
  OrderPageSchema,
  type CustomerRow,
  type Lead,
  type LeadStatus,
  type MailRow,
  type MailStatus,
  type OrderRow,
} from '~/lib/shared/schemas/console';

/** The answer of a call that answers 204 (nothing to read). */
const NoContentSchema = z.unknown();

/** A list as the console shows it. */
export interface ListState<T, F> {
  /** The filters the rows were loaded with. */
  readonly filter: F;
  /** Rows loaded so far (undefined before the first answer). */
  readonly items: readonly T[] | undefined;
  /** Cursor of the next page; null when every row is loaded. */
  readonly cursor: string | null;
  readonly loading: boolean;
  /** What went wrong with the last load, in plain words. */
  readonly error: string | undefined;
}

export interface LeadFilter {
  readonly status: LeadStatus | 'all';
  readonly q: string;
}
export interface OrderFilter {
  readonly from: string;
  readonly to: string;
  readonly q: string;
}
export interface CustomerFilter {
  readonly q: string;
}
export interface MailFilter {
  /** `all`: failed and waiting together, what needs a person (issue 30, item 5). */
  readonly status: MailStatus | 'all';
}

/** What needs a person, counted for the console's first screen (undefined until loaded). */
export interface Attention {
  /** New leads on the first page, and whether more remain. */
  readonly newLeads: { readonly count: number; readonly more: boolean };
  readonly failedMail: number;
  readonly pendingMail: number;
}

const initial = <T, F>(filter: F): ListState<T, F> => ({
  filter,
  items: undefined,
  cursor: null,
  loading: false,
  error: undefined,
});

const $leadsList = atom(initial<Lead, LeadFilter>({ status: 'new', q: '' }));
const $ordersList = atom(initial<OrderRow, OrderFilter>({ from: '', to: '', q: '' }));
const $customersList = atom(initial<CustomerRow, CustomerFilter>({ q: '' }));
const $mailList = atom(initial<MailRow, MailFilter>({ status: 'all' }));
const $attentionState = atom<{ readonly counts: Attention | undefined; readonly error: boolean }>({
  counts: undefined,
  error: false,
});

export const $leads: ReadableAtom<ListState<Lead, LeadFilter>> = $leadsList;
export const $orders: ReadableAtom<ListState<OrderRow, OrderFilter>> = $ordersList;
export const $customers: ReadableAtom<ListState<CustomerRow, CustomerFilter>> = $customersList;
export const $mail: ReadableAtom<ListState<MailRow, MailFilter>> = $mailList;
export const $attention: ReadableAtom<{ readonly counts: Attention | undefined; readonly error: boolean }> =
  $attentionState;

/** What went wrong with a call, in plain words. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.messages.join(' ') : 'Something went wrong. Please try again.';
}

/** `?a=1&b=x` from the filter's non-empty values (and the cursor). */
function queryOf(values: Readonly<Record<string, string | null | undefined>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Loads a page of a list: the first page for `filter` (replacing the rows), or the next page
 * (`more`). An answer to an older filter than the one now shown is dropped.
 */
export async function loadPage<T, F extends object, S extends $ZodType>(
  list: WritableAtom<ListState<T, F>>,
  path: string,
  schema: S,
  toPage: (answer: output<S>) => { items: readonly T[]; cursor: string | null },
  filter: F,
  more: boolean,
): Promise<void> {
  const before = list.get();
  const cursor = more ? before.cursor : null;
  list.set({ ...before, filter, loading: true, error: undefined, ...(more ? {} : { items: undefined }) });
  try {
    const page = toPage(
      await apiRequest('GET', `${path}${queryOf({ ...(filter as Record<string, string>), cursor })}`, schema),
    );
    if (list.get().filter !== filter) return;
    const items = more ? [...(list.get().items ?? []), ...page.items] : page.items;
    list.set({ filter, items, cursor: page.cursor, loading: false, error: undefined });
  } catch (error) {
    if (list.get().filter !== filter) return;
    list.set({ ...list.get(), loading: false, error: messageOf(error) });
  }
}

const samePage = <T>(page: { items: T[]; cursor: string | null }) => page;

/** Loads the first page of leads for `filter` (default: the filter shown). */
export function loadLeads(filter: LeadFilter = $leadsList.get().filter): Promise<void> {
  return loadPage($leadsList, '/api/console/leads', LeadPageSchema, samePage, filter, false);
}
/** Loads the next page of leads. */
export function loadMoreLeads(): Promise<void> {
  return loadPage($leadsList, '/api/console/leads', LeadPageSchema, samePage, $leadsList.get().filter, true);
}

export function loadOrders(filter: OrderFilter = $ordersList.get().filter): Promise<void> {
  return loadPage($ordersList, '/api/console/orders', OrderPageSchema, samePage, filter, false);
}
export function loadMoreOrders(): Promise<void> {
  return loadPage(
    $ordersList,
    '/api/console/orders',
    OrderPageSchema,
    samePage,
    $ordersList.get().filter,
    true,
  );
}

export function loadCustomers(filter: CustomerFilter = $customersList.get().filter): Promise<void> {
  return loadPage($customersList, '/api/console/customers', CustomerPageSchema, samePage, filter, false);
}
export function loadMoreCustomers(): Promise<void> {
  return loadPage(
    $customersList,
    '/api/console/customers',
    CustomerPageSchema,
    samePage,
    $customersList.get().filter,
    true,
  );
}

/** The queued e-mails of `status`, newest first (`all`: failed and waiting together). */
async function mailOf(status: MailFilter['status']): Promise<MailRow[]> {
  const statuses: MailStatus[] = status === 'all' ? ['failed', 'pending'] : [status];
  const answers = await Promise.all(
    statuses.map((one) => apiRequest('GET', `/api/console/mail?status=${one}`, MailListSchema)),
  );
  return answers.flatMap((answer) => answer.items).sort((a, b) => b.queuedAt.localeCompare(a.queuedAt));
}

export async function loadMail(filter: MailFilter = $mailList.get().filter): Promise<void> {
  $mailList.set({ ...$mailList.get(), filter, loading: true, error: undefined, items: undefined });
  try {
    const items = await mailOf(filter.status);
    if ($mailList.get().filter !== filter) return;
    $mailList.set({ filter, items, cursor: null, loading: false, error: undefined });
  } catch (error) {
    if ($mailList.get().filter !== filter) return;
    $mailList.set({ ...$mailList.get(), loading: false, error: messageOf(error) });
  }
}

/** Counts what needs a person: new leads, failed and waiting e-mail (the first screen). */
export async function loadAttention(): Promise<void> {
  try {
    const [leads, failed, pending] = await Promise.all([
      apiRequest('GET', '/api/console/leads?status=new', LeadPageSchema),
      mailOf('failed'),
      mailOf('pending'),
    ]);
    $attentionState.set({
      counts: {
        newLeads: { count: leads.items.length, more: leads.cursor !== null },
        failedMail: failed.length,
        pendingMail: pending.length,
      },
      error: false,
    });
  } catch {
    $attentionState.set({ ...$attentionState.get(), error: true });
  }
}

/** The outcome of a change: done, or the sentences to show beside it. */
export type ChangeResult = { readonly ok: true } | { readonly ok: false; readonly errors: readonly string[] };

/**
 * Marks a lead new or handled with an optional note; the lead leaves a list whose filter it no
 * longer matches, and shows the server's record of who and when otherwise.
 */
export async function markLead(id: string, status: LeadStatus, note: string): Promise<ChangeResult> {
  try {
    const lead = await apiRequest('POST', `/api/console/leads/${encodeURIComponent(id)}`, LeadSchema, {
      status,
      ...(note.trim() ? { note } : {}),
    });
    const list = $leadsList.get();
    const keep = list.filter.status === 'all' || list.filter.status === lead.status;
    const items = (list.items ?? []).flatMap((item) => (item.id !== id ? [item] : keep ? [lead] : []));
    $leadsList.set({ ...list, items });
    void loadAttention();
    return { ok: true };
  } catch (error) {
    return { ok: false, errors: error instanceof ApiError ? error.messages : [messageOf(error)] };
  }
}

/**
 * Erases a lead's personal data with a reason (DECISIONS 63); the list is then loaded again, so
 * the lead shows what the server kept: erased, by whom, when and why.
 */
export async function eraseLead(id: string, reason: string): Promise<ChangeResult> {
  try {
    await apiRequest('POST', `/api/console/leads/${encodeURIComponent(id)}/erase`, NoContentSchema, {
      reason,
    });
  } catch (error) {
    return { ok: false, errors: error instanceof ApiError ? error.messages : [messageOf(error)] };
  }
  await loadLeads();
  void loadAttention();
  return { ok: true };
}

/** Sends a queued e-mail now; a sent one leaves the list, a failed try shows its new error. */
export async function retryMail(id: string): Promise<ChangeResult> {
  try {
    const mail = await apiRequest('POST', `/api/console/mail/${encodeURIComponent(id)}/retry`, MailRowSchema);
    const list = $mailList.get();
    const shown = (status: MailRow['status']) =>
      list.filter.status === 'all' ? status !== 'sent' : status === list.filter.status;
    const items = (list.items ?? []).flatMap((item) =>
      item.id !== id ? [item] : shown(mail.status) ? [mail] : [],
    );
    $mailList.set({ ...list, items });
    void loadAttention();
    return mail.status === 'sent'
      ? { ok: true }
      : { ok: false, errors: [mail.lastError ?? 'It was not sent.'] };
  } catch (error) {
    return { ok: false, errors: error instanceof ApiError ? error.messages : [messageOf(error)] };
  }
}

/** The address of a CSV export for a date range (days in India). */
export function exportHref(
  file: 'leads.csv' | 'sales-register.csv',
  range: { from: string; to: string },
): string {
  return `/api/console/export/${file}${queryOf(range)}`;
}
