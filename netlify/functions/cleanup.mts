import type { Config } from '@netlify/functions';
import { budgetOf, cleanUpExpired } from '~/server/domain/cleanup';

/**
 * Scheduled, hourly: deletes expired rate-limit records, account codes, sessions, old checkouts
 * and local outbox e-mails, within 20 s (Netlify stops a scheduled function at 30 s).
 */
export default async (): Promise<Response> => {
  const summary = await cleanUpExpired(new Date(), budgetOf(20_000));
  console.info('[cleanup]', JSON.stringify(summary));
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '23 * * * *' };
