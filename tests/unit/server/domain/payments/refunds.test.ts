/**
 * Refunds by staff and their GST credit notes (DECISIONS 49; issue 28, items 4-5), against a fake
 * Razorpay API on loopback and a real blob server: one refund per Idempotency-Key, the gateway
 * called with the amount and notes, a credit note per refund in its own consecutive series with
 * the invoice's tax heads, the refunded course buyable again, a failed refund needing attention.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { Conflict, NotFound } from '~/server/domain/errors';
import type { OutgoingMail } from '~/server/domain/mail';
import { startPayment, type PaymentDeps } from '~/server/domain/payments/checkout-payment';
import { settlePayment } from '~/server/domain/payments/payment-decision';
import { listPayments, recordRefundEvent } from '~/server/domain/payments/payment-records';
import { salesRegisterCsv } from '~/server/domain/console/exports';
import { listOrders } from '~/server/domain/console/orders';
import { creditNoteFor, refundOrder } from '~/server/domain/payments/refunds';
import { addToCart } from '~/server/domain/shop/cart';
import { invoiceOf, purchaseHistory } from '~/server/domain/shop/orders';
import { getPayment } from '~/server/storage/payments';
import { refundsOfOrder } from '~/server/storage/refunds';
import { razorpayDeps } from '../../../../support/razorpay-deps';
import { useBlobsServer } from '../../../../support/blobs-server';
import { useOpenBatches } from '../../../../support/open-batches';
import { useFakeRazorpay } from '../../../../support/fake-razorpay';
import { newAccount } from '../../../../support/people';

// In the company's state: CGST + SGST, the heads the credit note must reverse.
const MAHARASHTRA = { name: 'Priya Rao', country: 'IN', state: '27', gstin: undefined };
const STAFF = { userId: 'staff-user', name: 'Anita Kulkarni', email: 'anita@example.com' };

useBlobsServer();
// The clock runs years ahead: batches that are still open then (issue 31).
useOpenBatches();

const fake = useFakeRazorpay();
let mails: OutgoingMail[];
let deps: PaymentDeps;
beforeEach(() => {
  mails = [];
  fake.refusingRefunds = false;
  // Razorpay completes most refunds at once; the pending and failed ones have tests of their own.
  fake.refundStatus = 'processed';
  // A financial year of its own per file run: FY 2037-38.
  deps = razorpayDeps(fake.url, new Date('2037-06-01T06:00:00.000Z'), mails);
});

/** A buyer who paid for these courses: their user id, order number and payment id. */
async function paidOrder(courseIndexes: number[], userId?: string) {
  const buyer = userId ?? (await newAccount()).userId;
  for (const index of courseIndexes) await addToCart(buyer, courses[index]!.id);
  const answer = await startPayment({ userId: buyer, idempotencyKey: undefined, billing: MAHARASHTRA }, deps);
  const orderId = answer.gateway.fields['order_id']!;
  const payment = fake.pay(orderId, 'captured');
  const settled = await settlePayment({ orderId, paymentId: payment.id }, deps);
  if (settled.outcome !== 'order') throw new Error(`not placed: ${settled.outcome}`);
  return { userId: buyer, orderNo: settled.orderNo, paymentId: payment.id };
}

const refund = (orderNo: string, extra: { courseIds?: number[]; key?: string; reason?: string } = {}) =>
  refundOrder(
    {
      orderNo,
      ...(extra.courseIds ? { courseIds: extra.courseIds } : {}),
      reason: extra.reason ?? 'The batch was cancelled.',
      idempotencyKey: extra.key,
      staff: STAFF,
    },
    deps,
  );

describe('refunds by staff (DECISIONS 49)', () => {
  it('one course of two: the gateway refunds its price with notes, a credit note reverses its value and tax under the invoice heads', async () => {
    const [first, second] = [courses[0]!, courses[1]!];
    const { userId, orderNo, paymentId } = await paidOrder([0, 1]);
    const answer = await refund(orderNo, { courseIds: [second.id], key: 'k-1' });
    expect(answer).toEqual({
      id: expect.stringMatching(/^rf_[0-9a-f]{16}$/),
      // A buyer in Maharashtra pays and is refunded in rupees (DECISIONS 46; was USD before issue 29).
      amount: second.discountedFeesPaise / 100,
      currency: 'INR',
      status: 'processed',
      courseIds: [second.id],
      creditNoteNo: expect.stringMatching(/^SIS-CN3738-\d{5}$/),
    });
    expect(fake.refunds.filter((each) => each.payment_id === paymentId)).toEqual([
      expect.objectContaining({
        amount: second.discountedFeesPaise,
        notes: expect.objectContaining({
          reason: 'The batch was cancelled.',
          orderNo,
          refundId: answer.id,
        }),
      }),
    ]);

    const note = await creditNoteFor(userId, orderNo, answer.creditNoteNo!);
    const invoice = await invoiceOf(userId, orderNo);
    const invoiceLine = invoice.lines.find((line) => line.courseId === second.id)!;
    expect(note).toMatchObject({
      creditNoteNo: answer.creditNoteNo,
      originalInvoice: { orderNo, orderDate: invoice.orderDate },
      reason: 'The batch was cancelled.',
      amountStatus: 'Refunded',
      billTo: invoice.billTo,
      lines: [invoiceLine],
      totals: { taxable: invoiceLine.taxableValue, total: invoiceLine.price },
    });
    expect(note.totals.taxes.map((tax) => tax.label)).toEqual(invoice.totals.taxes.map((tax) => tax.label));
    const taxSum = note.totals.taxes.reduce((sum, tax) => sum + Math.round(tax.amount * 100), 0);
    expect(Math.round(note.totals.taxable * 100) + taxSum).toBe(second.discountedFeesPaise);

    // The history shows it on its line; the refunded course can be bought again, the other not.
    const history = await purchaseHistory(userId);
    expect(history.find((item) => item.id === second.id)?.refund).toEqual({
      creditNoteNo: answer.creditNoteNo,
      amount: second.discountedFeesPaise / 100,
      at: expect.any(String),
    });
    expect(history.find((item) => item.id === first.id)?.refund).toBeUndefined();
    await expect(addToCart(userId, first.id)).rejects.toBeInstanceOf(Conflict);
    const again = await paidOrder([1], userId);
    expect(again.orderNo).not.toBe(orderNo);

    // The buyer is told, with the credit note's link.
    expect(mails.find((mail) => mail.idempotencyKey === `refund-${answer.id}`)?.text).toContain(
      `https://sis.example/credit-note?id=${answer.creditNoteNo}&order=${orderNo}`,
    );
  });

  it('pressed 10 times at once with one key: one refund, one gateway call, one credit note', async () => {
    const { orderNo, paymentId } = await paidOrder([2, 3]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(orderNo, { key: 'same-key' })));
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    // Presses answered while the gateway was being asked say pending; none names another note.
    expect(new Set(answers.map((answer) => answer.creditNoteNo).filter(Boolean)).size).toBe(1);
    expect(fake.refunds.filter((each) => each.payment_id === paymentId)).toHaveLength(1);
    expect(await refundsOfOrder(orderNo)).toHaveLength(1);
  });

  it("the console's order row lists its refunds with their state and credit note, after a reload too", async () => {
    const { orderNo } = await paidOrder([6, 7]);
    const answer = await refund(orderNo, { courseIds: [courses[7]!.id] });
    const page = await listOrders({ q: orderNo.toLowerCase() }, deps.now());
    expect(page.items.map((row) => row.orderNo)).toEqual([orderNo]);
    expect(page.items[0]!.refunds).toEqual([answer]);
    const unrefunded = await paidOrder([8]);
    const other = await listOrders({ q: unrefunded.orderNo.toLowerCase() }, deps.now());
    expect(other.items[0]!.refunds).toBeUndefined();
  });

  it('credit notes are consecutive; nothing left to refund is a Conflict', async () => {
    const { orderNo } = await paidOrder([4, 5]);
    const a = await refund(orderNo, { courseIds: [courses[4]!.id] });
    const b = await refund(orderNo);
    expect(b.courseIds).toEqual([courses[5]!.id]);
    expect(Number(b.creditNoteNo!.slice(-5))).toBe(Number(a.creditNoteNo!.slice(-5)) + 1);
    await expect(refund(orderNo)).rejects.toBeInstanceOf(Conflict);
    await expect(refund(orderNo, { courseIds: [courses[4]!.id] })).rejects.toBeInstanceOf(Conflict);
    await expect(refund('SIS-0000-999999')).rejects.toBeInstanceOf(NotFound);
  });

  it('a refund the gateway refuses is failed and its payment needs attention; refund.processed moves a pending one', async () => {
    const { orderNo, paymentId } = await paidOrder([6]);
    fake.refusingRefunds = true;
    const failed = await refund(orderNo, { key: 'fails' });
    expect(failed.status).toBe('failed');
    expect(await getPayment(paymentId)).toMatchObject({
      outcome: 'attention',
      reason: expect.stringContaining('failed'),
    });
    const attention = await listPayments({ status: 'attention' }, deps.now());
    expect(attention.items.some((row) => row.paymentId === paymentId)).toBe(true);

    fake.refusingRefunds = false;
    fake.refundStatus = 'pending';
    const other = await paidOrder([7]);
    const pending = await refund(other.orderNo);
    const gatewayRefund = fake.refunds.find((each) => each.payment_id === other.paymentId)!;
    await recordRefundEvent({ id: gatewayRefund.id, payment_id: other.paymentId, status: 'processed' }, deps);
    expect((await refundsOfOrder(other.orderNo))[0]).toMatchObject({ id: pending.id, state: 'processed' });
  });

  it('the sales register lists the credit note as a negative row beside its invoice', async () => {
    const { orderNo } = await paidOrder([0]);
    const { creditNoteNo } = await refund(orderNo);
    const csv = await salesRegisterCsv({ from: '2037-06-01', to: '2037-06-01' }, deps.now());
    const rows = csv.split('\r\n').map((line) => line.split(','));
    const invoiceRow = rows.find((row) => row[0] === orderNo)!;
    const noteRow = rows.find((row) => row[0] === creditNoteNo)!;
    // Taxable value, IGST, CGST, SGST, total: the same amounts, negative.
    expect(noteRow.slice(8, 13).map(Number)).toEqual(
      invoiceRow.slice(8, 13).map((cell) => -Number(cell) || 0),
    );
    expect(noteRow[13]).toBe(invoiceRow[13]);
    expect(csv).toMatch(/"Total \(\d+ invoices, \d+ credit notes\)"/);
  });

  it('the credit note opens for its buyer and staff only', async () => {
    const { userId, orderNo } = await paidOrder([8]);
    const { creditNoteNo } = await refund(orderNo);
    const stranger = await newAccount();
    await expect(creditNoteFor(stranger.userId, orderNo, creditNoteNo!)).rejects.toBeInstanceOf(NotFound);
    expect(
      (await creditNoteFor(stranger.userId, orderNo, creditNoteNo!, { anyOrder: true })).creditNoteNo,
    ).toBe(creditNoteNo);
    await expect(creditNoteFor(userId, 'SIS-0000-000001', creditNoteNo!)).rejects.toBeInstanceOf(NotFound);
  });
});
