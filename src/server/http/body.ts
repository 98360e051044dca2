/** Reads and validates request bodies and query strings with the shared zod schemas (DECISIONS 9). */
import { safeParse, type $ZodRawIssue, type $ZodType, type output } from 'zod/v4/core';
import { PayloadTooLarge, ValidationError } from '~/server/domain/errors';

/** Largest JSON body any API call accepts, in bytes. */
export const MAX_BODY_BYTES = 32 * 1024;

/** `mobile` -> `Mobile`, `repassword` -> `Repassword`: a field name as a person reads it. */
function fieldName(path: readonly PropertyKey[]): string {
  const name = String(path.at(-1) ?? 'value');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The sentence for a problem the schema gave no message of its own: zod's defaults ("Invalid
 * input: expected string, received undefined") are for developers, not visitors.
 */
function plainIssueMessage(issue: $ZodRawIssue): string {
  const path = issue.path ?? [];
  if (path.length === 0 && issue.code === 'invalid_type') return 'The request must be a JSON object.';
  const field = fieldName(path);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${field} is required.` : `${field} has the wrong kind of value.`;
    case 'unrecognized_keys':
      return `The request has fields this form does not use: ${issue.keys.join(', ')}.`;
    case 'too_big':
      return `${field} is too long.`;
    case 'too_small':
      return `${field} is too short.`;
    default:
      return `${field} is not valid.`;
  }
}

const TOO_LARGE = 'The request is too large.';

/**
 * Reads the body as text, never more than `limit` + 1 bytes whatever the sender declares or
 * streams (a chunked body has no length): past the limit the stream is cancelled and
 * `PayloadTooLarge` thrown (issue 22, item 8).
 */
export async function readLimitedText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw new PayloadTooLarge([TOO_LARGE]);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLarge([TOO_LARGE]);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * Parses the request's JSON body with `schema`. Throws `PayloadTooLarge` (HTTP 413) for a body
 * over `MAX_BODY_BYTES`, and `ValidationError` (HTTP 400) with plain sentences when the body is
 * missing, not JSON, or breaks the schema.
 */
export async function readBody<S extends $ZodType>(request: Request, schema: S): Promise<output<S>> {
  const text = await readLimitedText(request);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ValidationError(['The request body must be JSON.']);
  }
  return parseInput(schema, json);
}

/**
 * Parses the request's query string (each parameter once, as a string) with `schema`; throws
 * `ValidationError` (HTTP 400) with plain sentences when it breaks the schema.
 */
export function readQuery<S extends $ZodType>(request: Request, schema: S): output<S> {
  return parseInput(schema, Object.fromEntries(new URL(request.url).searchParams));
}

function parseInput<S extends $ZodType>(schema: S, input: unknown): output<S> {
  const result = safeParse(schema, input, { error: plainIssueMessage });
  if (!result.success) {
    // One sentence per problem, each only once, in the order the fields come.
    throw new ValidationError([...new Set(result.error.issues.map((issue) => issue.message))]);
  }
  return result.data;
}

/**
 * Reads a form-encoded body (`application/x-www-form-urlencoded`: the payment gateway's form post)
 * as name -> value, the first value of each name; the same size limit as JSON bodies.
 */
export async function readFormFields(request: Request): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(await readLimitedText(request))) fields[name] ??= value;
  return fields;
}
