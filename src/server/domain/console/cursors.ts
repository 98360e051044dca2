/**
 * The cursors of the console's lists (DECISIONS 53; API.md, Company console): a list's position
 * (for a time index, the last key a page showed) sealed with an HMAC under a key the server made,
 * so a cursor is only ever one the server gave out. Anything else (edited, forged, from another
 * list) is a 400 with a plain sentence, decided in constant time before any storage is read:
 * no request costs more because of the cursor it carries.
 *
 * Every console list pages through `pageWithCursor`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '~/server/domain/errors';
import { storedKey } from '~/server/storage/secrets';

/** The answer to a cursor the server did not make (or that names another list). */
const BAD_CURSOR = 'That page is no longer available. Please load the list again.';
/** Longest position a cursor carries (a time index key is about 60 characters). */
const POSITION_MAX = 200;

let key: Promise<string> | undefined;

/** The HMAC key of cursors, made once and kept in the `secrets` store; read once per instance. */
function cursorKey(): Promise<string> {
  key ??= storedKey('console-cursor-key').catch((error: unknown) => {
    // A failed read is tried again by the next request, not remembered.
    key = undefined;
    throw error;
  });
  return key;
}

const macOf = (secret: string, list: string, position: string) =>
  createHmac('sha256', secret).update(`${list}\n${position}`).digest();

/** A cursor for `position` in `list`: `<position, base64url>.<HMAC, base64url>`. */
async function sealCursor(list: string, position: string): Promise<string> {
  const mac = macOf(await cursorKey(), list, position);
  return `${Buffer.from(position, 'utf8').toString('base64url')}.${mac.toString('base64url')}`;
}

/** The position a cursor of `list` names; a `ValidationError` (400) for any other cursor. */
async function openCursor(list: string, cursor: string): Promise<string> {
  const [encoded, sealed, ...rest] = cursor.split('.');
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (rest.length > 0 || !encoded || !sealed || !base64url.test(encoded) || !base64url.test(sealed))
    throw new ValidationError([BAD_CURSOR]);
  const position = Buffer.from(encoded, 'base64url').toString('utf8');
  const given = Buffer.from(sealed, 'base64url');
  const expected = macOf(await cursorKey(), list, position);
  if (position.length > POSITION_MAX || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new ValidationError([BAD_CURSOR]);
  return position;
}

/** A page of a console list, newest first, and the cursor of the next (none after the last). */
export interface Page<T> {
  readonly items: T[];
  readonly cursor: string | undefined;
}

/**
 * One page of `list`: opens the cursor it was given (none: the first page), reads the page after
 * that position, and seals the position the page ended at (`read`'s `cursor`) into the next one.
 */
export async function pageWithCursor<T>(
  list: string,
  cursor: string | undefined,
  read: (after: string | undefined) => Promise<{ readonly items: T[]; readonly cursor: string | undefined }>,
): Promise<Page<T>> {
  const after = cursor === undefined || cursor === '' ? undefined : await openCursor(list, cursor);
  const page = await read(after);
  return {
    items: page.items,
    cursor: page.cursor === undefined ? undefined : await sealCursor(list, page.cursor),
  };
}
