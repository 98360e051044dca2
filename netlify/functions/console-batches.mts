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
import { notifyBatchChange } from '~/server/domain/students/student-notices';
import { readBody } from '~/server/http/body';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/**
 * Staff only (DECISIONS 54): GET /api/console/batches `{items: [Batch + {joinUrl}]}`; POST
 * /api/console/batches adds one (201), POST /api/console/batches/{id} changes one (200), each
 * answering the batch with its joining link (a change of dates or link is mailed to everyone
 * enrolled); 400 with sentences, 404 for an unknown id.
 */
export default apiHandler(
  { methods: ['GET', 'POST'], auth: 'staff' },
  async ({ request, params, now, mail, settings }) => {
    if (request.method !== 'POST') {
      if (params['id'] !== undefined) throw new NotFound([BATCH_ERRORS.unknown]);
      return json({ items: await batchesForStaff(now) });
    }
    const input = await readBody(request, BatchInputSchema);
    if (params['id'] === undefined) return json(batchWithLinkOf(await addBatch(input, now)), { status: 201 });
    const { before, after } = await changeBatch(params['id'], input, now);
    // Everyone enrolled hears of new dates or a new joining link once (DECISIONS 56).
    await notifyBatchChange(before, after, { mail, siteUrl: settings.siteUrl });
    return json(batchWithLinkOf(after));
  },
);

export const config: Config = { path: ['/api/console/batches', '/api/console/batches/:id'] };
