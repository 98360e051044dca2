/**
 * zod/mini, as every schema of the site imports it. In the browser it runs without code
 * generation (`jitless`): zod otherwise probes `new Function` to compile fast object parsers,
 * which the Content-Security-Policy (no 'unsafe-eval') refuses and the browser reports as a
 * violation. On the server, where nothing forbids it, the compiled parsers stay. This module's
 * body runs before any module that builds a schema with it.
 */
/* eslint-disable no-restricted-imports -- the one module that imports zod/mini directly */
import * as z from 'zod/mini';

z.config({ jitless: typeof document !== 'undefined' });

export * from 'zod/mini';
