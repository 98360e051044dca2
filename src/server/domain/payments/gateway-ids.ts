/**
 * Razorpay's ids (issue 28, item 7): `order_`, `pay_` or `rfnd_` and 14 letters or digits
 * (`pay_29QQoUBi66xm2f`). An id from a callback, a webhook or the test gateway's form is checked
 * against this before it names anything in storage, so an odd one is a plain refusal, never a
 * key the blob store chokes on.
 */
export type GatewayIdKind = 'order' | 'pay' | 'rfnd';

const PATTERNS: Readonly<Record<GatewayIdKind, RegExp>> = {
  order: /^order_[A-Za-z0-9]{14}$/,
  pay: /^pay_[A-Za-z0-9]{14}$/,
  rfnd: /^rfnd_[A-Za-z0-9]{14}$/,
};

/** True when `id` has the shape of a Razorpay id of this kind. */
export function isGatewayId(kind: GatewayIdKind, id: unknown): id is string {
  return typeof id === 'string' && PATTERNS[kind].test(id);
}
