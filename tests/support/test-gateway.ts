/**
 * A buyer's round trip through the built-in test gateway over HTTP (issue 18), as a browser makes
 * it: checkout answers the gateway's form; the form is posted to the test page; the page's Pay (or
 * Decline) form is posted; its 307 is followed to the callback with the same body; the callback's
 * 303 says where the buyer lands. `send` is any fetch-shaped function: the function router in unit
 * tests, the global fetch against a running site in scripts.
 */
import type { CheckoutAnswer } from '~/lib/shared/schemas/shop';
import type { BillingInput } from '~/lib/shared/schemas/billing';

export type Send = (request: Request) => Promise<Response>;

/** Billing details of a buyer in Karnataka: IGST. */
export const KARNATAKA: BillingInput = { name: 'Priya Rao', country: 'IN', state: '29' };
/** Billing details of a buyer in Maharashtra, the company's state: CGST + SGST. */
export const MAHARASHTRA: BillingInput = { name: 'Ravi Patil', country: 'IN', state: '27' };
/** Billing details of a buyer in the United States: an export. */
export const UNITED_STATES: BillingInput = { name: 'Jane Doe', country: 'US' };

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

/** The action and hidden fields of the test page's form whose action ends with `/{decision}`. */
export function testPageForm(html: string, decision: 'pay' | 'decline') {
  const form = new RegExp(`<form method="post" action="([^"]*/${decision})">([\\s\\S]*?)</form>`).exec(html);
  if (!form) throw new Error(`The test page has no ${decision} form`);
  const fields = new URLSearchParams();
  for (const input of form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields.append(unescape(input[1]!), unescape(input[2]!));
  return { action: unescape(form[1]!), fields };
}

const form = (fields: URLSearchParams | Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** Where a round trip ended: the callback's 303 target and the order number when one was placed. */
export interface PaymentOutcome {
  readonly answer: CheckoutAnswer;
  readonly location: string;
  readonly orderNo: string | undefined;
}

/**
 * Starts the payment of the cart of `userId` (`headers`: the page's cookies and XSRF header) and
 * pays or declines it on the test gateway. Throws when checkout does not answer 200.
 */
export async function payOnTestGateway(
  send: Send,
  origin: string,
  buyer: {
    readonly userId: string;
    readonly headers: Record<string, string>;
    readonly billing?: BillingInput;
    readonly decision?: 'pay' | 'decline';
  },
): Promise<PaymentOutcome> {
  const checkout = await send(
    new Request(`${origin}/api/Cart/checkout/sispl,${buyer.userId}`, {
      method: 'POST',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      body: JSON.stringify(buyer.billing ?? KARNATAKA),
    }),
  );
  if (checkout.status !== 200)
    throw new Error(`checkout answered ${checkout.status}: ${await checkout.text()}`);
  const answer = (await checkout.json()) as CheckoutAnswer;
  const page = await send(new Request(new URL(answer.gateway.url, origin), form(answer.gateway.fields)));
  if (page.status !== 200) throw new Error(`the test page answered ${page.status}`);
  const chosen = testPageForm(await page.text(), buyer.decision ?? 'pay');
  const decided = await send(
    new Request(new URL(chosen.action, origin), { ...form(chosen.fields), redirect: 'manual' }),
  );
  if (decided.status !== 307) throw new Error(`the test gateway answered ${decided.status}`);
  const callback = await send(
    new Request(decided.headers.get('location')!, { ...form(chosen.fields), redirect: 'manual' }),
  );
  const location = callback.headers.get('location') ?? '';
  const orderNo = new URL(location, origin).searchParams.get('placed') ?? undefined;
  return { answer, location, orderNo };
}
