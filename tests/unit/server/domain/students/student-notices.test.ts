/**
 * The students' e-mails on the real mail queue and a fake Resend (DECISIONS 55-56): each sent
 * once however often it is asked for (`resend.requests` counts every send the site tried).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backgroundMailQueue, type MailQueue } from '~/server/domain/mail-queue';
import {
  notifyBatchChange,
  queueAttendeeMails,
  queueBatchReminders,
  queueEnrolmentMails,
  queueRefundCancellations,
  queueRemovalMails,
  refundCancellationFor,
} from '~/server/domain/students/student-notices';
import { updateEnrolment } from '~/server/storage/enrolments';
import { storedBatch, storedEnrolment } from '../../../../support/enrolments';
import { startBlobsServer, type RunningBlobsServer } from '../../../../support/blobs-server';
import {
  mailDepsFor,
  startFakeResend,
  type FakeEmail,
  type FakeResend,
} from '../../../../support/fake-resend';
import { parseIcs } from '../../../../support/ics';

let blobs: RunningBlobsServer;
let resend: FakeResend;
/** Monday 7 December 2026 is the test batches' first day; this is 10:30 in India the day before. */
let clock = new Date('2026-12-06T05:00:00.000Z');
let pending: Promise<unknown>[] = [];
let mail: MailQueue;
const siteUrl = 'https://www.example.com';

beforeEach(async () => {
  blobs = await startBlobsServer();
  resend = await startFakeResend();
  clock = new Date('2026-12-06T05:00:00.000Z');
  pending = [];
  mail = backgroundMailQueue(
    (task) => void pending.push(task()),
    mailDepsFor(resend, () => clock),
  );
});

afterEach(async () => {
  await resend.stop();
  await blobs.stop();
});

/** Waits for the deliveries the queue started. */
async function delivered(): Promise<void> {
  while (pending.length > 0) await Promise.all(pending.splice(0));
}

const to = (email: FakeEmail) => email.body.to.join(',');
const sentTo = (address: string) => resend.sent.filter((email) => to(email) === address);
const icsOf = (email: FakeEmail) =>
  parseIcs(Buffer.from(email.body.attachments?.[0]?.content ?? '', 'base64').toString('utf8'));

const buyer = { userId: 'u-buyer-1', name: 'Meera Joshi', email: 'meera@example.com' };

describe('the joining mails', () => {
  it('sends the buyer the batch with its calendar file once, however often the payment is confirmed', async () => {
    const batch = await storedBatch();
    const enrolment = await storedEnrolment(batch, buyer);
    await queueEnrolmentMails(enrolment, { mail, siteUrl });
    await queueEnrolmentMails(enrolment, { mail, siteUrl });
    await delivered();
    expect(resend.requests).toBe(1);
    const [sent] = sentTo('meera@example.com');
    expect(sent!.body.subject).toBe(
      'You are enrolled: DevOps with AWS, 7 Dec 2026 to 31 Dec 2026 - Sahyadri Infotech',
    );
    expect(sent!.body.text).toContain('Schedule: Mon-Thu 19:00-21:00 IST');
    expect(sent!.body.text).toContain('Trainer: Asha Kulkarni');
    expect(sent!.body.text).toContain('Joining link: not set yet');
    expect(sent!.body.text).toContain(`${siteUrl}/my-courses`);
    expect(sent!.body.attachments?.[0]?.filename).toBe(`devops-with-aws-${batch.id}.ics`);
    expect(sent!.body.attachments?.[0]?.content_type).toContain('text/calendar');
    const calendar = icsOf(sent!);
    expect(calendar.events).toHaveLength(16);
    expect(calendar.events[0]!.start.toISOString()).toBe('2026-12-07T13:30:00.000Z');
  });

  it('gives a one-seat buyer, its attendee, one joining mail with the calendar file and no attendee’s mail (issue 42, item 6)', async () => {
    const batch = await storedBatch();
    const enrolment = await storedEnrolment(batch, buyer, {
      attendees: [{ name: buyer.name, email: buyer.email }],
      buyerAttends: true,
    });
    await queueEnrolmentMails(enrolment, { mail, siteUrl });
    await queueAttendeeMails(enrolment, enrolment.attendees, { mail, siteUrl });
    await delivered();
    expect(resend.requests).toBe(1);
    const [sent] = sentTo('meera@example.com');
    expect(sent!.body.subject).toMatch(/^You are enrolled: /);
    expect(sent!.body.text).not.toContain('Name the attendees');
    expect(icsOf(sent!).events).toHaveLength(16);
  });

  it('gives a buyer of seats a buyer’s mail (what they bought, how to name the attendees, whether they attend), no calendar file; mails each named attendee once (issue 42, item 6)', async () => {
    const batch = await storedBatch({ joinUrl: 'https://meet.example.com/devops' });
    const enrolment = await storedEnrolment(batch, buyer, {
      seats: 3,
      attendees: [{ name: 'Ravi Patil', email: 'ravi@example.com' }],
    });
    await queueEnrolmentMails(enrolment, { mail, siteUrl });
    // Naming a third attendee later: the earlier ones are not mailed again.
    const third = { name: 'Sana Shaikh', email: 'sana@example.com' };
    await queueAttendeeMails(enrolment, [...enrolment.attendees, third], { mail, siteUrl });
    await delivered();
    expect(resend.sent.map(to).sort()).toEqual(['meera@example.com', 'ravi@example.com', 'sana@example.com']);
    expect(resend.requests).toBe(3);
    const bought = sentTo('meera@example.com')[0]!;
    expect(bought.body.subject).toBe(
      'Your 3 seats of DevOps with AWS: name the attendees - Sahyadri Infotech',
    );
    expect(bought.body.subject).not.toContain('enrolled');
    expect(bought.body.text).toContain(
      'You bought 3 seats of DevOps with AWS. Name the attendees in My courses',
    );
    expect(bought.body.text).toContain('You can change them there');
    expect(bought.body.text).toContain('Will you attend yourself? Say so in My courses');
    expect(bought.body.text).toContain('Seats: 3');
    // Not an attendee's mail: no calendar file, no joining link.
    expect(bought.body.attachments).toBeUndefined();
    expect(bought.body.text + bought.body.html).not.toContain('meet.example.com');
    const ravi = sentTo('ravi@example.com')[0]!;
    expect(ravi.body.text).toContain('Meera Joshi has enrolled you in DevOps with AWS');
    expect(ravi.body.text).toContain('Dear Ravi,');
    expect(ravi.body.text).toContain(
      'sign in or sign up at https://www.example.com with the e-mail address this message was sent to',
    );
    expect(ravi.body.text).toContain('Joining link: https://meet.example.com/devops');
    expect(icsOf(ravi).events[0]!.url).toBe('https://meet.example.com/devops');
  });

  it('gives a buyer of seats who said they attend their own joining mail, with the calendar file, once', async () => {
    const batch = await storedBatch();
    const enrolment = await storedEnrolment(batch, buyer, {
      seats: 3,
      buyerAttends: true,
      attendees: [
        { name: 'Meera Joshi', email: 'MEERA@example.com' },
        { name: 'Ravi Patil', email: 'ravi@example.com' },
      ],
    });
    await queueEnrolmentMails(enrolment, { mail, siteUrl });
    await queueAttendeeMails(enrolment, enrolment.attendees, { mail, siteUrl });
    await delivered();
    expect(resend.requests).toBe(3);
    const [bought, attends] = sentTo('meera@example.com');
    expect(bought!.body.subject).toMatch(/^Your 3 seats of /);
    expect(attends!.body.subject).toMatch(/^You are enrolled: DevOps with AWS/);
    expect(attends!.body.text).toContain('Dear Meera,');
    expect(attends!.body.text).toContain('on one of the 3 seats you bought');
    expect(icsOf(attends!).events).toHaveLength(16);
  });

  it('puts in an attendee’s mail no name that fails the name rule, nor anything else the buyer typed (DECISIONS 59)', async () => {
    const batch = await storedBatch();
    const lure = 'Claim Rs 5000 at http://evil.example';
    const enrolment = await storedEnrolment(
      batch,
      { ...buyer, name: lure },
      {
        seats: 2,
        attendees: [
          { name: 'Win a prize: www.evil.example', email: 'ravi@example.com' },
          { name: 'Zoë D’Souza-Ñúñez', email: 'zoe@example.com' },
        ],
      },
    );
    await queueEnrolmentMails(enrolment, { mail, siteUrl });
    await delivered();
    // The buyer typed it: their own mail may greet them by it.
    expect(sentTo('meera@example.com')[0]!.body.text).toContain('Dear Claim,');
    const ravi = sentTo('ravi@example.com')[0]!;
    const zoe = sentTo('zoe@example.com')[0]!;
    for (const sent of [ravi, zoe]) {
      for (const part of [sent.body.text, sent.body.html, sent.body.subject]) {
        expect(part).not.toContain('evil');
        expect(part).not.toContain('5000');
        expect(part).not.toContain('Claim');
      }
      expect(sent.body.text).toContain('Your colleague has enrolled you in DevOps with AWS.');
      expect(sent.body.text).not.toContain(to(sent));
    }
    expect(ravi.body.text).toContain('Dear colleague,');
    expect(zoe.body.text).toContain('Dear Zoë,');

    // The notice of a change, and the reminder, greet attendees by the rule too.
    const after = { ...batch, startsOn: '2026-12-14', updatedAt: '2026-11-30T10:00:00.000Z' };
    await notifyBatchChange(batch, after, { mail, siteUrl });
    await queueBatchReminders(new Date('2026-12-06T05:00:00.000Z'), { mail, siteUrl });
    await delivered();
    const later = sentTo('ravi@example.com').slice(1);
    expect(later.map((sent) => sent.body.subject)).toEqual([
      'Changes for DevOps with AWS - Sahyadri Infotech',
      'DevOps with AWS starts tomorrow - Sahyadri Infotech',
    ]);
    for (const sent of later) {
      expect(sent.body.text).toContain('Dear colleague,');
      expect(sent.body.text + sent.body.html).not.toContain('evil');
    }
  });

  it('escapes what people typed in the HTML part', async () => {
    const batch = await storedBatch({ trainer: '<b>Asha</b>' });
    const enrolment = await storedEnrolment(batch, { ...buyer, name: 'Meera <script>' });
    await queueEnrolmentMails(enrolment, { mail, siteUrl });
    await delivered();
    const html = resend.sent[0]!.body.html;
    expect(html).toContain('&lt;b&gt;Asha&lt;/b&gt;');
    expect(html).not.toContain('<script>');
  });
});

describe('a change of the batch', () => {
  async function rosterOfFour() {
    const batch = await storedBatch();
    await storedEnrolment(batch, buyer, {
      seats: 3,
      attendees: [
        { name: 'Ravi Patil', email: 'ravi@example.com' },
        { name: 'Sana Shaikh', email: 'sana@example.com' },
      ],
    });
    await storedEnrolment(
      batch,
      { userId: 'u-buyer-2', name: 'Kiran Rao', email: 'kiran@example.com' },
      { seats: 2, attendees: [{ name: 'Ravi Patil', email: 'Ravi@example.com' }] },
    );
    // Cancelled (refunded): not told.
    await storedEnrolment(
      batch,
      { userId: 'u-buyer-3', name: 'Gone', email: 'gone@example.com' },
      { cancelledAt: '2026-11-30T00:00:00.000Z' },
    );
    return batch;
  }

  it('mails each enrolled person once per change, with the new sessions, and again for a later change', async () => {
    const before = await rosterOfFour();
    const after = { ...before, startsOn: '2026-12-14', updatedAt: '2026-11-30T10:00:00.000Z' };
    expect(await notifyBatchChange(before, after, { mail, siteUrl })).toBe(4);
    expect(await notifyBatchChange(before, after, { mail, siteUrl })).toBe(4);
    await delivered();
    expect(resend.requests).toBe(4);
    expect(resend.sent.map(to).sort()).toEqual([
      'kiran@example.com',
      'meera@example.com',
      'ravi@example.com',
      'sana@example.com',
    ]);
    const ravi = sentTo('ravi@example.com')[0]!;
    expect(ravi.body.subject).toBe('Changes for DevOps with AWS - Sahyadri Infotech');
    expect(ravi.body.text).toContain('Dates: 14 Dec 2026 to 7 Jan 2027 (were 7 Dec 2026 to 31 Dec 2026)');
    expect(icsOf(ravi).events[0]!.start.toISOString()).toBe('2026-12-14T13:30:00.000Z');

    const link = { ...after, joinUrl: 'https://meet.example.com/x', updatedAt: '2026-12-01T10:00:00.000Z' };
    expect(await notifyBatchChange(after, link, { mail, siteUrl })).toBe(4);
    await delivered();
    expect(resend.requests).toBe(8);
    const linkMail = sentTo('sana@example.com')[1]!;
    expect(linkMail.body.subject).toBe('Joining link for DevOps with AWS - Sahyadri Infotech');
    expect(linkMail.body.text).toContain('The joining link is ready: https://meet.example.com/x');
    expect(linkMail.body.attachments).toBeUndefined();
  });

  it('mails nobody when only the trainer or the seats changed', async () => {
    const before = await rosterOfFour();
    const after = { ...before, trainer: 'Someone Else', seats: 30, updatedAt: '2026-11-30T10:00:00.000Z' };
    expect(await notifyBatchChange(before, after, { mail, siteUrl })).toBe(0);
    await delivered();
    expect(resend.requests).toBe(0);
  });
});

describe('the reminder job', () => {
  it('reminds each person of each enrolment of a batch starting tomorrow once, however often it runs', async () => {
    const tomorrow = await storedBatch();
    await storedEnrolment(tomorrow, buyer, {
      seats: 2,
      attendees: [
        { name: 'Meera Joshi', email: 'meera@example.com' },
        { name: 'Ravi Patil', email: 'ravi@example.com' },
      ],
    });
    await storedEnrolment(tomorrow, { userId: 'u-buyer-2', name: 'Kiran Rao', email: 'kiran@example.com' });
    // Starting in two days, and started today: no reminder.
    const later = await storedBatch({ startsOn: '2026-12-08' });
    await storedEnrolment(later, { userId: 'u-buyer-4', name: 'Later', email: 'later@example.com' });
    const today = await storedBatch({ startsOn: '2026-12-06', schedule: 'Sun 19:00-21:00 IST' });
    await storedEnrolment(today, { userId: 'u-buyer-5', name: 'Today', email: 'today@example.com' });

    const runs = [];
    for (const hour of [0, 1, 2]) {
      clock = new Date(Date.parse('2026-12-06T05:00:00.000Z') + hour * 3_600_000);
      runs.push(await queueBatchReminders(clock, { mail, siteUrl }));
      await delivered();
    }
    expect(runs.map((run) => run.queued)).toEqual([3, 0, 0]);
    expect(resend.requests).toBe(3);
    expect(resend.sent.map(to).sort()).toEqual([
      'kiran@example.com',
      'meera@example.com',
      'ravi@example.com',
    ]);
    const ravi = sentTo('ravi@example.com')[0]!;
    expect(ravi.body.subject).toBe('DevOps with AWS starts tomorrow - Sahyadri Infotech');
    expect(ravi.body.text).toContain('the first session is on 7 Dec 2026, 7:00 pm IST');
  });

  it('waits until the morning in India of the day before', async () => {
    const batch = await storedBatch();
    await storedEnrolment(batch, buyer);
    // 06:00 in India on 6 December.
    expect(await queueBatchReminders(new Date('2026-12-06T00:30:00.000Z'), { mail, siteUrl })).toEqual({
      batches: 0,
      queued: 0,
    });
    // 23:30 in India on 6 December: still the day before.
    const evening = await queueBatchReminders(new Date('2026-12-06T18:00:00.000Z'), { mail, siteUrl });
    expect(evening.queued).toBe(1);
    await delivered();
    expect(resend.requests).toBe(1);
  });
});

describe('the cancellations (issue 42, item 6)', () => {
  const ravi = { name: 'Ravi Patil', email: 'ravi@example.com' };

  it('mails someone taken off the attendees once per change, with a cancellation of the invitation’s sessions', async () => {
    const batch = await storedBatch({ joinUrl: 'https://meet.example.com/devops' });
    const named = await storedEnrolment(batch, buyer, { seats: 2, attendees: [ravi] });
    await queueAttendeeMails(named, named.attendees, { mail, siteUrl, now: () => clock });
    await delivered();
    const invitation = icsOf(sentTo('ravi@example.com')[0]!);

    clock = new Date(clock.getTime() + 60_000);
    const removed = (await updateEnrolment(named.orderNo, named.courseId, (record) => ({
      ...record,
      attendees: [],
      revision: 1,
      removed: [{ ...ravi, revision: 1 }],
    })))!;
    await queueRemovalMails(removed, { mail, siteUrl, now: () => clock });
    await queueRemovalMails(removed, { mail, siteUrl, now: () => clock });
    await delivered();
    const mails = sentTo('ravi@example.com');
    expect(mails).toHaveLength(2);
    const told = mails[1]!;
    expect(told.body.subject).toBe('You no longer attend DevOps with AWS - Sahyadri Infotech');
    expect(told.body.text).toContain('Dear Ravi,');
    expect(told.body.text).toContain('Meera Joshi has taken you off the attendees of DevOps with AWS');
    expect(told.body.text).toContain('The attached calendar file removes its sessions from your calendar');
    expect(told.body.text + told.body.html).not.toContain('meet.example.com');
    expect(told.body.attachments?.[0]?.content_type).toBe('text/calendar; charset=utf-8; method=CANCEL');
    const cancellation = icsOf(told);
    expect(cancellation.method).toBe('CANCEL');
    expect(cancellation.events.map((event) => event.uid)).toEqual(
      invitation.events.map((event) => event.uid),
    );
    for (const event of cancellation.events) {
      expect(event.status).toBe('CANCELLED');
      expect(event.sequence).toBeGreaterThan(invitation.events[0]!.sequence);
    }

    // A later change that takes them off again mails again.
    await queueRemovalMails(
      { ...removed, revision: 3, removed: [{ ...ravi, revision: 3 }] },
      { mail, siteUrl },
    );
    await delivered();
    expect(sentTo('ravi@example.com')).toHaveLength(3);
  });

  it('tells a buyer who took themselves off that the seats stay theirs', async () => {
    const batch = await storedBatch();
    const enrolment = await storedEnrolment(batch, buyer, {
      seats: 2,
      removed: [{ name: buyer.name, email: buyer.email, revision: 2 }],
    });
    await queueRemovalMails(enrolment, { mail, siteUrl });
    await delivered();
    const [told] = sentTo('meera@example.com');
    expect(told!.body.text).toContain('You are no longer an attendee of DevOps with AWS');
    expect(told!.body.text).toContain('The seats stay yours');
    expect(icsOf(told!).method).toBe('CANCEL');
  });

  it('sends no cancellation to someone who still attends the batch on another enrolment (its sessions share UIDs)', async () => {
    const batch = await storedBatch();
    await storedEnrolment(
      batch,
      { userId: 'u-buyer-2', name: 'Kiran Rao', email: 'kiran@example.com' },
      { seats: 2, attendees: [{ name: 'Ravi Patil', email: 'Ravi@Example.com' }] },
    );
    const enrolment = await storedEnrolment(batch, buyer, {
      seats: 2,
      removed: [{ ...ravi, revision: 1 }],
    });
    await queueRemovalMails(enrolment, { mail, siteUrl });
    await delivered();
    expect(resend.requests).toBe(0);
  });

  it('tells each attendee of a refunded enrolment but its buyer that their place was cancelled, once, with the cancellation', async () => {
    const batch = await storedBatch();
    const enrolment = await storedEnrolment(batch, buyer, {
      seats: 2,
      buyerAttends: true,
      attendees: [{ name: buyer.name, email: buyer.email }, ravi],
      cancelledAt: '2026-12-01T10:00:00.000Z',
    });
    await queueRefundCancellations(enrolment, { mail, siteUrl });
    await queueRefundCancellations(enrolment, { mail, siteUrl });
    await delivered();
    expect(resend.sent.map(to)).toEqual(['ravi@example.com']);
    const told = sentTo('ravi@example.com')[0]!;
    expect(told.body.subject).toBe(
      'Cancelled: DevOps with AWS, 7 Dec 2026 to 31 Dec 2026 - Sahyadri Infotech',
    );
    expect(told.body.text).toContain('Your place in DevOps with AWS was cancelled');
    const cancellation = icsOf(told);
    expect(cancellation.method).toBe('CANCEL');
    expect(cancellation.events[0]!.stamp).toContain('2026-12-01T10:00:00');
    // The buyer's own cancellation goes with the refund mail.
    const forBuyer = await refundCancellationFor(enrolment, siteUrl);
    expect(forBuyer?.contentType).toContain('method=CANCEL');
  });

  it('gives the refund mail no cancellation for a buyer of seats who did not attend', async () => {
    const batch = await storedBatch();
    const enrolment = await storedEnrolment(batch, buyer, {
      seats: 2,
      attendees: [ravi],
      cancelledAt: '2026-12-01T10:00:00.000Z',
    });
    expect(await refundCancellationFor(enrolment, siteUrl)).toBeUndefined();
  });
});
