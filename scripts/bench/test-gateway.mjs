// @ts-check
/**
 * A buyer's round trip through the built-in test gateway over HTTP (issue 18), as a browser makes
 * it: checkout answers the gateway's form; the form is posted to the test page; the page's Pay (or
 * Decline) form is posted; its 307 is followed to the callback with the same body; the callback's
 * 303 says where the buyer lands. Used by the API benchmark and, typed, by the tests
 * (tests/support/test-gateway.ts). `send` is any fetch-shaped function.
 */

/** @type {Record<string, string>} */
const ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
/** @param {string} text */
const unescape = (text) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * The action and hidden fields of the test page's form whose action ends with `/{decision}`.
 * @param {string} html
 * @param {'pay' | 'decline'} decision
 */
export function testPageForm(html, decision) {
  const form = new RegExp(`<form method="post" action="([^"]*/${decision})">([\\s\\S]*?)</form>`).exec(html);
  if (!form) throw new Error(`The test page has no ${decision} form`);
  const fields = new URLSearchParams();
  for (const input of (form[2] ?? '').matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields.append(unescape(input[1] ?? ''), unescape(input[2] ?? ''));
  return { action: unescape(form[1] ?? ''), fields };
}

/** @param {URLSearchParams | Record<string, string>} fields */
const form = (fields) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  /** @type {RequestRedirect} */
  redirect: 'manual',
});

/**
 * Starts the payment of the cart of `buyer.userId` (`buyer.headers`: the page's cookies and XSRF
 * header) and pays or declines it on the test gateway. Throws when checkout does not answer 200.
 * @param {(request: Request) => Promise<Response>} send
 * @param {string} origin
 * @param {{ userId: string, headers: Record<string, string>, billing?: Record<string, unknown>, decision?: 'pay' | 'decline', idempotencyKey?: string }} buyer
 * @returns {Promise<{ answer: { paymentNo: string, gateway: { url: string, fields: Record<string, string> } }, location: string, orderNo: string | undefined }>}
 */
export async function payOnTestGateway(send, origin, buyer) {
  const checkout = await send(
    new Request(`${origin}/api/Cart/checkout/sispl,${buyer.userId}`, {
      method: 'POST',
      headers: {
        ...buyer.headers,
        'content-type': 'application/json',
        ...(buyer.idempotencyKey ? { 'idempotency-key': buyer.idempotencyKey } : {}),
      },
      body: JSON.stringify(buyer.billing ?? { name: 'Priya Rao', country: 'IN', state: '29' }),
    }),
  );
  if (checkout.status !== 200)
    throw new Error(`checkout answered ${checkout.status}: ${await checkout.text()}`);
  const answer = await checkout.json();
  const page = await send(new Request(new URL(answer.gateway.url, origin), form(answer.gateway.fields)));
  if (page.status !== 200) throw new Error(`the test page answered ${page.status}`);
  const chosen = testPageForm(await page.text(), buyer.decision ?? 'pay');
  const decided = await send(new Request(new URL(chosen.action, origin), form(chosen.fields)));
  await decided.arrayBuffer();
  if (decided.status !== 307) throw new Error(`the test gateway answered ${decided.status}`);
  const callback = await send(new Request(decided.headers.get('location') ?? '', form(chosen.fields)));
  await callback.arrayBuffer();
  const location = callback.headers.get('location') ?? '';
  const orderNo = new URL(location, origin).searchParams.get('placed') ?? undefined;
  return { answer, location, orderNo };
}
