/**
 * The built-in test gateway's page (issue 18, item 5; DECISIONS 36): it plays Razorpay's hosted
 * checkout with the same fields, signature and callback, so the whole purchase works offline. The
 * browser posts the checkout fields to it; its Pay and Decline buttons post back to it, and it
 * sends the browser on to the callback (307, which keeps the POST and its fields), with a
 * payment signed by the test key (Pay) or Razorpay's error fields (Decline). It never runs in
 * production (the function answers 404 there).
 */
import { ValidationError } from '~/server/domain/errors';
import { escapeHtml } from '~/server/domain/mail-templates';
import { TEST_KEY_ID, type PaymentGateway } from '~/server/domain/payments/gateway';
import { CALLBACK_PATH, CANCEL_PATH } from '~/server/domain/payments/checkout-payment';
import { isValidPaymentSignature, paymentSignature } from '~/server/domain/payments/signatures';
import { formatMoney } from '~/lib/shared/money';
import {
  getTestOrder,
  recordTestPayment,
  testGatewayId,
  type TestOrder,
} from '~/server/storage/test-gateway';
import { site } from '~/site.config';

export const TEST_CHECKOUT_ERRORS = {
  unknown: 'The test gateway has no such payment. Go back to the checkout and press Pay again.',
} as const;

/** The page's title and the banner that says no money moves. */
export const TEST_CHECKOUT_BANNER = 'Test payment: no money moves';

/** Checks the posted fields name a test order of ours and return to this site; resolves to it. */
async function orderOf(fields: Readonly<Record<string, string>>, origin: string): Promise<TestOrder> {
  const order =
    fields['key_id'] === TEST_KEY_ID && fields['callback_url'] === `${origin}${CALLBACK_PATH}`
      ? await getTestOrder(fields['order_id'] ?? fields['razorpay_order_id'] ?? '')
      : undefined;
  if (!order) throw new ValidationError([TEST_CHECKOUT_ERRORS.unknown]);
  return order;
}

/** Hidden inputs for `fields`. */
function hidden(fields: Readonly<Record<string, string>>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f1f5f9}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.banner{margin:0 0 1.25rem;padding:.75rem 1rem;border:2px dashed #b45309;border-radius:.5rem;background:#fef3c7;color:#78350f;font-weight:700;text-align:center}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px rgba(15,23,42,.08)}
h1{margin:0 0 .25rem;font-size:1.375rem}
.merchant{margin:0 0 1rem;color:#475569}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
dt{color:#475569}dd{margin:0;text-align:right;overflow-wrap:anywhere}
.amount{font-size:1.5rem;font-weight:700}
.actions{display:grid;gap:.75rem}
button{width:100%;min-height:48px;border-radius:.5rem;font:inherit;font-weight:600;cursor:pointer}
.pay{border:0;background:#0f766e;color:#fff}
.pay:hover{background:#115e59}
.decline{border:2px solid #b91c1c;background:#fff;color:#b91c1c}
a{color:#0f766e}
.cancel{display:block;margin-top:1rem;text-align:center}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.note{margin:1rem 0 0;font-size:.875rem;color:#475569}
`;

/** The page frame: language, title, landmarks, the banner on every page. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} - ${escapeHtml(site.name)}</title><style>${STYLE}</style></head>
<body><main><p class="banner" role="note">${TEST_CHECKOUT_BANNER}</p>${body}</main></body></html>`;
}

/**
 * The test gateway's checkout page for the posted checkout fields: the amount of the order as the
 * gateway has it (not as the form says), Pay and Decline. Throws `ValidationError` for fields that
 * name no test order of ours.
 */
export async function testCheckoutPage(
  fields: Readonly<Record<string, string>>,
  origin: string,
  gateway: PaymentGateway,
): Promise<string> {
  const order = await orderOf(fields, origin);
  const paymentId = testGatewayId('pay');
  const callbackUrl = `${origin}${CALLBACK_PATH}`;
  const signature = paymentSignature(order.id, paymentId, await gateway.keySecret());
  const amount = `${formatMoney(order.amount, order.currency === 'INR' ? 'INR' : 'USD')} ${order.currency}`;
  const common = { key_id: TEST_KEY_ID, callback_url: callbackUrl };
  const payFields = {
    ...common,
    razorpay_payment_id: paymentId,
    razorpay_order_id: order.id,
    razorpay_signature: signature,
  };
  const declineFields = {
    ...common,
    order_id: order.id,
    'error[code]': 'BAD_REQUEST_ERROR',
    'error[description]': 'Payment declined on the test gateway.',
    'error[source]': 'customer',
    'error[step]': 'payment_authorization',
    'error[reason]': 'payment_declined',
    'error[metadata]': JSON.stringify({ payment_id: paymentId, order_id: order.id }),
  };
  const payer = [fields['prefill[name]'], fields['prefill[email]']].filter(Boolean).join(', ');
  return page(
    TEST_CHECKOUT_BANNER,
    `<div class="card"><h1>Pay ${escapeHtml(site.name)}</h1>
<p class="merchant">${escapeHtml(fields['description'] ?? '')}</p>
<dl><dt>Amount</dt><dd class="amount">${escapeHtml(amount)}</dd>
${payer ? `<dt>Paying as</dt><dd>${escapeHtml(payer)}</dd>` : ''}
<dt>Gateway order</dt><dd>${escapeHtml(order.id)}</dd></dl>
<div class="actions">
<form method="post" action="/api/payments/test-checkout/pay">${hidden(payFields)}<button class="pay" type="submit">Pay ${escapeHtml(formatMoney(order.amount, order.currency === 'INR' ? 'INR' : 'USD'))}</button></form>
<form method="post" action="/api/payments/test-checkout/decline">${hidden(declineFields)}<button class="decline" type="submit">Decline</button></form>
</div>
<a class="cancel" href="${escapeHtml(`${origin}${CANCEL_PATH}`)}">Cancel and return to the shop</a>
<p class="note">This page stands in for Razorpay's while the site has no payment keys. Pay confirms the payment as Razorpay would; Decline fails it.</p></div>`,
  );
}

/** A page saying the fields named no payment, with the way back (HTTP 400). */
export function testCheckoutErrorPage(messages: readonly string[]): string {
  return page(
    TEST_CHECKOUT_BANNER,
    `<div class="card"><h1>This payment cannot be shown</h1><p>${messages.map(escapeHtml).join(' ')}</p>
<a href="/checkout">Back to the checkout</a></div>`,
  );
}

/**
 * The tester pressed Pay or Decline. Pay records the payment (authorized, as Razorpay leaves it
 * until the shop captures it) after checking its signature, so only a page this gateway made can
 * pay; Decline records nothing. Resolves to the callback address to send the browser on to.
 */
export async function decideTestPayment(
  decision: 'pay' | 'decline',
  fields: Readonly<Record<string, string>>,
  origin: string,
  gateway: PaymentGateway,
): Promise<string> {
  const order = await orderOf(fields, origin);
  if (decision === 'pay') {
    const paymentId = fields['razorpay_payment_id'] ?? '';
    const signed = { orderId: order.id, paymentId, signature: fields['razorpay_signature'] };
    if (!isValidPaymentSignature(signed, await gateway.keySecret()))
      throw new ValidationError([TEST_CHECKOUT_ERRORS.unknown]);
    await recordTestPayment({
      id: paymentId,
      order_id: order.id,
      amount: order.amount,
      currency: order.currency,
      status: 'authorized',
    });
  }
  return `${origin}${CALLBACK_PATH}`;
}
