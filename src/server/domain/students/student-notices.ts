/**
 * Queueing the students' e-mails (DECISIONS 55-56) on the one mail queue, each under an
 * idempotency key, so a replay (a payment confirmed twice, a staff change saved twice, the
 * reminder job running every hour) sends each e-mail once:
 * - `enrolment-<order>-<course>-buyer`: the buyer's mail on payment (one seat: their joining mail,
 *   with the calendar file; more: what they bought and how to name the attendees);
 * - `enrolment-<order>-<course>-buyer-attends[-r<n>]`: the joining mail of a buyer of several seats
 *   who attends (or of any buyer named again after being taken off), with the file;
 * - `enrolment-<order>-<course>-to-<person>[-r<n>]`: a named attendee's joining mail, with the
 *   file (`-r<n>`: named again, at the list's revision n, after being taken off);
 * - `attendee-removed-<order>-<course>-<person>-r<n>`: to someone taken off at revision n, with
 *   the cancellation of the sessions (issue 42, item 6);
 * - `enrolment-cancelled-<order>-<course>-<person>`: to an attendee of a refunded course, with the
 *   cancellation;
 * - `batch-change-<batch>-<change>-<person>`: a change of dates, schedule or link, per person;
 * - `batch-reminder-<order>-<course>-<person>`: the day before the first session.
 * `<person>` is a hash of the lower-cased e-mail address, so keys never carry the address.
 */
import { createHash } from 'node:crypto';
import { sessionsOf } from '~/lib/shared/batch-schedule';
import { indianDay, indianDayAndTime, nextDay } from '~/lib/shared/dates';
import { mailDeliveryOf, type MailQueue } from '~/server/domain/mail-queue';
import type { MailAttachment } from '~/server/domain/mail';
import { attendeesOf, attendsBatch, isBuyerAddress } from '~/server/domain/students/attendance';
import { calendarAttachment, cancellationAttachment } from '~/server/domain/students/calendar';
import {
  renderAttendeeJoiningMail,
  renderBatchChangeMail,
  renderBuyerAttendsMail,
  renderBuyerJoiningMail,
  renderEnrolmentCancelledMail,
  renderReminderMail,
  renderRemovedMail,
  type BatchChanges,
} from '~/server/domain/students/student-mails';
import { getBatch, listBatches, type BatchRecord } from '~/server/storage/batches';
import {
  listEnrolmentsOfBatch,
  type AttendeeRecord,
  type EnrolmentRecord,
} from '~/server/storage/enrolments';

/** What queueing the students' e-mails needs (a checkout's or a handler's deps fit). */
export interface StudentMailDeps {
  readonly mail: MailQueue;
  /** The site's origin, for My courses links and the calendar's UIDs. */
  readonly siteUrl: string;
  /** The clock of the calendar files' SEQUENCE (default: the system's). */
  readonly now?: () => Date;
}

/** E-mails queued side by side. */
const QUEUE_CONCURRENCY = 10;
/** Reminders go out from this hour (in India) of the day before the first session. */
const REMINDER_FROM_HOUR = 9;

/** A person's part of an idempotency key: a hash of the address, never the address. */
const personKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24);
/** Order numbers and batch ids as key parts (`SIS-2627-000001` is kept as it is). */
const keyPart = (value: string) => value.replace(/[^A-Za-z0-9_.-]/g, '_');
const enrolmentKey = (enrolment: Pick<EnrolmentRecord, 'orderNo' | 'courseId'>) =>
  `${keyPart(enrolment.orderNo)}-${enrolment.courseId}`;

/** Runs `tasks` a few at a time. */
async function inBatches(tasks: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (let start = 0; start < tasks.length; start += QUEUE_CONCURRENCY) {
    await Promise.all(tasks.slice(start, start + QUEUE_CONCURRENCY).map((task) => task()));
  }
}

async function batchOf(enrolment: EnrolmentRecord): Promise<BatchRecord> {
  const batch = await getBatch(enrolment.batchId);
  if (!batch)
    throw new Error(`Enrolment ${enrolmentKey(enrolment)} names batch ${enrolment.batchId}, which is gone`);
  return batch;
}

const nowOf = (deps: StudentMailDeps) => deps.now?.() ?? new Date();

/** An enrolment's calendar file: at the SEQUENCE its last attendee change kept, else of now. */
const calendarOf = (batch: BatchRecord, enrolment: EnrolmentRecord, deps: StudentMailDeps): MailAttachment =>
  calendarAttachment({
    batch,
    courseName: enrolment.courseName,
    siteUrl: deps.siteUrl,
    writtenAt: nowOf(deps),
    sequence: enrolment.sequence,
  });

/** The invitation's key part of someone named again after being taken off: `-r<n>`. */
const againPart = (attendee: Pick<AttendeeRecord, 'since'>) =>
  attendee.since === undefined ? '' : `-r${attendee.since}`;

/**
 * Queues the joining mail, with the calendar file, of each of `attendees` of an enrolment who has
 * not had it (DECISIONS 55: each new attendee, once; issue 42, item 6: again when named again
 * after being taken off, since that sent a cancellation). The buyer among them gets their own
 * joining mail when they bought several seats, or were named again; a one-seat buyer's mail on
 * payment was theirs.
 */
export async function queueAttendeeMails(
  enrolment: EnrolmentRecord,
  attendees: readonly AttendeeRecord[],
  deps: StudentMailDeps,
  batch?: BatchRecord,
): Promise<void> {
  const invited = attendees.filter(
    (attendee) =>
      !(isBuyerAddress(enrolment, attendee.email) && enrolment.seats === 1 && attendee.since === undefined),
  );
  if (invited.length === 0) return;
  const record = batch ?? (await batchOf(enrolment));
  const attachment = calendarOf(record, enrolment, deps);
  const input = {
    courseName: enrolment.courseName,
    orderNo: enrolment.orderNo,
    batch: record,
    siteUrl: deps.siteUrl,
  };
  await inBatches(
    invited.map((attendee) => async () => {
      const buyer = isBuyerAddress(enrolment, attendee.email);
      const idempotencyKey = buyer
        ? `enrolment-${enrolmentKey(enrolment)}-buyer-attends${againPart(attendee)}`
        : `enrolment-${enrolmentKey(enrolment)}-to-${personKey(attendee.email)}${againPart(attendee)}`;
      if ((await mailDeliveryOf(idempotencyKey)) !== undefined) return;
      await deps.mail.queue({
        ...(buyer
          ? renderBuyerAttendsMail({ ...input, buyerName: enrolment.buyer.name, seats: enrolment.seats })
          : renderAttendeeJoiningMail({ ...input, attendee, buyerName: enrolment.buyer.name })),
        to: [buyer ? enrolment.buyer.email : attendee.email],
        attachments: [attachment],
        idempotencyKey,
      });
    }),
  );
}

/**
 * The e-mails of a new enrolment (DECISIONS 56; issue 42, item 6): the buyer's mail (one seat:
 * their joining mail with the calendar file; more: what they bought and how to name the
 * attendees, no calendar file), and the joining mail of each attendee already named. Idempotent:
 * call it after the enrolment is saved, as often as the payment is confirmed.
 */
export async function queueEnrolmentMails(enrolment: EnrolmentRecord, deps: StudentMailDeps): Promise<void> {
  const batch = await batchOf(enrolment);
  await deps.mail.queue({
    ...renderBuyerJoiningMail({
      courseName: enrolment.courseName,
      orderNo: enrolment.orderNo,
      batch,
      siteUrl: deps.siteUrl,
      buyerName: enrolment.buyer.name,
      seats: enrolment.seats,
    }),
    to: [enrolment.buyer.email],
    ...(enrolment.seats === 1 ? { attachments: [calendarOf(batch, enrolment, deps)] } : {}),
    idempotencyKey: `enrolment-${enrolmentKey(enrolment)}-buyer`,
  });
  await queueAttendeeMails(enrolment, attendeesOf(enrolment), deps, batch);
}

/**
 * Tells each person the last change of an enrolment's attendees took off (its `removed`) that
 * they no longer attend, with the cancellation of the sessions (issue 42, item 6); once per person
 * and change, so a retry of the same change mails whoever a crash left unmailed. Someone who still
 * attends the batch on another enrolment is not mailed: its cancellation would empty their
 * calendar of sessions they still attend.
 */
export async function queueRemovalMails(
  enrolment: EnrolmentRecord,
  deps: StudentMailDeps,
  batch?: BatchRecord,
): Promise<void> {
  const removed = enrolment.removed ?? [];
  if (removed.length === 0) return;
  const record = batch ?? (await batchOf(enrolment));
  await inBatches(
    removed.map((person) => async () => {
      const idempotencyKey = `attendee-removed-${enrolmentKey(enrolment)}-${personKey(person.email)}-r${person.revision}`;
      if ((await mailDeliveryOf(idempotencyKey)) !== undefined) return;
      if (await attendsBatch(record.id, person.email)) return;
      const self = isBuyerAddress(enrolment, person.email);
      await deps.mail.queue({
        ...renderRemovedMail({
          courseName: enrolment.courseName,
          orderNo: enrolment.orderNo,
          batch: record,
          siteUrl: deps.siteUrl,
          to: { name: self ? enrolment.buyer.name : person.name, typedTheirName: self },
          buyerName: enrolment.buyer.name,
          self,
        }),
        to: [person.email],
        attachments: [
          cancellationAttachment({
            batch: record,
            courseName: enrolment.courseName,
            siteUrl: deps.siteUrl,
            cancelledAt: nowOf(deps),
            sequence: enrolment.sequence,
          }),
        ],
        idempotencyKey,
      });
    }),
  );
}

/**
 * The cancellation of a refunded enrolment's sessions (issue 42, item 6), for the buyer's refund
 * mail: undefined when the buyer did not attend, or still attends the batch on another enrolment.
 */
export async function refundCancellationFor(
  enrolment: EnrolmentRecord,
  siteUrl: string,
): Promise<MailAttachment | undefined> {
  if (!attendeesOf(enrolment).some((attendee) => isBuyerAddress(enrolment, attendee.email))) return undefined;
  const batch = await batchOf(enrolment);
  if (await attendsBatch(batch.id, enrolment.buyer.email)) return undefined;
  return cancellationAttachment({
    batch,
    courseName: enrolment.courseName,
    siteUrl,
    cancelledAt: new Date(enrolment.cancelledAt ?? Date.now()),
  });
}

/**
 * Tells each attendee of a refunded enrolment but its buyer (who gets the refund mail) that their
 * place was cancelled, with the cancellation of the sessions (issue 42, item 6); once per person.
 * Someone who still attends the batch on another enrolment is not mailed.
 */
export async function queueRefundCancellations(
  enrolment: EnrolmentRecord,
  deps: StudentMailDeps,
): Promise<void> {
  const others = attendeesOf(enrolment).filter((attendee) => !isBuyerAddress(enrolment, attendee.email));
  if (others.length === 0 || enrolment.cancelledAt === undefined) return;
  const batch = await batchOf(enrolment);
  const attachment = cancellationAttachment({
    batch,
    courseName: enrolment.courseName,
    siteUrl: deps.siteUrl,
    cancelledAt: new Date(enrolment.cancelledAt),
  });
  await inBatches(
    others.map((attendee) => async () => {
      const idempotencyKey = `enrolment-cancelled-${enrolmentKey(enrolment)}-${personKey(attendee.email)}`;
      if ((await mailDeliveryOf(idempotencyKey)) !== undefined) return;
      if (await attendsBatch(batch.id, attendee.email)) return;
      await deps.mail.queue({
        ...renderEnrolmentCancelledMail({
          courseName: enrolment.courseName,
          orderNo: enrolment.orderNo,
          batch,
          siteUrl: deps.siteUrl,
          to: { name: attendee.name, typedTheirName: false },
          buyerName: enrolment.buyer.name,
        }),
        to: [attendee.email],
        attachments: [attachment],
        idempotencyKey,
      });
    }),
  );
}

/** What of a batch changed that its students are told of: its sessions' times, or its link. */
function batchChangesOf(before: BatchRecord, after: BatchRecord): BatchChanges {
  return {
    times:
      before.startsOn !== after.startsOn ||
      before.schedule !== after.schedule ||
      before.sessions !== after.sessions,
    joinUrl: (before.joinUrl || '') !== (after.joinUrl || ''),
  };
}

/** Someone enrolled on a batch: their name, whether they typed it (a buyer), their course's name. */
interface EnrolledPerson {
  readonly name: string;
  readonly email: string;
  /** A buyer typed their own name; an attendee's was typed by the buyer (DECISIONS 59). */
  readonly typedTheirName: boolean;
  readonly courseName: string;
}

/**
 * Everyone enrolled on a batch, once per e-mail address: buyers and attendees, with their course's
 * name. Someone who bought a seat of their own is greeted by the name they typed, even where
 * another buyer named them as an attendee.
 */
function peopleOf(enrolments: readonly EnrolmentRecord[]): EnrolledPerson[] {
  const people = new Map<string, EnrolledPerson>();
  for (const enrolment of enrolments) {
    const persons = [
      { ...enrolment.buyer, typedTheirName: true },
      ...enrolment.attendees.map((attendee) => ({ ...attendee, typedTheirName: false })),
    ];
    for (const person of persons) {
      const key = person.email.trim().toLowerCase();
      const known = people.get(key);
      if (!known || (person.typedTheirName && !known.typedTheirName))
        people.set(key, {
          name: person.name,
          email: person.email,
          typedTheirName: person.typedTheirName,
          courseName: enrolment.courseName,
        });
    }
  }
  return [...people.values()];
}

/**
 * Tells every person enrolled on a batch (buyers and attendees, once per address) that staff
 * changed its dates, schedule or joining link (DECISIONS 56); nothing when neither changed (a
 * trainer's name or the seats). The new calendar file goes along when the sessions moved. Once
 * per change: the same `before` and `after` again queue nothing new. Resolves to the people told.
 */
export async function notifyBatchChange(
  before: BatchRecord,
  after: BatchRecord,
  deps: StudentMailDeps,
): Promise<number> {
  const changes = batchChangesOf(before, after);
  if (!changes.times && !changes.joinUrl) return 0;
  const people = peopleOf(await listEnrolmentsOfBatch(after.id));
  if (people.length === 0) return 0;
  const change = createHash('sha256')
    .update(
      JSON.stringify([after.updatedAt, after.startsOn, after.schedule, after.sessions, after.joinUrl ?? '']),
    )
    .digest('hex')
    .slice(0, 16);
  const courseName = people[0]!.courseName;
  const attachment = changes.times
    ? calendarAttachment({ batch: after, courseName, siteUrl: deps.siteUrl, writtenAt: nowOf(deps) })
    : undefined;
  await inBatches(
    people.map(
      (person) => () =>
        deps.mail.queue({
          ...renderBatchChangeMail({
            courseName: person.courseName,
            to: person,
            before,
            after,
            changes,
            siteUrl: deps.siteUrl,
          }),
          to: [person.email],
          ...(attachment ? { attachments: [attachment] } : {}),
          idempotencyKey: `batch-change-${keyPart(after.id)}-${change}-${personKey(person.email)}`,
        }),
    ),
  );
  return people.length;
}

/** What one reminder run did. */
export interface ReminderSummary {
  /** Batches whose first session is tomorrow in India. */
  readonly batches: number;
  /** Reminders queued in this run (those queued by an earlier run are not counted). */
  readonly queued: number;
}

/**
 * The reminder job (DECISIONS 56): from REMINDER_FROM_HOUR in India on the day before a batch's
 * first session, queues a reminder to every person of each of its enrolments, once per enrolment
 * and person however often it runs (a reminder already queued is only read, not queued again).
 */
export async function queueBatchReminders(now: Date, deps: StudentMailDeps): Promise<ReminderSummary> {
  if (Number(indianDayAndTime(now).slice(11, 13)) < REMINDER_FROM_HOUR) return { batches: 0, queued: 0 };
  const tomorrow = nextDay(indianDay(now));
  const batches = (await listBatches()).filter((batch) => {
    const first = sessionsOf(batch)[0];
    return first !== undefined && indianDay(first.start) === tomorrow;
  });
  let queued = 0;
  for (const batch of batches) {
    const enrolments = await listEnrolmentsOfBatch(batch.id);
    const tasks = enrolments.flatMap((enrolment) =>
      peopleOf([enrolment]).map((person) => async () => {
        const idempotencyKey = `batch-reminder-${enrolmentKey(enrolment)}-${personKey(person.email)}`;
        if ((await mailDeliveryOf(idempotencyKey)) !== undefined) return;
        await deps.mail.queue({
          ...renderReminderMail({
            courseName: person.courseName,
            to: person,
            batch,
            siteUrl: deps.siteUrl,
          }),
          to: [person.email],
          idempotencyKey,
        });
        queued += 1;
      }),
    );
    await inBatches(tasks);
  }
  return { batches: batches.length, queued };
}
