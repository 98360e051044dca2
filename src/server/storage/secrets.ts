/**
 * Keys the server makes for itself, in the `secrets` store: `xsrf-key` holds the XSRF tokens'
 * HMAC key when `XSRF_SECRET` is not set. Made once, create-only, so every function instance
 * that races to make it ends up with the same key.
 */
import { randomBytes } from 'node:crypto';
import * as z from '~/lib/shared/zod';
import { openStore } from '~/server/storage/blob-store';

const store = openStore('secrets');
const KeySchema = z.object({ key: z.string().check(z.minLength(32)), createdAt: z.iso.datetime() });

/** The key stored under `name`, made (32 random bytes) on first use. */
export async function storedKey(name: string): Promise<string> {
  const existing = await store.get(name, KeySchema);
  if (existing) return existing.key;
  const made = { key: randomBytes(32).toString('base64url'), createdAt: new Date().toISOString() };
  if (await store.create(name, KeySchema, made)) return made.key;
  const winner = await store.get(name, KeySchema);
  if (!winner) throw new Error(`The ${name} secret vanished while it was being made.`);
  return winner.key;
}
