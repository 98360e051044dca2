import type { Config } from '@netlify/functions';
import { NotFound } from '~/server/domain/errors';
import { apiHandler } from '~/server/http/handler';

/** Any other /api/* address: a JSON 404 in the API's error shape, never the site's HTML. */
export default apiHandler({ methods: ['GET', 'POST', 'PUT', 'DELETE'] }, () => {
  throw new NotFound(['There is no such API address.']);
});

export const config: Config = { path: ['/api', '/api/*'] };
