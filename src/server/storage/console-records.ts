/**
 * What the company console adds to the records it lists, in the `console` store. Key formats:
 * - `lead-states/<messageId>`: a lead marked handled (or back to new): by whom, when, a note;
 *   no record means new;
 * - `customer-stats/<userId>`: a customer's orders and amount spent in rupees, kept as orders are
 *   placed, so the customers list reads one record per customer instead of every order. Records
 *   from before the rupee sum (`spentCents` added rupees and dollars together) have no
 *   `spentPaise` and keep none until the console sums their orders again (`setCustomerSpend`).
 */
import * as z from '~/lib/shared/zod';
import { CentsSchema } from '~/lib/shared/money';
import { LeadStateSchema, type LeadState } from '~/lib/shared/schemas/console';
import { openStore, SKIP } from '~/server/storage/blob-store';
import { forgetSheetRow } from '~/server/storage/console-sheets';
import { getUser } from '~/server/storage/users';

const store = openStore('console');

const CustomerStatsSchema = z.object({
  /** Numbers of the customer's orders (counted once each, whatever retries add them). */
  orderNos: z.array(z.string()),
  /** The rupee value of those orders, in paise (`rupeePaiseOf`); none: not known yet. */
  spentPaise: z.optional(CentsSchema),
  /** Old records only: their orders' totals, rupees and dollars added together. Not read. */
  spentCents: z.optional(CentsSchema),
});

/** A customer's orders and amount spent. */
export type CustomerStats = z.infer<typeof CustomerStatsSchema>;

/** The state of a lead, or undefined while it is new and untouched. */
export function getLeadState(messageId: string): Promise<LeadState | undefined> {
  return store.get(`lead-states/${messageId}`, LeadStateSchema);
}

/**
 * Records a lead's new state; `receivedAt` is its message's, where the console's sheet keeps its
 * row (`console-sheets.ts`), taken out after the change.
 */
export async function saveLeadState(
  messageId: string,
  state: LeadState,
  receivedAt: Date,
): Promise<LeadState> {
  const saved = await store.update(`lead-states/${messageId}`, LeadStateSchema, () => state);
  await forgetSheetRow('leads', receivedAt, messageId);
  return saved;
}

/**
 * A lead erased (DECISIONS 63): marks it handled (by `by` at `at` unless it was handled before)
 * and drops the note staff wrote, which may repeat what it said.
 */
export async function settleErasedLeadState(messageId: string, by: string, at: Date): Promise<void> {
  await store.update(`lead-states/${messageId}`, LeadStateSchema, (state): LeadState | typeof SKIP => {
    if (state?.status !== 'handled') return { status: 'handled', handledBy: by, handledAt: at.toISOString() };
    if (state.note === undefined) return SKIP;
    return { status: state.status, handledBy: state.handledBy, handledAt: state.handledAt };
  });
}

/** Takes a customer's row out of the console's sheet after a change of their totals. */
async function forgetCustomerRow(userId: string): Promise<void> {
  const user = await getUser(userId);
  if (user) await forgetSheetRow('customers', new Date(user.createdAt), userId);
}

/**
 * Counts order `orderNo`, worth `paise` in rupees, for `userId` (idempotent). A record whose sum
 * is not known (from before the rupee sum) stays unknown, to be summed from all its orders.
 */
export async function addOrderToCustomerStats(userId: string, orderNo: string, paise: number): Promise<void> {
  await store.update(`customer-stats/${userId}`, CustomerStatsSchema, (stats) => {
    if (stats?.orderNos.includes(orderNo)) return SKIP;
    const orderNos = [...(stats?.orderNos ?? []), orderNo];
    const known = stats === undefined || stats.spentPaise !== undefined;
    return known ? { orderNos, spentPaise: (stats?.spentPaise ?? 0) + paise } : { orderNos };
  });
  await forgetCustomerRow(userId);
}

/**
 * Records the rupee sum of a customer's orders `orderNos`, worked out from the orders themselves;
 * kept only while those are still all their orders (an order counted meanwhile: left unknown).
 */
export async function setCustomerSpend(
  userId: string,
  orderNos: readonly string[],
  spentPaise: number,
): Promise<void> {
  await store.update(`customer-stats/${userId}`, CustomerStatsSchema, (stats) =>
    stats === undefined ||
    stats.spentPaise !== undefined ||
    stats.orderNos.length !== orderNos.length ||
    stats.orderNos.some((orderNo) => !orderNos.includes(orderNo))
      ? SKIP
      : { orderNos: stats.orderNos, spentPaise },
  );
  await forgetCustomerRow(userId);
}

/** A customer's orders and amount spent (none yet: zero). */
export async function getCustomerStats(userId: string): Promise<CustomerStats> {
  return (
    (await store.get(`customer-stats/${userId}`, CustomerStatsSchema)) ?? { orderNos: [], spentPaise: 0 }
  );
}
