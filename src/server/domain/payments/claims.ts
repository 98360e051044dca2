/**
 * What the two refund paths share (issue 38, item 8): a staff refund of an order
 * (`refunds.ts`) and the full refund of a refused payment (`payment-decision.ts`).
 *
 * The one stale-claim rule of the money path (issue 38, item 8): a refund claimed on a record (a
 * staff refund on its order, a refused payment's refund on its payment) whose gateway call has
 * not answered for this long was cut short, and the next caller may take the claim over and ask
 * again. Shorter than any retry of the gateway's webhooks; far longer than a refund call takes.
 */
const CLAIM_STALE_MS = 2 * 60 * 1000;

/** True when a claim made (or last taken over) at `since` (ISO 8601) is stale at `now`. */
export function isStaleClaim(since: string, now: Date): boolean {
  return now.getTime() - Date.parse(since) > CLAIM_STALE_MS;
}

/** A refund's states in the order they come (DECISIONS 49). */
export type RefundState = 'requested' | 'pending' | 'failed' | 'processed';
const REFUND_STATE_ORDER: readonly RefundState[] = ['requested', 'pending', 'failed', 'processed'];

/**
 * True when a refund may move from `from` to `to`: forward only, so an old `refund.failed` never
 * undoes `processed` and a replayed `pending` never hides an answer. `failed` may still become
 * `processed`: the gateway's word that the money went back wins over a call we lost.
 */
export function refundMovesForward(from: RefundState, to: RefundState): boolean {
  return REFUND_STATE_ORDER.indexOf(to) > REFUND_STATE_ORDER.indexOf(from);
}
