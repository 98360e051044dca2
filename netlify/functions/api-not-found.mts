import type { Config } from '@netlify/functions';
import { NOT_FOUND_MESSAGE } from '~/server/domain/auth/staff';
import { NotFound } from '~/server/domain/errors';
import { apiHandler } from '~/server/http/handler';

/**
 * Any other /api/* address: a JSON 404 in the API's error shape, never the site's HTML, whatever
 * the method (OPTIONS and PATCH too). A console address answers anyone but staff with this same
 * answer (`NOT_FOUND_MESSAGE`), so no method tells which console paths exist (API.md, Company console).
 */
export default apiHandler({ methods: 'any' }, () => {
  throw new NotFound([NOT_FOUND_MESSAGE]);
});

// The content editor's API (DECISIONS 64) is Keystatic's, answered by the adapter's function.
export const config: Config = {
  path: ['/api', '/api/*'],
  excludedPath: ['/api/keystatic', '/api/keystatic/*'],
};
