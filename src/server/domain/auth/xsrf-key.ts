/**
 * The key of the XSRF tokens' HMAC (DECISIONS 44): `XSRF_SECRET` when the settings give one,
 * else the key the site made once and keeps in the `secrets` store. Read once per instance.
 */
import { serverEnv } from '~/server/env';
import { storedKey } from '~/server/storage/secrets';

let stored: Promise<string> | undefined;

/** The HMAC key of XSRF tokens. */
export function xsrfKey(): Promise<string> {
  const configured = serverEnv().xsrfSecret;
  if (configured) return Promise.resolve(configured);
  stored ??= storedKey('xsrf-key').catch((error: unknown) => {
    // A failed read is tried again by the next request, not remembered.
    stored = undefined;
    throw error;
  });
  return stored;
}
