/**
 * The restore drill (issue 40, item 6; DECISIONS 61): fill every store as the site fills it,
 * snapshot, wipe, restore, and compare every record byte for byte with its metadata; the restored
 * site serves the same invoice and credit note and the same console lists, and the next order
 * takes the next number. Then what a restore refuses, and the retention, with a clock.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { courses } from '~/lib/shared/catalogue';
import { indianDay } from '~/lib/shared/dates';
import type { Billing } from '~/lib/shared/schemas/billing';
import {
  archiveOf,
  checkArchive,
  filesOf,
  restoreSnapshot,
  SnapshotRefused,
  type RestoreTarget,
} from '~/server/backup/archive';
import {
  expiredSnapshots,
  kindOf,
  snapshotIdOf,
  BACKED_UP,
  KEEP,
  LEFT_OUT,
  listSnapshots,
  PART_RECORDS,
  runBackup,
  verifySnapshot,
  type Manifest,
  type SnapshotState,
} from '~/server/backup/snapshot';
import { listLeads } from '~/server/domain/console/leads';
import { listOrders } from '~/server/domain/console/orders';
import type { OutgoingMail } from '~/server/domain/mail';
import { startPayment, type PaymentDeps } from '~/server/domain/payments/checkout-payment';
import { settlePayment } from '~/server/domain/payments/payment-decision';
import { creditNoteFor, refundOrder } from '~/server/domain/payments/refunds';
import { addToCart } from '~/server/domain/shop/cart';
import { invoiceOf } from '~/server/domain/shop/orders';
import { rawRecords, rawStore } from '~/server/storage/blob-store';
import { STORE_NAMES, type StoreName } from '~/server/storage/store-names';
import contactHandler from '../../../../netlify/functions/contact-sendmail.mts';
import { browserHeaders } from '../../../support/browser-headers';
import { useBlobsServer } from '../../../support/blobs-server';
import { useFakeRazorpay } from '../../../support/fake-razorpay';
import { useOpenBatches } from '../../../support/open-batches';
import { newAccount } from '../../../support/people';
import { razorpayDeps } from '../../../support/razorpay-deps';

useBlobsServer();
useOpenBatches();
const fake = useFakeRazorpay();

const BILLING: Billing = { name: 'Backup Drill Pvt Ltd', country: 'IN', state: '27' };
/** FY 2043-44: a number series of this file's own. */
const PAID_AT = new Date('2043-07-10T06:00:00.000Z');
const STAFF = { userId: 'staff-user', name: 'Anita Kulkarni', email: 'anita@example.com' };
let mails: OutgoingMail[] = [];
beforeEach(() => {
  mails = [];
  fake.refundStatus = 'processed';
});
const deps = (): PaymentDeps => razorpayDeps(fake.url, PAID_AT, mails);

/** Every record of a store: key -> bytes (base64) and metadata. */
async function dump(store: StoreName): Promise<Map<string, { value: string; metadata: unknown }>> {
  const blobs = rawStore(store);
  const { blobs: listed } = await blobs.list();
  const entries = await Promise.all(
    listed.map(async ({ key }) => {
      const entry = await blobs.getWithMetadata(key, { type: 'arrayBuffer' });
      return [
        key,
        { value: Buffer.from(entry!.data).toString('base64'), metadata: entry!.metadata },
      ] as const;
    }),
  );
  return new Map(entries);
}

async function wipe(store: StoreName): Promise<void> {
  const blobs = rawStore(store);
  const { blobs: listed } = await blobs.list();
  for (let start = 0; start < listed.length; start += 100)
    await Promise.all(listed.slice(start, start + 100).map(({ key }) => blobs.delete(key)));
}

const target: RestoreTarget = {
  list: async (store) => (await rawStore(store as StoreName).list()).blobs.map((blob) => blob.key),
  set: async (store, key, value, metadata) => {
    await rawRecords(store as StoreName).write(key, value, metadata);
  },
  delete: (store, key) => rawStore(store as StoreName).delete(key),
};

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Runs the backup with a deadline of `runMs` per run until complete; resolves to the runs taken and the state. */
async function backUp(runMs: number, at = new Date(), keep?: { nightly: number; monthly: number }) {
  let runs = 0;
  for (;;) {
    runs += 1;
    const result = await runBackup({
      now: () => at,
      deadline: Date.now() + runMs,
      site: 'drill.example',
      version: 'test',
      ...(keep ? { keep } : {}),
    });
    if (!result) throw new Error('no snapshot was started');
    if (result.complete) {
      const state = (await listSnapshots()).find((each) => each.id === result.id)!;
      return { runs, state: state as SnapshotState & { manifest: Manifest } };
    }
    if (runs > 200) throw new Error('the backup never finished');
  }
}

afterAll(() => {
  vi.restoreAllMocks();
});

let orderNo = '';
let creditNoteNo = '';
let userId = '';
beforeAll(async () => {
  // The local outbox prints each mail; the drill's two are not what it checks.
  vi.spyOn(console, 'info').mockImplementation(() => {});
  fake.refundStatus = 'processed';
  // A paid order with its invoice and payment, a refund with its credit note.
  ({ userId } = await newAccount({ name: 'Drill Buyer' }));
  await addToCart(userId, courses[0]!.id);
  await addToCart(userId, courses[1]!.id);
  const started = await startPayment({ userId, idempotencyKey: undefined, billing: BILLING }, deps());
  const orderId = started.gateway.fields['order_id']!;
  const payment = fake.pay(orderId, 'captured');
  const settled = await settlePayment({ orderId, paymentId: payment.id }, deps());
  if (settled.outcome !== 'order') throw new Error('not placed');
  orderNo = settled.orderNo;
  const refund = await refundOrder(
    { orderNo, courseIds: [courses[0]!.id], reason: 'Drill', idempotencyKey: undefined, staff: STAFF },
    deps(),
  );
  creditNoteNo = refund.creditNoteNo!;
  // A lead, with its two mails on the queue.
  const lead = await contactHandler(
    new Request('http://localhost/api/contact/sendmail', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await browserHeaders()) },
      body: JSON.stringify({
        name: 'Drill Lead',
        phone: '09876543210',
        email: 'lead@example.in',
        message: 'Call me.',
        client: 'sis',
      }),
    }),
  );
  expect(lead.status, await lead.clone().text()).toBe(200);
  // A record that is not JSON and carries metadata: kept byte for byte.
  await rawRecords('outbox').write('drill/binary', new Uint8Array([0, 255, 10, 13, 128, 1]), {
    kind: 'drill',
    n: 1,
  });
  // More records than one part holds, so the store's file has several parts.
  const many = Array.from(
    { length: PART_RECORDS * 2 + 7 },
    (_, i) => `drill/many/${String(i).padStart(5, '0')}`,
  );
  for (let start = 0; start < many.length; start += 100)
    await Promise.all(
      many.slice(start, start + 100).map((key) => rawStore('console').set(key, `{"n":"${key}"}`)),
    );
}, 120_000);

describe('the restore drill', () => {
  it('backs up every store but those left out, restores them byte for byte, and the site serves the same documents', async () => {
    expect(BACKED_UP).toEqual(STORE_NAMES.filter((name) => !Object.keys(LEFT_OUT).includes(name)));
    const invoice = await invoiceOf(userId, orderNo);
    const note = await creditNoteFor(userId, orderNo, creditNoteNo);
    const orders = await listOrders({}, new Date());
    const leads = await listLeads({ status: 'all' }, new Date());
    // After the reads above, which keep the console's sheets of rows.
    const before = new Map(
      await Promise.all(BACKED_UP.map(async (name) => [name, await dump(name)] as const)),
    );

    // A deadline that lets one part through per run: the snapshot resumes across runs.
    const { runs, state } = await backUp(1);
    expect(runs).toBeGreaterThan(3);
    const manifest = state.manifest;
    expect(manifest.stores.map((store) => store.name)).toEqual([...BACKED_UP].sort());
    expect(manifest.stores.find((store) => store.name === 'console')!.records).toBe(
      before.get('console')!.size,
    );
    expect(state.stores['console']!.parts.length).toBeGreaterThanOrEqual(3);
    for (const store of manifest.stores)
      expect(store.records, store.name).toBe(before.get(store.name as StoreName)!.size);

    const archive = await bytesOf(archiveOf(state));
    for (const name of BACKED_UP) await wipe(name);
    expect((await dump('orders')).size).toBe(0);

    const restored = await restoreSnapshot(await checkArchive(archive), target, { force: false });
    expect(restored.find((each) => each.name === 'orders')!.written).toBe(before.get('orders')!.size);
    for (const name of BACKED_UP) expect(await dump(name), name).toEqual(before.get(name));

    expect(await invoiceOf(userId, orderNo)).toStrictEqual(invoice);
    expect(await creditNoteFor(userId, orderNo, creditNoteNo)).toStrictEqual(note);
    expect(note.creditNoteNo).toBe(creditNoteNo);
    expect(await listOrders({}, new Date())).toStrictEqual(orders);
    expect(await listLeads({ status: 'all' }, new Date())).toStrictEqual(leads);

    // The counters came back: the next order takes the next number.
    const next = await newAccount();
    await addToCart(next.userId, courses[2]!.id);
    const started = await startPayment(
      { userId: next.userId, idempotencyKey: undefined, billing: BILLING },
      deps(),
    );
    const orderId = started.gateway.fields['order_id']!;
    const settled = await settlePayment({ orderId, paymentId: fake.pay(orderId, 'captured').id }, deps());
    if (settled.outcome !== 'order') throw new Error('not placed');
    const serial = (no: string) => Number(no.split('-').at(-1));
    expect(serial(settled.orderNo)).toBe(serial(orderNo) + 1);
  }, 240_000);
});

describe('a restore refuses before writing anything', () => {
  let archive: Uint8Array;
  let files: Map<string, Buffer>;
  beforeAll(async () => {
    const { state } = await backUp(60_000);
    archive = await bytesOf(archiveOf(state));
    files = await filesOf(archive);
  }, 120_000);

  it('a flipped byte, a missing store file, or no manifest', async () => {
    const flipped = new Map(files);
    const orders = Buffer.from(flipped.get('orders.ndjson.gz')!);
    orders.writeUInt8(orders.readUInt8(orders.length - 20) ^ 0x01, orders.length - 20);
    flipped.set('orders.ndjson.gz', orders);
    await expect(checkArchive(await retar(flipped))).rejects.toThrow(
      /orders.ndjson.gz does not match its SHA-256/,
    );

    const missing = new Map(files);
    missing.delete('batches.ndjson.gz');
    await expect(checkArchive(await retar(missing))).rejects.toThrow(/no batches.ndjson.gz: it is partial/);

    const noManifest = new Map(files);
    noManifest.delete('manifest.json');
    await expect(checkArchive(await retar(noManifest))).rejects.toThrow(SnapshotRefused);
    await expect(checkArchive(new Uint8Array([1, 2, 3]))).rejects.toThrow(/not a readable snapshot/);
  });

  it('stores that hold data, unless forced; forced, each store holds exactly the snapshot', async () => {
    const checked = await checkArchive(archive);
    await rawStore('orders').set('drill/extra', 'not in the snapshot');
    const before = await dump('orders');
    await expect(restoreSnapshot(checked, target, { force: false })).rejects.toThrow(
      /hold data: .*orders.*--force/,
    );
    expect(await dump('orders')).toEqual(before);
    const restored = await restoreSnapshot(checked, target, { force: true });
    expect(restored.find((each) => each.name === 'orders')!.removed).toBe(1);
    expect((await dump('orders')).has('drill/extra')).toBe(false);
  }, 60_000);
});

describe('a run out of time', () => {
  it('abandons the part in progress unsaved when its signal is aborted, and the next run does it again', async () => {
    for (const name of [...BACKED_UP, 'backups' as const]) await wipe(name);
    await rawStore('orders').set('orders/SIS-2044-000001', '{"orderNo":"SIS-2044-000001"}');
    const run = { now: () => new Date('2044-03-05T20:30:00.000Z'), site: 'drill.example', version: 'test' };
    const cut = await runBackup({ ...run, deadline: Date.now() + 60_000, signal: AbortSignal.abort() });
    expect(cut).toEqual({ id: expect.any(String), complete: false });
    const [state] = await listSnapshots();
    expect(state!.stores).toEqual({});
    expect((await rawStore('backups').list({ prefix: `snapshots/${cut!.id}/parts/` })).blobs).toEqual([]);

    const done = await runBackup({
      ...run,
      deadline: Date.now() + 60_000,
      signal: AbortSignal.timeout(60_000),
    });
    expect(done).toEqual({ id: cut!.id, complete: true });
    const [finished] = await listSnapshots();
    expect(finished!.manifest!.stores.find((store) => store.name === 'orders')!.records).toBe(1);
  });
});

describe('verification', () => {
  it("checks each part's SHA-256 and count, a few at a time, and the manifest has the SHA-256 of the whole file", async () => {
    await wipe('backups');
    const id = 'verify-test';
    // Eleven parts: more than one batch of reads.
    const files = Array.from({ length: 11 }, (_, part) =>
      gzipSync(
        Array.from(
          { length: part + 1 },
          (_, line) => `${JSON.stringify({ key: `k${part}-${line}`, metadata: {}, value: '' })}\n`,
        ).join(''),
      ),
    );
    const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    const write = (part: number, bytes: Uint8Array) =>
      rawRecords('backups').write(`snapshots/${id}/parts/orders/${String(part).padStart(5, '0')}`, bytes);
    for (const [part, bytes] of files.entries()) await write(part, bytes);
    const state: SnapshotState = {
      id,
      site: 'drill.example',
      kind: 'nightly',
      version: 'test',
      startedAt: '2044-03-05T20:30:00.000Z',
      stores: {
        orders: {
          done: true,
          parts: files.map((bytes, part) => ({
            records: part + 1,
            bytes: bytes.length,
            sha256: sha256(bytes),
            lastKey: `k${part}-${part}`,
          })),
        },
      },
    };
    const finishedAt = new Date('2044-03-05T20:31:00.000Z');
    const whole = Buffer.concat(files);
    expect((await verifySnapshot(state, finishedAt)).stores).toEqual([
      { name: 'orders', records: 66, bytes: whole.length, sha256: sha256(whole) },
    ]);

    const miscounted = structuredClone(state);
    miscounted.stores['orders']!.parts[9] = { ...miscounted.stores['orders']!.parts[9]!, records: 9 };
    await expect(verifySnapshot(miscounted, finishedAt)).rejects.toThrow(
      /part 9 of orders does not hold 9 records/,
    );
    await write(9, files[8]!);
    await expect(verifySnapshot(state, finishedAt)).rejects.toThrow(/part 9 of orders changed/);
    await rawRecords('backups').delete(`snapshots/${id}/parts/orders/00010`);
    await expect(verifySnapshot(state, finishedAt)).rejects.toThrow(/part 10 of orders is missing/);
  });
});

describe('retention (DECISIONS 61)', () => {
  const day = (n: number) => new Date(Date.parse('2044-01-01T20:30:00.000Z') + n * 86_400_000);
  const stateOn = (n: number, verified = true): SnapshotState => ({
    id: `s${n}`,
    site: 'drill.example',
    kind: kindOf(day(n)),
    version: 'test',
    startedAt: day(n).toISOString(),
    stores: {},
    ...(verified ? { verifiedAt: day(n).toISOString() } : {}),
  });

  it('keeps the 30 newest nightly and the 12 newest monthly snapshots of 14 months of nights', () => {
    const newestFirst = Array.from({ length: 420 }, (_, n) => stateOn(n)).reverse();
    const expired = new Set(expiredSnapshots(newestFirst).map((state) => state.id));
    const kept = newestFirst.filter((state) => !expired.has(state.id));
    expect(kept.filter((state) => state.kind === 'nightly')).toHaveLength(KEEP.nightly);
    expect(
      kept.filter((state) => state.kind === 'monthly').map((state) => indianDay(new Date(state.startedAt))),
    ).toEqual([
      '2045-02-01',
      '2045-01-01',
      '2044-12-01',
      '2044-11-01',
      '2044-10-01',
      '2044-09-01',
      '2044-08-01',
      '2044-07-01',
      '2044-06-01',
      '2044-05-01',
      '2044-04-01',
      '2044-03-01',
    ]);
    expect(kept[0]!.id).toBe('s419');
  });

  it('deletes nothing while no snapshot is verified, and a snapshot never finished once a newer one is', () => {
    expect(expiredSnapshots([stateOn(3, false), stateOn(2, false)], { nightly: 1, monthly: 1 })).toEqual([]);
    const unfinished = stateOn(1, false);
    expect(expiredSnapshots([stateOn(3, false), stateOn(2), unfinished], { nightly: 1, monthly: 1 })).toEqual(
      [unfinished],
    );
  });

  it('runs after each verified snapshot and deletes the expired ones with their parts', async () => {
    for (const name of [...BACKED_UP, 'backups' as const]) await wipe(name);
    for (const n of [40, 41, 42, 43]) await backUp(60_000, day(n), { nightly: 2, monthly: 1 });
    const ids = (await listSnapshots()).map((state) => state.startedAt);
    expect(ids).toEqual([day(43), day(42)].map((at) => at.toISOString()));
    const parts = (await rawStore('backups').list({ prefix: 'snapshots/' })).blobs.map((blob) => blob.key);
    expect(
      parts.every((key) => key.includes(snapshotIdOf(day(43))) || key.includes(snapshotIdOf(day(42)))),
    ).toBe(true);
  }, 120_000);
});

async function retar(files: Map<string, Buffer>): Promise<Uint8Array> {
  const { pack } = await import('tar-stream');
  const { createGzip } = await import('node:zlib');
  const tar = pack();
  for (const [name, bytes] of files) tar.entry({ name, size: bytes.length }, bytes);
  tar.finalize();
  return new Uint8Array(await new Response(tar.pipe(createGzip()) as unknown as BodyInit).arrayBuffer());
}
