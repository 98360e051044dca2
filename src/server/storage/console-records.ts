/**
 * What the company console adds to the records it lists, in the `console` store. Key formats:
 * - `lead-states/<messageId>`: a lead marked handled (or back to new): by whom, when, a note;
 *   no record means new;
 * - `customer-stats/<userId>`: a customer's orders and amount spent, kept as orders are placed,
 *   so the customers list reads one record per customer instead of every order.
 */
import * as z from '~/lib/shared/zod';
import { CentsSchema } from '~/lib/shared/money';
import { LeadStateSchema, type LeadState } from '~/lib/shared/schemas/console';
import { openStore, SKIP } from '~/server/storage/blob-store';

const store = openStore('console');

const CustomerStatsSchema = z.object({
  /** Numbers of the customer's orders (counted once each, whatever retries add them). */
  orderNos: z.array(z.string()),
  /** Sum of what those orders cost, in cents. */
  spentCents: CentsSchema,
});

/** A customer's orders and amount spent. */
export type CustomerStats = z.infer<typeof CustomerStatsSchema>;

/** The state of a lead, or undefined while it is new and untouched. */
export function getLeadState(messageId: string): Promise<LeadState | undefined> {
  return store.get(`lead-states/${messageId}`, LeadStateSchema);
}

/** Records a lead's new state. */
export function saveLeadState(messageId: string, state: LeadState): Promise<LeadState> {
  return store.update(`lead-states/${messageId}`, LeadStateSchema, () => state);
}

/** Counts order `orderNo` of `totalCents` for `userId` (idempotent). */
export async function addOrderToCustomerStats(
  userId: string,
  orderNo: string,
  totalCents: number,
): Promise<void> {
  await store.update(`customer-stats/${userId}`, CustomerStatsSchema, (stats) =>
    stats?.orderNos.includes(orderNo)
      ? SKIP
      : {
          orderNos: [...(stats?.orderNos ?? []), orderNo],
          spentCents: (stats?.spentCents ?? 0) + totalCents,
        },
  );
}

/** A customer's orders and amount spent (none yet: zero). */
export async function getCustomerStats(userId: string): Promise<CustomerStats> {
  return (
    (await store.get(`customer-stats/${userId}`, CustomerStatsSchema)) ?? { orderNos: [], spentCents: 0 }
  );
}
