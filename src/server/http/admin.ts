/** Access to maintainer endpoints: a bearer token equal to ADMIN_TOKEN (at least 24 characters). */
import { timingSafeEqual } from 'node:crypto';
import { NotFound, Unauthorized } from '~/server/domain/errors';
import { serverEnv } from '~/server/env';

/**
 * Throws unless the request carries `Authorization: Bearer <ADMIN_TOKEN>`. With no usable
 * ADMIN_TOKEN configured the endpoint does not exist (404), so it is never open by accident.
 */
export function requireAdmin(request: Request, expected = serverEnv().adminToken): void {
  if (expected === undefined) throw new NotFound(['Not found.']);
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b))
    throw new Unauthorized(['A valid admin token is required.']);
}
