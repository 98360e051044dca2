/**
 * The console's payments and refunds (issue 28; DECISIONS 48-49; API.md Company console): the
 * Payments tab's list, those needing attention first, and a staff refund of an order or chosen
 * courses. A refund is sent with one Idempotency-Key per intended refund (order, courses, reason),
 * kept while its answer may have been lost, so pressing twice, or again after a lost answer,
 * makes one refund. The refunds made here are kept by order until the orders list brings its own.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ApiError, apiRequest } from '~/lib/client/api';
import {
  PaymentPageSchema,
  RefundAnswerSchema,
  type PaymentFilterStatus,
  type PaymentRow,
  type Refund,
  type RefundRequest,
} from '~/lib/shared/schemas/payments';
import { loadPage, messageOf, type ListState } from '~/stores/console';

export interface PaymentFilter {
  readonly status: PaymentFilterStatus;
}

const $paymentsList = atom<ListState<PaymentRow, PaymentFilter>>({
  filter: { status: 'attention' },
  items: undefined,
  cursor: null,
  loading: false,
  error: undefined,
});

/** The Payments tab's list. */
export const $payments: ReadableAtom<ListState<PaymentRow, PaymentFilter>> = $paymentsList;

const $warning = atom<string | undefined>(undefined);

/** What the site's settings need of staff, as the payments list says it (test keys on the live site). */
export const $paymentsWarning: ReadableAtom<string | undefined> = $warning;

const PATH = '/api/console/payments';
const pageOf = (answer: { items: PaymentRow[]; cursor: string | null; warning?: string | undefined }) => {
  $warning.set(answer.warning);
  return { items: answer.items, cursor: answer.cursor };
};

/** Loads the first page of payments for `filter` (default: the filter shown). */
export function loadPayments(filter: PaymentFilter = $paymentsList.get().filter): Promise<void> {
  return loadPage($paymentsList, PATH, PaymentPageSchema, pageOf, filter, false);
}

/** Loads the next page of payments. */
export function loadMorePayments(): Promise<void> {
  return loadPage($paymentsList, PATH, PaymentPageSchema, pageOf, $paymentsList.get().filter, true);
}

const $refundsByOrder = atom<Readonly<Record<string, readonly Refund[]>>>({});

/** The refunds made from this console, by order number. */
export const $refundsMade: ReadableAtom<Readonly<Record<string, readonly Refund[]>>> = $refundsByOrder;

/** How a refund ended: made (with its state and credit note), or the sentences to show. */
export type RefundResult =
  { readonly ok: true; readonly refund: Refund } | { readonly ok: false; readonly errors: readonly string[] };

/** 128 random bits in hex (`crypto.randomUUID` exists only on https and localhost). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// The refund intended last and its key; one request at a time per intent.
let intended: { readonly intent: string; readonly key: string } | undefined;
const running = new Map<string, Promise<RefundResult>>();

function intentOf(orderNo: string, request: RefundRequest): string {
  const courses = request.courseIds ? [...request.courseIds].sort((a, b) => a - b).join(',') : 'all';
  return `${orderNo}|${courses}|${request.reason.trim()}`;
}

/** The Idempotency-Key of this refund: the one already given to it, or a new one. */
function keyFor(intent: string): string {
  if (intended?.intent !== intent) intended = { intent, key: newKey() };
  return intended.key;
}

/** Whether the server may have made the refund although no answer came (then the key is kept). */
function answerMayBeLost(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * Refunds the whole order (no `courseIds`) or the chosen courses, with the reason (API.md `POST
 * /api/console/orders/{orderNo}/refunds`). The same refund pressed again while it runs shares the
 * request; sent again later it carries the same Idempotency-Key until it is answered, so it is
 * made once. 409 (nothing of that left to refund) and the form's hints come back as `errors`.
 */
export function refundOrder(orderNo: string, request: RefundRequest): Promise<RefundResult> {
  const intent = intentOf(orderNo, request);
  const already = running.get(intent);
  if (already) return already;
  const run = sendRefund(orderNo, request, keyFor(intent)).finally(() => running.delete(intent));
  running.set(intent, run);
  return run;
}

async function sendRefund(orderNo: string, request: RefundRequest, key: string): Promise<RefundResult> {
  try {
    const { refund } = await apiRequest(
      'POST',
      `/api/console/orders/${encodeURIComponent(orderNo)}/refunds`,
      RefundAnswerSchema,
      request,
      { headers: { 'Idempotency-Key': key } },
    );
    intended = undefined;
    const made = $refundsByOrder.get();
    const others = (made[orderNo] ?? []).filter((known) => known.id !== refund.id);
    $refundsByOrder.set({ ...made, [orderNo]: [...others, refund] });
    return { ok: true, refund };
  } catch (error) {
    if (!answerMayBeLost(error)) intended = undefined;
    return { ok: false, errors: error instanceof ApiError ? error.messages : [messageOf(error)] };
  }
}
