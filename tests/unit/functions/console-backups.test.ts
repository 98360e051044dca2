/**
 * The console's backups (docs/api.md, Company console; DECISIONS 61) through the function: staff
 * only, each verified snapshot newest first, and any one as a gzip'd tar whose manifest is the
 * one listed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupListSchema } from '~/lib/shared/schemas/console';
import { filesOf } from '~/server/backup/archive';
import { runBackup } from '~/server/backup/snapshot';
import { resetServerEnv } from '~/server/env';
import { rawStore } from '~/server/storage/blob-store';
import handler from '../../../netlify/functions/console-backups.mts';
import { browserHeaders } from '../../support/browser-headers';
import { useBlobsServer } from '../../support/blobs-server';
import { newSignedInPerson } from '../../support/people';

useBlobsServer();
const STAFF_EMAIL = 'backups-staff@example.com';
beforeAll(() => {
  process.env['STAFF_EMAILS'] = STAFF_EMAIL;
  resetServerEnv();
});
afterAll(() => {
  delete process.env['STAFF_EMAILS'];
  resetServerEnv();
});

async function get(path: string, session: string, id?: string) {
  return handler(new Request(`http://localhost${path}`, { headers: await browserHeaders(session) }), {
    params: id === undefined ? {} : { id },
  } as never);
}

const backUp = (at: string) =>
  runBackup({
    now: () => new Date(at),
    deadline: Date.now() + 60_000,
    site: 'https://sis.example',
    version: 'v1',
  });

describe('GET /api/console/backups', () => {
  it('is not there for a customer; staff see each backup newest first and download any', async () => {
    const customer = await newSignedInPerson();
    expect((await get('/api/console/backups', customer.session)).status).toBe(404);
    const staff = await newSignedInPerson({ email: STAFF_EMAIL, staff: true });

    await rawStore('orders').set('orders/SIS-2026-000042', '{"orderNo":"SIS-2026-000042"}');
    await backUp('2026-11-24T20:30:00.000Z');
    await backUp('2026-11-25T20:30:00.000Z');
    const listed = BackupListSchema.parse(await (await get('/api/console/backups', staff.session)).json());
    expect(listed.items.map((item) => item.at)).toEqual([
      '2026-11-25T20:30:00.000Z',
      '2026-11-24T20:30:00.000Z',
    ]);
    const [newest] = listed.items;
    expect(newest).toMatchObject({ kind: 'nightly', offsite: 'off' });
    expect(newest!.stores.find((store) => store.name === 'orders')).toMatchObject({ records: 1 });
    expect(newest!.stores.map((store) => store.name)).not.toContain('sessions');

    const file = await get(`/api/console/backups/${newest!.id}`, staff.session, newest!.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('application/gzip');
    expect(file.headers.get('Content-Disposition')).toBe(
      `attachment; filename="backup-${newest!.id}.tar.gz"`,
    );
    const files = await filesOf(new Uint8Array(await file.arrayBuffer()));
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as {
      stores: unknown[];
      id: string;
    };
    expect(manifest.id).toBe(newest!.id);
    expect(manifest.stores).toEqual(newest!.stores);
    expect([...files.keys()].sort()).toEqual(
      ['manifest.json', ...newest!.stores.map((store) => `${store.name}.ndjson.gz`)].sort(),
    );

    const unknown = await get(
      '/api/console/backups/2001-01-01T00-00-00-000Z',
      staff.session,
      '2001-01-01T00-00-00-000Z',
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ errors: ['There is no finished backup with this id.'] });
  });
});
