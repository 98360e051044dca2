import type { Context } from '@netlify/functions';

/** The visitor's IP address as Netlify reports it; `unknown` when there is none (local tests). */
export function clientAddressOf(request: Request, context: Context | undefined): string {
  return context?.ip || request.headers.get('x-nf-client-connection-ip') || 'unknown';
}
