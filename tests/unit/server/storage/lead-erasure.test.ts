/**
 * Erasing a lead (DECISIONS 63; `src/server/storage/lead-erasure.ts`): the name, e-mail, phone
 * and message leave every store they were in (the message, its e-mails on the queue and in the
 * local outbox, the console's sheet, the note staff wrote, the by-address marker); what remains
 * says who erased it, when and why; a second erasure changes nothing; and the leads of an address
 * are found by `leadIdsFromEmail`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ContactRequestSchema } from '~/lib/shared/schemas/contact';
import { acceptContactMessage, contactMailKeys, type ContactDeps } from '~/server/domain/contact';
import { listLeads } from '~/server/domain/console/leads';
import { enqueueMail } from '~/server/domain/mail-queue';
import { openStore } from '~/server/storage/blob-store';
import { getLeadState, saveLeadState } from '~/server/storage/console-records';
import { getContactMessage, getStoredContactMessage } from '~/server/storage/contact-messages';
import { eraseLead, leadIdsFromEmail } from '~/server/storage/lead-erasure';
import {
  getQueuedMail,
  listFailedMailKeys,
  listPendingMailKeys,
  markFailedMail,
} from '~/server/storage/mail-queue';
import { putOutboxMail } from '~/server/storage/outbox';
import { markersOfIndex } from '~/server/storage/time-index';
import { startBlobsServer, type RunningBlobsServer } from '../../../support/blobs-server';

/** What the visitor typed: none of it may be left anywhere once the lead is erased. */
const PERSONAL = {
  name: 'Kavita Erasable',
  phone: '+91 91234 56789',
  email: 'Kavita.Erase@Example.in',
  message: 'Please call me about the warehouse module, Kavita-secret-words.',
};
/** How each of them is stored (trimmed, lower-cased, +91 and ten digits). */
const TRACES = ['Kavita Erasable', '9123456789', 'kavita.erase@example.in', 'Kavita-secret-words'];
const STAFF = 'anita@example.com';

let blobs: RunningBlobsServer;
let clock: Date;
let deps: ContactDeps;
let address = 0;

async function sendLead(extra: Partial<typeof PERSONAL> = {}) {
  const input = z.parse(ContactRequestSchema, { ...PERSONAL, client: 'sis', ...extra });
  const message = await acceptContactMessage(input, `192.0.2.${(address += 1)}`, deps);
  if (!message) throw new Error('not stored');
  return message;
}

/** Every record of the stores a lead touches, as raw JSON, with its key. */
async function everything(): Promise<string[]> {
  const records: string[] = [];
  for (const name of ['contact-messages', 'mail-queue', 'outbox', 'console'] as const) {
    const store = openStore(name);
    for (const key of await store.list('')) {
      records.push(`${name}/${key} ${JSON.stringify(await store.get(key, z.unknown()))}`);
    }
  }
  return records;
}

beforeEach(async () => {
  blobs = await startBlobsServer();
  clock = new Date('2026-11-26T06:00:00.000Z');
  deps = {
    mail: { queue: async (mail) => void (await enqueueMail(mail, clock)) },
    settings: { contactTo: 'sales@example.com' },
    now: () => clock,
  };
});
afterEach(async () => {
  await blobs.stop();
});

describe('eraseLead', () => {
  it('takes the personal data out of every store it was in, and keeps who erased it, when and why', async () => {
    const lead = await sendLead();
    const other = await sendLead({
      name: 'Someone Else',
      email: 'else@example.in',
      phone: '9000000001',
      message: 'Another enquiry.',
    });
    const keys = contactMailKeys(lead.id);
    // Its copies: the local outbox, a failed mark, staff's note, the console's sheet row.
    const company = (await getQueuedMail(keys.company))!;
    await putOutboxMail(keys.company, {
      id: 'x',
      queuedAt: company.queuedAt,
      from: 'site@example.com',
      to: company.to,
      ...(company.replyTo ? { replyTo: company.replyTo } : {}),
      subject: company.subject,
      text: company.text,
      html: company.html,
    });
    await markFailedMail(keys.visitor);
    await saveLeadState(
      lead.id,
      {
        status: 'new',
        handledBy: `Anita <${STAFF}>`,
        handledAt: clock.toISOString(),
        note: 'Kavita Erasable wants a call',
      },
      new Date(lead.receivedAt),
    );
    const page = await listLeads({ status: 'all' }, clock);
    expect(page.items.map((item) => item.id)).toContain(lead.id);
    const before = (await everything()).join('\n');
    for (const trace of TRACES) expect(before).toContain(trace);

    const at = new Date('2026-11-26T07:00:00.000Z');
    const erased = await eraseLead(lead.id, { by: STAFF, reason: 'Asked by phone on 26 November.', at });

    expect(erased).toEqual({
      id: lead.id,
      receivedAt: lead.receivedAt,
      client: 'sis',
      form: 'contact',
      notice: null,
      mail: { company: { status: 'pending', attempts: 0 }, visitor: { status: 'pending', attempts: 0 } },
      erased: { by: STAFF, at: at.toISOString(), reason: 'Asked by phone on 26 November.' },
    });
    expect(await getStoredContactMessage(lead.id)).toEqual(erased);
    expect(await getContactMessage(lead.id)).toBeUndefined();
    // Not one trace of what the lead said, in any store; the other lead keeps all of its own.
    const after = (await everything()).join('\n');
    for (const trace of TRACES) expect(after).not.toContain(trace);
    expect(after).toContain('else@example.in');
    expect(await getStoredContactMessage(other.id)).toEqual(other);
    // Its e-mails are neither sent nor listed.
    expect(await getQueuedMail(keys.company)).toBeUndefined();
    expect(await getQueuedMail(keys.visitor)).toBeUndefined();
    expect(await listPendingMailKeys()).not.toContain(keys.company);
    expect(await listFailedMailKeys()).not.toContain(keys.visitor);
    // Staff's note is gone; it is handled, and listed under Handled, not New.
    expect(await getLeadState(lead.id)).toEqual({
      status: 'handled',
      handledBy: STAFF,
      handledAt: at.toISOString(),
    });
    const ids = async (name: 'leads' | 'leads-new' | 'leads-handled') =>
      (await markersOfIndex(name, {}, clock)).map((marker) => marker.id);
    expect(await ids('leads')).toContain(lead.id);
    expect(await ids('leads-new')).not.toContain(lead.id);
    expect(await ids('leads-handled')).toContain(lead.id);
    // The console lists what remains.
    const listed = (await listLeads({ status: 'all' }, clock)).items.find((item) => item.id === lead.id);
    expect(listed).toMatchObject({
      name: '',
      phone: '',
      email: '',
      message: '',
      note: null,
      erased: erased!.erased,
    });
  });

  it('keeps the first erasure when asked again, and finishes the copies a cut-short call left', async () => {
    const lead = await sendLead();
    const first = await eraseLead(lead.id, { by: STAFF, reason: 'First.', at: clock });
    // A call cut short after the record: its e-mail still queued.
    await enqueueMail(
      {
        to: ['x@example.in'],
        subject: 's',
        html: 'h',
        text: 't',
        idempotencyKey: contactMailKeys(lead.id).company,
      },
      clock,
    );
    const again = await eraseLead(lead.id, {
      by: 'the customer',
      reason: 'Second.',
      at: new Date('2026-12-01T00:00:00.000Z'),
    });
    expect(again).toEqual(first);
    expect(await getStoredContactMessage(lead.id)).toEqual(first);
    expect(await getQueuedMail(contactMailKeys(lead.id).company)).toBeUndefined();
  });

  it('answers undefined for an unknown lead and stores nothing', async () => {
    const before = await everything();
    expect(
      await eraseLead('20261126t060000000z-00000000', { by: STAFF, reason: 'x', at: clock }),
    ).toBeUndefined();
    expect(await everything()).toEqual(before);
  });
});

describe('leadIdsFromEmail', () => {
  it('names every lead sent from the address, whatever its case, and no longer an erased one', async () => {
    const first = await sendLead();
    const second = await sendLead({ email: 'KAVITA.ERASE@example.in', message: 'Again.' });
    await sendLead({ email: 'someone@example.in' });
    expect(await leadIdsFromEmail('kavita.erase@example.in')).toEqual([first.id, second.id].sort());
    expect(await leadIdsFromEmail('Kavita.Erase@Example.IN')).toEqual([first.id, second.id].sort());
    expect(await leadIdsFromEmail('nobody@example.in')).toEqual([]);

    await eraseLead(first.id, { by: 'the customer', reason: 'Deleted their account.', at: clock });
    expect(await leadIdsFromEmail('kavita.erase@example.in')).toEqual([second.id]);
  });

  it('finds messages stored before the markers existed (built once, on the first look-up)', async () => {
    const old = await sendLead();
    // As stored before markers: none for it, and no record that they were built.
    const store = openStore('contact-messages');
    for (const key of await store.list('by-email/')) await store.delete(key);
    await store.delete('meta/email-markers-built');
    expect(await leadIdsFromEmail(PERSONAL.email)).toEqual([old.id]);
    expect(await store.list('meta/')).toEqual(['meta/email-markers-built']);
  });
});
