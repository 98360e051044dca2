import type { Config } from '@netlify/functions';
import { backupFile, listBackups } from '~/server/backup/console';
import { apiHandler } from '~/server/http/handler';
import { json } from '~/server/http/responses';

/**
 * Staff only (DECISIONS 61): GET /api/console/backups `{items}` (each verified snapshot, newest
 * first); GET /api/console/backups/{id} the snapshot as a gzip'd tar of its files and manifest,
 * streamed, to keep or to restore with `npm run restore`; 404 for an unknown id.
 */
export default apiHandler({ methods: ['GET'], auth: 'staff' }, async ({ params }) => {
  const id = params['id'];
  if (id === undefined) return json({ items: await listBackups() });
  const { stream, filename } = await backupFile(id);
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });
});

export const config: Config = { path: ['/api/console/backups', '/api/console/backups/:id'] };
