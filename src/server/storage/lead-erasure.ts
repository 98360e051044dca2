/**
 * Erasing a lead's personal data (DECISIONS 63): staff on request (`POST
 * /api/console/leads/{id}/erase`), or the customer deleting their account. The name, e-mail,
 * phone and message go from every place they were: the message (`contact-messages`), its two
 * e-mails on the mail queue (the company's copy repeats all of it; both name the address) and
 * their local outbox copies, the marker that finds it by address, the console's sheet row and the
 * note staff wrote on it. What remains says it was erased, by whom, when and why, never what it
 * said; the `leads` indexes keep its id (no personal data), so the console still lists it as
 * erased, under Handled.
 *
 * Order of the steps: the record is replaced first (one conditional write: the first erasure
 * stays), then the copies are deleted. Every step but the first is idempotent and runs on every
 * call, so a call cut short is finished by the next one.
 */
import type { ErasedContactMessage, Erasure } from '~/lib/shared/schemas/contact-message';
import { settleErasedLeadState } from '~/server/storage/console-records';
import { forgetSheetRow } from '~/server/storage/console-sheets';
import {
  contactMailKeys,
  forgetEmailMarker,
  getStoredContactMessage,
  isErased,
  markContactMessageMailed,
  replaceWithErased,
} from '~/server/storage/contact-messages';
import { deleteQueuedMail, getQueuedMail } from '~/server/storage/mail-queue';
import { deleteOutboxMail } from '~/server/storage/outbox';
import { addToIndex, removeFromIndex } from '~/server/storage/time-index';

export { leadIdsFromEmail } from '~/server/storage/contact-messages';

/** Who erases a lead and why: a staff member's e-mail or 'the customer', the time, a reason. */
export interface LeadEraseRequest {
  /** A staff member's e-mail, or 'the customer' (they deleted their account). */
  readonly by: string;
  /** Why, in a sentence (at most 300 characters). */
  readonly reason: string;
  readonly at: Date;
}

/** A lead's e-mail as the erased record keeps it: how its delivery ended, nothing it said. */
async function deliveryOf(key: string): Promise<ErasedContactMessage['mail']['company']> {
  const delivery = (await getQueuedMail(key))?.delivery;
  return { status: delivery?.status ?? 'pending', attempts: delivery?.attempts ?? 0 };
}

/**
 * Erases lead `id`'s personal data (see the module comment). Resolves to what remains: the
 * erased record, the first erasure's when the lead was erased before (nothing about it changes
 * then); undefined when there is no such lead.
 */
export async function eraseLead(
  id: string,
  request: LeadEraseRequest,
): Promise<ErasedContactMessage | undefined> {
  const stored = await getStoredContactMessage(id);
  if (stored === undefined) return undefined;
  const keys = contactMailKeys(id);
  let erased: ErasedContactMessage;
  if (isErased(stored)) erased = stored;
  else {
    const erasure: Erasure = { by: request.by, at: request.at.toISOString(), reason: request.reason };
    const [company, visitor] = await Promise.all([deliveryOf(keys.company), deliveryOf(keys.visitor)]);
    // Before the record: once it is erased, nothing here knows the address any more.
    await forgetEmailMarker(stored.email, id);
    const replaced = await replaceWithErased(id, {
      id,
      receivedAt: stored.receivedAt,
      client: stored.client,
      ...(stored.form ? { form: stored.form } : {}),
      ...(stored.notice !== undefined ? { notice: stored.notice } : {}),
      mail: { company, visitor },
      erased: erasure,
    });
    if (replaced === undefined || !isErased(replaced)) return undefined;
    erased = replaced;
  }
  await Promise.all([
    deleteQueuedMail(keys.company),
    deleteQueuedMail(keys.visitor),
    deleteOutboxMail(keys.company),
    deleteOutboxMail(keys.visitor),
    markContactMessageMailed(id),
    settleErasedLeadState(id, erased.erased.by, new Date(erased.erased.at)),
  ]);
  const at = new Date(erased.receivedAt);
  // Into Handled first: a crash between the two shows the lead twice, never nowhere.
  await addToIndex('leads-handled', at, id);
  await removeFromIndex('leads-new', at, id);
  await forgetSheetRow('leads', at, id);
  return erased;
}
