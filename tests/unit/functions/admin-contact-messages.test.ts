import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ContactRequestSchema } from '~/lib/shared/schemas/contact';
import { acceptContactMessage } from '~/server/domain/contact';
import { resetServerEnv } from '~/server/env';
import handler, { config } from '../../../netlify/functions/admin-contact-messages.mts';
import { startBlobsServer, type RunningBlobsServer } from '../../support/blobs-server';

const ADMIN_TOKEN = 'a-long-enough-admin-token-for-tests';
let blobs: RunningBlobsServer;

beforeAll(async () => {
  blobs = await startBlobsServer();
  await acceptContactMessage(
    z.parse(ContactRequestSchema, {
      name: 'N',
      phone: '9876543210',
      email: 'n@example.com',
      message: 'M',
      client: 'sis',
    }),
    '192.0.2.1',
    { mail: { queue: async () => {} }, settings: { contactTo: 'sales@example.com' }, now: () => new Date() },
  );
});
afterAll(async () => {
  await blobs.stop();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetServerEnv();
});

const get = (authorization?: string, query = '') =>
  handler(
    new Request(`http://localhost/api/admin/contact-messages${query}`, {
      headers: authorization ? { authorization } : {},
    }),
  );

describe('GET /api/admin/contact-messages', () => {
  it('is routed under /api/admin', () => {
    expect(config.path).toBe('/api/admin/contact-messages');
  });

  it('does not exist (404) while no ADMIN_TOKEN is configured', async () => {
    vi.stubEnv('ADMIN_TOKEN', '');
    resetServerEnv();
    expect((await get(`Bearer ${ADMIN_TOKEN}`)).status).toBe(404);
  });

  it('answers 401 to a missing or wrong token', async () => {
    vi.stubEnv('ADMIN_TOKEN', ADMIN_TOKEN);
    resetServerEnv();
    expect((await get()).status).toBe(401);
    expect((await get('Bearer wrong-token-of-the-wrong-length')).status).toBe(401);
  });

  it('lists the unsent messages for the right token', async () => {
    vi.stubEnv('ADMIN_TOKEN', ADMIN_TOKEN);
    resetServerEnv();
    const response = await get(`Bearer ${ADMIN_TOKEN}`);
    expect(response.status).toBe(200);
    const messages = (await response.json()) as { name: string; mail: { company: { status: string } } }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ name: 'N', mail: { company: { status: 'pending' } } });
  });
});
