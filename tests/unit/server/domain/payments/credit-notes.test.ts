/**
 * Credit notes as DECISIONS 49 (revised) and 57 ask (issue 38, items 1-2), against a fake Razorpay
 * on loopback and a real blob server: a credit note only once the money went back (`processed`),
 * dated then and made from the invoice as issued; none for a failed refund, whose courses can be
 * refunded again; a refund's state only moves forward; and whatever runs at once, one credit note
 * per refund, counted once in the sales register, the GSTR-1 files and the month's summary.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { Conflict, NotFound, ValidationError } from '~/server/domain/errors';
import type { OutgoingMail } from '~/server/domain/mail';
import { startPayment, type PaymentDeps } from '~/server/domain/payments/checkout-payment';
import { settlePayment } from '~/server/domain/payments/payment-decision';
import { listPayments, recordRefundEvent } from '~/server/domain/payments/payment-records';
import {
  creditNoteFor,
  creditNotesIn,
  recordOrderRefundEvent,
  REFUND_ERRORS,
  refundOrder,
} from '~/server/domain/payments/refunds';
import { salesRegisterCsv } from '~/server/domain/console/exports';
import { gstr1CsvOf, gstr1SummaryOf } from '~/server/domain/console/gstr1-month';
import { addToCart } from '~/server/domain/shop/cart';
import { invoiceOf, purchaseHistory } from '~/server/domain/shop/orders';
import type { Billing } from '~/lib/shared/schemas/billing';
import { getPayment } from '~/server/storage/payments';
import { getOrder, saveOrder } from '~/server/storage/orders';
import { getCreditNote, refundsOfOrder, saveCreditNote } from '~/server/storage/refunds';
import { getEnrolment } from '~/server/storage/enrolments';
import { getBatch, seatsTaken } from '~/server/storage/batches';
import { openStore } from '~/server/storage/blob-store';
import { addToIndex } from '~/server/storage/time-index';
import { site } from '~/site.config';
import { razorpayDeps } from '../../../../support/razorpay-deps';
import { useBlobsServer } from '../../../../support/blobs-server';
import { useOpenBatches } from '../../../../support/open-batches';
import { useFakeRazorpay } from '../../../../support/fake-razorpay';
import { newAccount } from '../../../../support/people';

const MAHARASHTRA: Billing = { name: 'Priya Rao', country: 'IN', state: '27' };
const STAFF = { userId: 'staff-user', name: 'Anita Kulkarni', email: 'anita@example.com' };
/** FY 2041-42, a series of this file's own. */
const PAID_AT = new Date('2041-06-10T06:00:00.000Z');

useBlobsServer();
useOpenBatches();

const fake = useFakeRazorpay();
let mails: OutgoingMail[];
beforeEach(() => {
  mails = [];
  fake.refusingRefunds = false;
  fake.refundStatus = 'processed';
});

const depsAt = (at: Date): PaymentDeps => razorpayDeps(fake.url, at, mails);
const later = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

/** A buyer who paid for these courses at `at`, billed as `billing`. */
async function paidOrder(courseIndexes: number[], billing: Billing = MAHARASHTRA, at = PAID_AT) {
  const deps = depsAt(at);
  const { userId } = await newAccount();
  for (const index of courseIndexes) await addToCart(userId, courses[index]!.id);
  const answer = await startPayment({ userId, idempotencyKey: undefined, billing }, deps);
  const orderId = answer.gateway.fields['order_id']!;
  const payment = fake.pay(orderId, 'captured', undefined, billing.country !== 'IN');
  const settled = await settlePayment({ orderId, paymentId: payment.id }, deps);
  if (settled.outcome !== 'order') throw new Error(`not placed: ${settled.outcome}`);
  return { userId, orderNo: settled.orderNo, paymentId: payment.id };
}

const refund = (
  orderNo: string,
  extra: { courseIds?: number[]; key?: string; at?: Date; deps?: PaymentDeps } = {},
) =>
  refundOrder(
    {
      orderNo,
      ...(extra.courseIds ? { courseIds: extra.courseIds } : {}),
      reason: 'The batch was cancelled.',
      idempotencyKey: extra.key,
      staff: STAFF,
    },
    extra.deps ?? depsAt(extra.at ?? PAID_AT),
  );

/** Razorpay's word on a refund (the webhook's payload), as the site records it. */
const gatewaySays = (gatewayRefundId: string, paymentId: string, status: 'processed' | 'failed', at: Date) =>
  recordRefundEvent({ id: gatewayRefundId, payment_id: paymentId, status }, depsAt(at));

/** What the month's records count of an order's credit notes: the register, docs.csv, the summary. */
async function countedNotes(orderNo: string, month = '2041-06') {
  const [notes, register, docs, summary] = await Promise.all([
    creditNotesIn({ from: `${month}-01`, to: `${month}-28` }, PAID_AT),
    salesRegisterCsv({ from: `${month}-01`, to: `${month}-28` }, PAID_AT),
    gstr1CsvOf('docs', month, PAID_AT),
    gstr1SummaryOf(month, PAID_AT),
  ]);
  const ofOrder = notes.filter((note) => note.originalInvoice.orderNo === orderNo);
  const numbers = ofOrder.map((note) => note.creditNoteNo);
  return {
    numbers,
    registerRows: register.split('\r\n').filter((row) => numbers.some((no) => row.startsWith(`${no},`)))
      .length,
    allNotes: notes.length,
    docs,
    summaryNotes: summary.creditNotes,
  };
}

describe('one credit note per refund, whatever runs at once (DECISIONS 57; issue 38, item 1)', () => {
  it.each([10, 50])(
    '%i presses with one key, and as many processed webhooks at once, leave one credit note counted once',
    async (presses) => {
      fake.refundStatus = 'pending';
      const { orderNo, paymentId } = await paidOrder([0, 1]);
      const before = await countedNotes(orderNo);
      const first = await Promise.all(
        Array.from({ length: presses }, () => refund(orderNo, { key: 'one-key' })),
      );
      expect(new Set(first.map((answer) => answer.id)).size).toBe(1);
      const gatewayRefund = fake.refunds.filter((each) => each.payment_id === paymentId);
      expect(gatewayRefund).toHaveLength(1);
      fake.settleRefund(gatewayRefund[0]!.id, 'processed');
      await Promise.all([
        ...Array.from({ length: presses }, () =>
          gatewaySays(gatewayRefund[0]!.id, paymentId, 'processed', PAID_AT),
        ),
        ...Array.from({ length: presses }, () => refund(orderNo, { key: 'one-key' })),
      ]);
      const after = await countedNotes(orderNo);
      expect(after.numbers).toHaveLength(1);
      expect(after.registerRows).toBe(1);
      expect(after.allNotes - before.allNotes).toBe(1);
      expect(after.summaryNotes - before.summaryNotes).toBe(1);
      const [stored] = await refundsOfOrder(orderNo);
      expect(stored).toMatchObject({ state: 'processed', creditNoteNo: after.numbers[0] });
    },
  );

  it.each([10, 50])(
    '%i presses without a key: one refund, the others told nothing is left',
    async (presses) => {
      const { orderNo, paymentId } = await paidOrder([2]);
      const settled = await Promise.allSettled(Array.from({ length: presses }, () => refund(orderNo)));
      const made = settled.filter((each) => each.status === 'fulfilled');
      expect(made).toHaveLength(1);
      for (const each of settled)
        if (each.status === 'rejected') expect(each.reason).toBeInstanceOf(Conflict);
      expect(fake.refunds.filter((each) => each.payment_id === paymentId)).toHaveLength(1);
      expect((await countedNotes(orderNo)).numbers).toHaveLength(1);
    },
  );
});

describe('a credit note once the money went back (DECISIONS 49; issue 38, item 2)', () => {
  it('pending: no credit note, the buyer told it is pending; processed later: issued then, in the series of that day', async () => {
    fake.refundStatus = 'pending';
    // Paid and refunded on 31 March, processed on 2 April: the note is of FY 2042-43.
    const march = new Date('2042-03-31T08:00:00.000Z');
    const april = new Date('2042-04-02T05:30:00.000Z');
    const { userId, orderNo, paymentId } = await paidOrder([3], MAHARASHTRA, march);
    const asked = await refund(orderNo, { key: 'march', at: march });
    expect(asked).toMatchObject({ status: 'pending', creditNoteNo: null });
    expect(await purchaseHistory(userId)).toEqual([
      expect.objectContaining({
        refund: { amount: courses[3]!.discountedFeesPaise / 100, at: march.toISOString() },
      }),
    ]);
    const pendingMail = mails.find((mail) => mail.idempotencyKey === `refund-pending-${asked.id}`);
    expect(pendingMail?.subject).toContain('is pending');
    expect(pendingMail?.text).not.toContain('credit-note');
    // Nothing leaves the buyer's calendar yet, and a refund on its way needs no one's attention.
    expect(pendingMail?.text).not.toContain('calendar');
    expect(pendingMail?.attachments).toBeUndefined();
    expect(await getPayment(paymentId)).toMatchObject({ outcome: 'order' });
    // Not released while pending: the course is still the buyer's.
    await expect(addToCart(userId, courses[3]!.id)).rejects.toBeInstanceOf(Conflict);

    const gatewayRefund = fake.refunds.find((each) => each.payment_id === paymentId)!;
    fake.settleRefund(gatewayRefund.id, 'processed');
    await gatewaySays(gatewayRefund.id, paymentId, 'processed', april);
    const [stored] = await refundsOfOrder(orderNo);
    expect(stored).toMatchObject({ state: 'processed', processedAt: april.toISOString() });
    expect(stored!.creditNoteNo).toMatch(/^SIS-CN4243-\d{5}$/);
    const note = await creditNoteFor(userId, orderNo, stored!.creditNoteNo!);
    expect(note.creditNoteDate).toBe(april.toISOString());
    expect(mails.find((mail) => mail.idempotencyKey === `refund-${asked.id}`)?.text).toContain(
      `credit-note?id=${stored!.creditNoteNo}`,
    );
    expect((await purchaseHistory(userId))[0]!.refund).toEqual({
      creditNoteNo: stored!.creditNoteNo,
      amount: courses[3]!.discountedFeesPaise / 100,
      at: april.toISOString(),
    });
    // Released once processed: it can be bought again.
    await expect(addToCart(userId, courses[3]!.id)).resolves.toBeDefined();
  });

  it('failed: no credit note, the payment needs attention, and the same courses can be refunded again', async () => {
    fake.refundStatus = 'failed';
    const { userId, orderNo, paymentId } = await paidOrder([4]);
    const before = await countedNotes(orderNo);
    const failed = await refund(orderNo, { key: 'first-try' });
    expect(failed).toMatchObject({ status: 'failed', creditNoteNo: null });
    expect((await countedNotes(orderNo)).allNotes).toBe(before.allNotes);
    expect(await getPayment(paymentId)).toMatchObject({
      outcome: 'attention',
      reason: expect.stringContaining('Refund it again'),
    });
    expect((await purchaseHistory(userId))[0]!.refund).toBeUndefined();
    // The same key answers the same failed refund; a new press refunds the courses again.
    expect(await refund(orderNo, { key: 'first-try' })).toMatchObject({ id: failed.id, status: 'failed' });
    fake.refundStatus = 'processed';
    const again = await refund(orderNo, { key: 'second-try' });
    expect(again).toMatchObject({ status: 'processed', courseIds: [courses[4]!.id] });
    expect((await countedNotes(orderNo)).numbers).toEqual([again.creditNoteNo]);
    await expect(refund(orderNo, { key: 'third-try' })).rejects.toBeInstanceOf(Conflict);
    // Refunded after all: the payment is the order's again and leaves 'needs attention'.
    expect(await getPayment(paymentId)).toMatchObject({
      outcome: 'order',
      reason: expect.stringContaining(again.id),
    });
    const attention = await listPayments({ status: 'attention' }, PAID_AT);
    expect(attention.items.map((row) => row.paymentId)).not.toContain(paymentId);
  });

  it("another course's refund going through leaves a failed refund's payment needing attention", async () => {
    const { orderNo, paymentId } = await paidOrder([2, 3]);
    fake.refundStatus = 'failed';
    await refund(orderNo, { courseIds: [courses[2]!.id], key: 'course-2' });
    fake.refundStatus = 'processed';
    await refund(orderNo, { courseIds: [courses[3]!.id], key: 'course-3' });
    // Course 2's money is still owed: the payment stays on the attention list.
    expect(await getPayment(paymentId)).toMatchObject({ outcome: 'attention' });
    await refund(orderNo, { courseIds: [courses[2]!.id], key: 'course-2-again' });
    expect(await getPayment(paymentId)).toMatchObject({ outcome: 'order' });
  });

  it('a failed refund of two courses given back one at a time: the payment needs attention until both have gone back', async () => {
    const { orderNo, paymentId } = await paidOrder([2, 3]);
    fake.refundStatus = 'failed';
    await refund(orderNo, { courseIds: [courses[2]!.id, courses[3]!.id], key: 'both' });
    fake.refundStatus = 'processed';
    await refund(orderNo, { courseIds: [courses[2]!.id], key: 'course-2' });
    // Course 3's money is still owed.
    expect(await getPayment(paymentId)).toMatchObject({ outcome: 'attention' });
    // Course 2 went back in the refund before this one: both have now.
    await refund(orderNo, { courseIds: [courses[3]!.id], key: 'course-3' });
    expect(await getPayment(paymentId)).toMatchObject({ outcome: 'order' });
  });

  it('an old refund.failed never undoes processed: the note stays, the payment needs no attention', async () => {
    fake.refundStatus = 'pending';
    const { orderNo, paymentId } = await paidOrder([6]);
    await refund(orderNo, { key: 'k' });
    const gatewayRefund = fake.refunds.find((each) => each.payment_id === paymentId)!;
    fake.settleRefund(gatewayRefund.id, 'processed');
    await gatewaySays(gatewayRefund.id, paymentId, 'processed', PAID_AT);
    const before = await getPayment(paymentId);
    await gatewaySays(gatewayRefund.id, paymentId, 'failed', PAID_AT);
    const [stored] = await refundsOfOrder(orderNo);
    expect(stored).toMatchObject({ state: 'processed', creditNoteNo: expect.any(String) });
    // Not listed for staff and back: the payment's record is as it was.
    expect(await getPayment(paymentId)).toEqual(before);
    expect(before!.outcome).toBe('order');
    expect((await countedNotes(orderNo)).numbers).toEqual([stored!.creditNoteNo]);
  });

  it("is made from the invoice as issued: its rates, heads, seller and LUT, not today's settings", async () => {
    const settings = site as unknown as {
      legalName: string;
      tax: { lutReference: string; gst: { split: { label: string; ratePct: number }[] } };
    };
    const before = {
      legalName: settings.legalName,
      lut: settings.tax.lutReference,
      split: settings.tax.gst.split,
    };
    const intra = await paidOrder([7, 8]);
    const abroad = await paidOrder([0], {
      name: 'Jane Roe',
      country: 'US',
      address: { line: '1 Main St', city: 'Austin', postalCode: '73301' },
    });
    const invoice = await invoiceOf(intra.userId, intra.orderNo);
    const exportInvoice = await invoiceOf(abroad.userId, abroad.orderNo);
    try {
      settings.legalName = 'Renamed Since Ltd.';
      settings.tax.lutReference = 'AD279999999999Z';
      settings.tax.gst.split = [
        { label: 'CGST', ratePct: 2.5 },
        { label: 'SGST', ratePct: 2.5 },
      ];
      const one = await refund(intra.orderNo, { courseIds: [courses[8]!.id] });
      const note = await creditNoteFor(intra.userId, intra.orderNo, one.creditNoteNo!);
      expect(note.seller).toEqual(invoice.seller);
      expect(note.billing).toEqual(invoice.billing);
      expect(note.placeOfSupply).toBe(invoice.placeOfSupply);
      expect(note.totals.taxes.map(({ label, ratePct }) => ({ label, ratePct }))).toEqual([
        { label: 'CGST', ratePct: 9 },
        { label: 'SGST', ratePct: 9 },
      ]);
      // The line as the invoice printed it: quantity, rate per seat, taxable value.
      const printed = invoice.lines.find((line) => line.courseId === courses[8]!.id)!;
      expect(note.lines).toEqual([printed]);
      expect(note.totals.taxable).toBe(printed.taxableValue);
      expect(note.totals.total).toBe(courses[8]!.discountedFeesPaise / 100);

      const all = await refund(abroad.orderNo);
      const exportNote = await creditNoteFor(abroad.userId, abroad.orderNo, all.creditNoteNo!);
      expect(exportNote.exportNote).toBe(exportInvoice.exportNote);
      expect(exportNote.exportNote).not.toContain('AD279999999999Z');
      // The whole invoice reversed: the same figures, in dollars and at the invoice's rupee rate.
      expect(exportNote.totals).toEqual(exportInvoice.totals);
      expect(exportNote.inr).toEqual(exportInvoice.inr);
      expect(exportNote.currency).toBe('USD');
    } finally {
      settings.legalName = before.legalName;
      settings.tax.lutReference = before.lut;
      settings.tax.gst.split = before.split;
    }
  });
});

/** A refusal as the console shows it: its kind (the HTTP status) and its sentence. */
const refusal = (name: string, message: string) => ({ name, messages: [message] });

describe("a refund's refusals (issue 38, item 9)", () => {
  it('courses not in the order are a ValidationError; an unknown order NotFound; nothing is stored', async () => {
    const { orderNo } = await paidOrder([1]);
    await expect(refund(orderNo, { courseIds: [courses[2]!.id] })).rejects.toMatchObject(
      refusal('ValidationError', REFUND_ERRORS.notInOrder),
    );
    await expect(refund(orderNo, { courseIds: [courses[1]!.id, courses[2]!.id] })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(refund('SIS-4142-999999')).rejects.toMatchObject(
      refusal('NotFound', REFUND_ERRORS.notFound),
    );
    await expect(refund('not an order')).rejects.toBeInstanceOf(NotFound);
    expect(await refundsOfOrder(orderNo)).toEqual([]);
  });

  it('an order not paid online is a Conflict and the gateway is not asked', async () => {
    const { orderNo } = await paidOrder([2]);
    const order = (await getOrder(orderNo))!;
    const unpaidNo = orderNo.replace(/\d{6}$/, '999998');
    // An order from before online payment: the same, with no payment.
    await saveOrder({ ...order, orderNo: unpaidNo, payment: undefined });
    const asked = fake.refunds.length;
    await expect(refund(unpaidNo)).rejects.toMatchObject(refusal('Conflict', REFUND_ERRORS.noPayment));
    expect(fake.refunds).toHaveLength(asked);
  });

  it('nothing left to refund is a Conflict with its sentence', async () => {
    const { orderNo } = await paidOrder([5]);
    await refund(orderNo);
    await expect(refund(orderNo)).rejects.toMatchObject(refusal('Conflict', REFUND_ERRORS.nothingLeft));
  });

  it('a credit note asked under another order is not found, even by staff', async () => {
    const a = await paidOrder([3]);
    const b = await paidOrder([4]);
    const { creditNoteNo } = await refund(a.orderNo);
    const notFound = refusal('NotFound', REFUND_ERRORS.creditNote);
    await expect(creditNoteFor(b.userId, b.orderNo, creditNoteNo!, { anyOrder: true })).rejects.toMatchObject(
      notFound,
    );
    await expect(creditNoteFor(a.userId, a.orderNo, 'SIS-CN4142-99999')).rejects.toMatchObject(notFound);
    // Numbers not shaped like ours are refused before anything is read.
    await expect(creditNoteFor(a.userId, a.orderNo, '../orders/x')).rejects.toMatchObject(notFound);
    await expect(
      creditNoteFor(a.userId, '../refunds/x', creditNoteNo!, { anyOrder: true }),
    ).rejects.toMatchObject(notFound);
    // Another buyer is told the same as for a number that does not exist.
    await expect(creditNoteFor(b.userId, a.orderNo, creditNoteNo!)).rejects.toMatchObject(notFound);
  });
});

describe('what a refund records (issue 38, item 9)', () => {
  it("a dollar invoice's partial credit note reverses the rupee value of the refunded line only, at the invoice's rate", async () => {
    const abroad = await paidOrder([5, 6], {
      name: 'Jane Roe',
      country: 'US',
      address: { line: '1 Main St', city: 'Austin', postalCode: '73301' },
    });
    const invoice = await invoiceOf(abroad.userId, abroad.orderNo);
    const one = await refund(abroad.orderNo, { courseIds: [courses[6]!.id] });
    const note = await creditNoteFor(abroad.userId, abroad.orderNo, one.creditNoteNo!);
    // An export bears no GST: its rupee value is the line's price at the rate of the invoice.
    const rupees = Math.round(courses[6]!.discountedFeesCents * invoice.inr!.rate) / 100;
    expect(note.inr).toEqual({
      rate: invoice.inr!.rate,
      taxable: rupees,
      taxes: [],
      total: rupees,
      source: invoice.inr!.source,
    });
    expect(note.inr!.total).toBeLessThan(invoice.inr!.total);
  });

  it('a refund of one course of two gives back only its seats and ends only its enrolment', async () => {
    const { orderNo } = await paidOrder([7, 8]);
    const [kept, refunded] = [courses[7]!, courses[8]!];
    const seatsOf = async (courseId: number) => {
      const enrolment = (await getEnrolment(orderNo, courseId))!;
      return seatsTaken((await getBatch(enrolment.batchId))!);
    };
    const before = { kept: await seatsOf(kept.id), refunded: await seatsOf(refunded.id) };
    await refund(orderNo, { courseIds: [refunded.id] });
    expect(await seatsOf(kept.id)).toBe(before.kept);
    expect(await seatsOf(refunded.id)).toBe(before.refunded - 1);
    expect((await getEnrolment(orderNo, kept.id))!.cancelledAt).toBeUndefined();
    expect((await getEnrolment(orderNo, refunded.id))!.cancelledAt).toBe(PAID_AT.toISOString());
  });

  it("names who asked for it and the gateway's refund id; a refund that went through leaves the payment's record alone", async () => {
    const { orderNo, paymentId } = await paidOrder([0]);
    const before = await getPayment(paymentId);
    const answer = await refund(orderNo);
    const [stored] = await refundsOfOrder(orderNo);
    const gatewayRefund = fake.refunds.find((each) => each.payment_id === paymentId)!;
    expect(stored).toMatchObject({
      id: answer.id,
      by: 'Anita Kulkarni <anita@example.com>',
      gatewayRefundId: gatewayRefund.id,
      state: 'processed',
    });
    expect(stored).not.toHaveProperty('failure');
    expect(await getPayment(paymentId)).toEqual(before);
  });

  it('an order from before rupees (no currency on it) is refunded in dollars', async () => {
    const abroad = await paidOrder([1], {
      name: 'Jane Roe',
      country: 'US',
      address: { line: '1 Main St', city: 'Austin', postalCode: '73301' },
    });
    // The same order as one stored before orders carried their currency.
    const oldNo = abroad.orderNo.replace(/\d{6}$/, '999996');
    await saveOrder({ ...(await getOrder(abroad.orderNo))!, orderNo: oldNo, currency: undefined });
    expect(await getOrder(oldNo)).not.toHaveProperty('currency');
    const answer = await refund(oldNo);
    expect(answer).toMatchObject({ currency: 'USD', amount: courses[1]!.discountedFeesCents / 100 });
  });

  it("a refund the gateway refuses at once: failed, with the gateway's words on the refund and the payment, and no mail to the buyer", async () => {
    fake.refusingRefunds = true;
    const { orderNo, paymentId } = await paidOrder([2]);
    const failed = await refund(orderNo, { key: 'refused' });
    expect(failed).toMatchObject({ status: 'failed', creditNoteNo: null });
    const [stored] = await refundsOfOrder(orderNo);
    expect(stored!.failure).toContain('Refund could not be processed');
    expect(await getPayment(paymentId)).toMatchObject({
      outcome: 'attention',
      reasonCode: 'refund-failed',
      reason: expect.stringContaining('(Razorpay refused'),
    });
    expect(mails.filter((mail) => mail.idempotencyKey.includes(failed.id))).toEqual([]);
  });

  it('the credit notes of a busy month are all listed, past the first page of 200', async () => {
    const { orderNo } = await paidOrder([3]);
    const { creditNoteNo } = await refund(orderNo);
    const note = (await getCreditNote(creditNoteNo!))!;
    // 201 notes dated in a month of their own, one a minute.
    const start = Date.parse('2041-09-01T06:00:00.000Z');
    await Promise.all(
      Array.from({ length: 201 }, async (_, index) => {
        const at = new Date(start + index * 60_000);
        const no = `SIS-CN4142-${String(50_000 + index).padStart(5, '0')}`;
        await saveCreditNote({ ...note, creditNoteNo: no, creditNoteDate: at.toISOString() });
        await addToIndex('credit-notes', at, no);
      }),
    );
    const listed = await creditNotesIn(
      { from: '2041-09-01', to: '2041-09-30' },
      new Date('2041-10-01T00:00:00.000Z'),
    );
    expect(listed).toHaveLength(201);
  });

  it("a gateway's long error is kept short: 300 characters on the refund, 200 in the payment's reason", async () => {
    const { orderNo, paymentId } = await paidOrder([1]);
    const deps = depsAt(PAID_AT);
    const long = `Gateway down: ${'x'.repeat(600)}`;
    const failing = {
      ...deps,
      gateway: { ...deps.gateway, refundPayment: () => Promise.reject(new Error(long)) },
    };
    const failed = await refund(orderNo, { key: 'long', deps: failing });
    expect(failed.status).toBe('failed');
    expect((await refundsOfOrder(orderNo))[0]!.failure).toBe(long.slice(0, 300));
    const { reason } = (await getPayment(paymentId))!;
    expect(reason).toContain(`(${long.slice(0, 200)}). Refund it again from the order.`);
  });

  it('a pending refund Razorpay fails later: the payment needs attention with a sentence naming the refund, its amount and the order', async () => {
    fake.refundStatus = 'pending';
    const { orderNo, paymentId } = await paidOrder([3]);
    const asked = await refund(orderNo, { key: 'later' });
    const gatewayRefund = fake.refunds.find((each) => each.payment_id === paymentId)!;
    fake.settleRefund(gatewayRefund.id, 'failed');
    await gatewaySays(gatewayRefund.id, paymentId, 'failed', PAID_AT);
    expect((await refundsOfOrder(orderNo))[0]).toMatchObject({ state: 'failed' });
    const rupees = (courses[3]!.discountedFeesPaise / 100).toFixed(2);
    expect(await getPayment(paymentId)).toMatchObject({
      outcome: 'attention',
      reasonCode: 'refund-failed',
      reason: `Refund ${asked.id} of ${rupees} INR for ${orderNo} failed (the gateway failed it). Refund it again from the order.`,
    });
    // The buyer was told it was pending, and is not told it went through.
    expect(mails.map((mail) => mail.idempotencyKey).filter((key) => key.includes(asked.id))).toEqual([
      `refund-pending-${asked.id}`,
    ]);
  });

  it('a press whose call died before the gateway answered: a repeat within two minutes asks nothing; after, one of five repeats asks once', async () => {
    const { userId, orderNo, paymentId } = await paidOrder([4, 5]);
    const course = courses[5]!;
    // The first press claims the refund, then its call to the gateway never comes back (a crash).
    const dying = depsAt(PAID_AT);
    const hung = {
      ...dying,
      gateway: { ...dying.gateway, refundPayment: () => new Promise<never>(() => {}) },
    };
    void refund(orderNo, { courseIds: [course.id], key: 'crash', deps: hung });
    await expect
      .poll(async () => (await refundsOfOrder(orderNo)).map((each) => each.state))
      .toEqual(['requested']);

    // Calls to the gateway to refund this payment, answered or refused.
    const asked = () =>
      fake.requests.filter((request) => request.call === `POST /payments/${paymentId}/refund`);
    const soon = await refund(orderNo, { courseIds: [course.id], key: 'crash', at: later(PAID_AT, 1) });
    expect(soon).toMatchObject({ status: 'pending', creditNoteNo: null });
    expect(asked()).toEqual([]);

    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        refund(orderNo, { courseIds: [course.id], key: 'crash', at: later(PAID_AT, 3) }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.id))).toEqual(new Set([soon.id]));
    expect(asked()).toHaveLength(1);
    expect(fake.refunds.filter((each) => each.payment_id === paymentId)).toEqual([
      expect.objectContaining({ amount: course.discountedFeesPaise }),
    ]);
    const [stored] = await refundsOfOrder(orderNo);
    expect(stored).toMatchObject({ state: 'processed', creditNoteNo: expect.any(String) });
    expect((await purchaseHistory(userId)).find((item) => item.id === course.id)?.refund).toMatchObject({
      creditNoteNo: stored!.creditNoteNo,
    });
  });

  it('a number whose credit note belongs to another refund (a counter from an old backup) is not used: no note is replaced or counted twice', async () => {
    const first = await paidOrder([6]);
    const second = await paidOrder([7, 8]);
    const { creditNoteNo } = await refund(first.orderNo);
    const note = (await getCreditNote(creditNoteNo!))!;
    const nextNo = creditNoteNo!.replace(/\d{5}$/, (digits) => String(Number(digits) + 1).padStart(5, '0'));
    // Under the next number, a note of another refund of the very order refunded next.
    const planted = {
      ...note,
      creditNoteNo: nextNo,
      refundId: 'rf_0000000000000000',
      originalInvoice: { ...note.originalInvoice, orderNo: second.orderNo },
    };
    await saveCreditNote(planted);

    await expect(refund(second.orderNo)).rejects.toThrow(
      `Credit note number ${nextNo} already belongs to another refund`,
    );
    expect(await getCreditNote(nextNo)).toEqual(planted);
    const [stored] = await refundsOfOrder(second.orderNo);
    expect(stored).toMatchObject({ state: 'processed' });
    expect(stored).not.toHaveProperty('creditNoteNo');
  });

  it('a refund of a payment with no record (paid before payment records) still fails or goes through', async () => {
    const { userId, orderNo, paymentId } = await paidOrder([8]);
    await openStore('payments').delete(`payments/${paymentId}`);
    fake.refusingRefunds = true;
    expect(await refund(orderNo, { key: 'one' })).toMatchObject({ status: 'failed' });
    fake.refusingRefunds = false;
    const done = await refund(orderNo, { key: 'two' });
    expect(done).toMatchObject({ status: 'processed', creditNoteNo: expect.any(String) });
    expect((await getEnrolment(orderNo, courses[8]!.id))!.cancelledAt).toBeDefined();
    expect((await purchaseHistory(userId))[0]!.refund).toMatchObject({ creditNoteNo: done.creditNoteNo });
  });

  it('a webhook for a refund its order does not have is an error; for an order not on record, nothing', async () => {
    const { orderNo } = await paidOrder([0]);
    const deps = depsAt(PAID_AT);
    await expect(
      recordOrderRefundEvent({ orderNo, refundId: 'rf_ffffffffffffffff' }, 'processed', deps),
    ).rejects.toThrow(`Refund rf_ffffffffffffffff of ${orderNo} is missing`);
    const gone = orderNo.replace(/\d{6}$/, '999997');
    await expect(
      recordOrderRefundEvent({ orderNo: gone, refundId: 'rf_ffffffffffffffff' }, 'processed', deps),
    ).resolves.toBeUndefined();
    expect(await refundsOfOrder(gone)).toEqual([]);
  });
});
