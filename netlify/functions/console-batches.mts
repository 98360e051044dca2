import type { Config } from '@netlify/functions';
import { BatchInputSchema } from '~/lib/shared/schemas/batch';
import { NotFound } from '~/server/domain/errors';
import {
  addBatch,
  BATCH_ERRORS,
  batchesForStaff,
  batchWithLinkOf,
  changeBatch,
} from '~/server/domain/shop/batches';
import { readBody } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/**
 * Staff only (DECISIONS 54): GET /api/console/batches `{items: [Batch + {joinUrl}]}`; POST
 * /api/console/batches adds one (201), POST /api/console/batches/{id} changes one (200), each
 * answering the batch with its joining link; 400 with sentences, 404 for an unknown id.
 */
export default apiHandler({ methods: ['GET', 'POST'], auth: 'staff' }, async ({ request, params, now }) => {
  if (request.method !== 'POST') {
    if (params['id'] !== undefined) throw new NotFound([BATCH_ERRORS.unknown]);
    return json({ items: await batchesForStaff(now) });
  }
  const input = await readBody(request, BatchInputSchema);
  if (params['id'] === undefined) return json(batchWithLinkOf(await addBatch(input, now)), { status: 201 });
  const { after } = await changeBatch(params['id'], input, now);
  return json(batchWithLinkOf(after));
});

export const config: Config = { path: ['/api/console/batches', '/api/console/batches/:id'] };
