/**
 * `POST /api/account/delete` (docs/api.md, "Your account"; DECISIONS 63): a customer closes their
 * account. Erased: every session, the cart, the profile (name, e-mail, mobile, password, saved
 * billing), the leads sent from their address, and their entries as an attendee on courses
 * others bought. Kept, with the law that keeps them: their orders with the invoices as issued,
 * credit notes and payment records (CGST Act s.36: 8 years). The address and the mobile number
 * are free for a new sign-up at once. Staff see a closed account, without its contact details.
 *
 * The steps run in an order a crash cannot spoil: sessions end first; the erasures can all run
 * again; the account record goes last but one, after which the e-mail index (which names an
 * account that no longer exists, so the next sign-up takes it over) is given up.
 */
import type { DeleteAccountRequest } from '~/lib/shared/schemas/account';
import { renderAccountClosedMail } from '~/server/domain/auth/account-mails';
import type { AccountDeps } from '~/server/domain/auth/account-deps';
import { sha256 } from '~/server/domain/auth/codes';
import { revokeAllSessions, type SessionUser } from '~/server/domain/auth/sessions';
import { accountOf, checkCurrentPassword } from '~/server/domain/auth/your-account';
import { deleteCart } from '~/server/storage/carts';
import { forgetSheetRow } from '~/server/storage/console-sheets';
import { listEnrolmentsOf, updateEnrolment } from '~/server/storage/enrolments';
import { listOrdersOfUser } from '~/server/storage/orders';
import { eraseLead, leadIdsFromEmail } from '~/server/storage/lead-erasure';
import { refundsOfOrder } from '~/server/storage/refunds';
import {
  closeUser,
  emailIndexKey,
  releaseIndex,
  removeMobileHolder,
  type ClosedAccount,
} from '~/server/storage/users';

/** Why the tax records outlive the account, as the closed record and the mail say it. */
const KEPT_BECAUSE = 'GST law keeps tax records for 8 years (CGST Act s.36, Rule 56)';

/** Why a closed account's leads were erased, as the console shows it. */
const LEAD_ERASE_REASON = 'They deleted their account.';

/** What the law keeps of an account: its orders with invoices, credit notes and payments, counted. */
async function keptRecordsOf(userId: string): Promise<ClosedAccount['kept']> {
  const orders = await listOrdersOfUser(userId);
  const refunds = (await Promise.all(orders.map((order) => refundsOfOrder(order.orderNo)))).flat();
  const kept = [
    { records: 'orders with their invoices', count: orders.length },
    { records: 'credit notes', count: refunds.filter((refund) => refund.creditNoteNo).length },
    { records: 'payment records', count: orders.filter((order) => order.payment).length },
  ];
  return kept.filter((each) => each.count > 0).map((each) => ({ ...each, why: KEPT_BECAUSE }));
}

/** Closes the signed-in account, after its password and the word DELETE. */
export async function closeAccount(
  session: SessionUser,
  input: DeleteAccountRequest,
  clientAddress: string,
  deps: AccountDeps,
): Promise<void> {
  const user = await accountOf(session.userId);
  const now = deps.now();
  await checkCurrentPassword(user, input.password, clientAddress, { settings: deps.settings, now });
  const kept = await keptRecordsOf(user.userId);
  await revokeAllSessions(user.userId);

  // Their entries as an attendee on courses others bought (the buyer's own records keep theirs).
  const email = user.email.toLowerCase();
  const named = (await listEnrolmentsOf({ userId: user.userId, email })).filter(
    (enrolment) => enrolment.buyer.userId !== user.userId,
  );
  await Promise.all(
    named.map((enrolment) =>
      updateEnrolment(enrolment.orderNo, enrolment.courseId, (record) => ({
        ...record,
        attendees: record.attendees.filter((attendee) => attendee.email.toLowerCase() !== email),
      })),
    ),
  );
  await deleteCart(user.userId);
  // Every lead sent from their address (contact form, Get A Quote): who, when and why kept.
  for (const id of await leadIdsFromEmail(user.email))
    await eraseLead(id, { by: 'the customer', reason: LEAD_ERASE_REASON, at: now });

  await closeUser({ userId: user.userId, createdAt: user.createdAt, closedAt: now.toISOString(), kept });
  await Promise.all([
    releaseIndex(emailIndexKey(sha256(user.email)), user.userId),
    removeMobileHolder(user.mobile, user.userId),
    forgetSheetRow('customers', new Date(user.createdAt), user.userId),
  ]);
  await deps.mail.queue({
    ...renderAccountClosedMail({ name: user.name, kept: kept.map((each) => each.records) }),
    to: [user.email],
    idempotencyKey: `account-closed-${user.userId}`,
  });
}
