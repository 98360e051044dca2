/**
 * The notices shown beside the forms (DECISIONS 63; API.md, Accounts, "Your account", consent
 * records): a form call may name the version it showed; the record then keeps `{version, at}`, or
 * null when the call named none. A version that is not the form's current one is refused before
 * anything is counted or stored.
 */
import { notices } from '~/content/ui/notices';
import * as z from '~/lib/shared/zod';
import { NOTICE_CHANGED, type NoticeAccepted, type NoticeForm } from '~/lib/shared/schemas/notice';
import { NoticesSchema } from '~/lib/shared/schemas/notice-copy';
import { ValidationError } from '~/server/domain/errors';

/** The notices as the site shows them now, checked once (a bad copy fails every function at load). */
const current = z.parse(NoticesSchema, notices);

/** The current version of a form's notice. */
export function currentNoticeVersion(form: NoticeForm): string {
  return current[form].version;
}

/**
 * What a record keeps of the notice a call of `form` named: `{version, at: now}`, or null when it
 * named none. Throws `ValidationError` (400, "This form's notice has changed…") for any version
 * but the form's current one.
 */
export function noticeAccepted(form: NoticeForm, version: string | undefined, now: Date): NoticeAccepted {
  if (version === undefined) return null;
  if (version !== current[form].version) throw new ValidationError([NOTICE_CHANGED]);
  return { version, at: now.toISOString() };
}
