import type { Config } from '@netlify/functions';
import { ValidationError } from '~/server/domain/errors';
import { decideTestPayment, testCheckoutView } from '~/server/domain/payments/test-checkout';
import { readFormFields } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { paymentDepsOf } from '~/server/http/payment-deps';
import { testCheckoutErrorPage, testCheckoutPage } from '~/server/http/test-checkout-page';
import { errors, html } from '~/server/http/responses';

/**
 * The built-in test gateway (API.md, Payments): POST /api/payments/test-checkout shows the test
 * payment page for the checkout's fields; POST .../pay and .../decline send the browser on to the
 * callback (307 keeps the form post). Only without Razorpay keys and outside production: there it
 * does not exist (404).
 */
export default apiHandler({ methods: ['POST'], caller: 'gateway' }, async (call) => {
  const { request, params } = call;
  const gateway = paymentDepsOf(call)?.gateway;
  const decision = params['decision'];
  if (gateway?.kind !== 'test' || (decision !== undefined && decision !== 'pay' && decision !== 'decline'))
    return errors(404, ['There is nothing at this address.']);
  const origin = new URL(request.url).origin;
  const fields = await readFormFields(request);
  try {
    if (decision === undefined)
      return html(testCheckoutPage(await testCheckoutView(fields, origin, gateway)));
    const callback = await decideTestPayment(decision, fields, origin, gateway);
    return new Response(null, { status: 307, headers: { Location: callback } });
  } catch (error) {
    if (error instanceof ValidationError) return html(testCheckoutErrorPage(error.messages), { status: 400 });
    throw error;
  }
});

export const config: Config = {
  path: ['/api/payments/test-checkout', '/api/payments/test-checkout/:decision'],
};
