/**
 * The HTML of the built-in test gateway's page (issue 18, item 5), rendered here in the HTTP layer
 * (issue 32, item 5) from what the domain decides (`testCheckoutView`): the banner that says no
 * money moves, the amount as the gateway has it, Pay and Decline.
 */
import { escapeHtml } from '~/server/domain/mail-templates';
import type { TestCheckoutView } from '~/server/domain/payments/test-checkout';
import { site } from '~/site.config';

/** The page's title and the banner that says no money moves. */
const TEST_CHECKOUT_BANNER = 'Test payment: no money moves';

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
.pay-indian{border:2px solid #0f766e;background:#fff;color:#0f766e}
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

/** The test gateway's checkout page. */
export function testCheckoutPage(view: TestCheckoutView): string {
  return page(
    TEST_CHECKOUT_BANNER,
    `<div class="card"><h1>Pay ${escapeHtml(site.name)}</h1>
<p class="merchant">${escapeHtml(view.description)}</p>
<dl><dt>Amount</dt><dd class="amount">${escapeHtml(view.amount)}</dd>
${view.payer ? `<dt>Paying as</dt><dd>${escapeHtml(view.payer)}</dd>` : ''}
<dt>Gateway order</dt><dd>${escapeHtml(view.orderId)}</dd></dl>
<div class="actions">
<form method="post" action="/api/payments/test-checkout/pay">${hidden(view.payFields)}<button class="pay" type="submit">Pay ${escapeHtml(view.payLabel)}</button></form>
${view.indianCardFields ? `<form method="post" action="/api/payments/test-checkout/pay">${hidden(view.indianCardFields)}<button class="pay-indian" type="submit">Use an Indian card and pay ${escapeHtml(view.payLabel)}</button></form>` : ''}
<form method="post" action="/api/payments/test-checkout/decline">${hidden(view.declineFields)}<button class="decline" type="submit">Decline</button></form>
</div>
<a class="cancel" href="${escapeHtml(view.cancelUrl)}">Cancel and return to the shop</a>
<p class="note">This page stands in for Razorpay's while the site has no payment keys. Pay confirms the payment as Razorpay would; Decline fails it.${view.indianCardFields ? ' Use an Indian card pays from India, which the shop refunds for a billing country outside India.' : ''}</p></div>`,
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
