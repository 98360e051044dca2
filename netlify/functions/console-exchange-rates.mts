import type { Config } from '@netlify/functions';
import { ExchangeRateInputSchema } from '~/lib/shared/schemas/exchange-rate';
import { recordExchangeRate } from '~/server/domain/console/exchange-rates';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/**
 * POST /api/console/exchange-rates (staff only; API.md, Company console): body `{date, usdInr,
 * source}`; 200 the rate as recorded, with who entered it and when. A USD document of that day
 * whose payment recorded no rate is valued at it (DECISIONS 47); 400 with a sentence per refusal.
 */
export default apiHandler(
  { methods: ['POST'], auth: 'staff', body: ExchangeRateInputSchema },
  async ({ body, user, now }) => json(await recordExchangeRate(body, user, now)),
);

export const config: Config = { path: '/api/console/exchange-rates' };
