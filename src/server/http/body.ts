/** Reads and validates request bodies with the shared zod schemas (DECISIONS 9). */
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { ValidationError } from '~/server/domain/errors';

/** Largest JSON body any API call accepts, in bytes. */
export const MAX_BODY_BYTES = 32 * 1024;

/**
 * Parses the request's JSON body with `schema`. Throws `ValidationError` (HTTP 400) with plain
 * sentences when the body is missing, too large, not JSON, or breaks the schema.
 */
export async function readBody<S extends $ZodType>(request: Request, schema: S): Promise<output<S>> {
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    throw new ValidationError(['The request is too large.']);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ValidationError(['The request body must be JSON.']);
  }
  const result = safeParse(schema, json);
  if (!result.success) {
    // One sentence per problem, each only once, in the order the fields come.
    throw new ValidationError([...new Set(result.error.issues.map((issue) => issue.message))]);
  }
  return result.data;
}
