/**
 * Queueing the students' e-mails (DECISIONS 55-56) on the one mail queue, each under an
 * idempotency key, so a replay (a payment confirmed twice, a staff change saved twice, the
 * reminder job running every hour) sends each e-mail once:
 * - `enrolment-<order>-<course>-buyer`: the buyer's joining mail, with the calendar file;
 * - `enrolment-<order>-<course>-to-<person>`: a named attendee's joining mail, with the file;
 * - `batch-change-<batch>-<change>-<person>`: a change of dates, schedule or link, per person;
 * - `batch-reminder-<order>-<course>-<person>`: the day before the first session.
 * `<person>` is a hash of the lower-cased e-mail address, so keys never carry the address.
 */
import { createHash } from 'node:crypto';
import { sessionsOf } from '~/lib/shared/batch-schedule';
import { indianDay, indianDayAndTime, nextDay } from '~/lib/shared/dates';
import { mailDeliveryOf, type MailQueue } from '~/server/domain/mail-queue';
import type { MailAttachment } from '~/server/domain/mail';
import { calendarAttachment } from '~/server/domain/students/calendar';
import {
  renderAttendeeJoiningMail,
  renderBatchChangeMail,
  renderBuyerJoiningMail,
  renderReminderMail,
  type BatchChanges,
} from '~/server/domain/students/student-mails';
import { getBatch, listBatches, type BatchRecord } from '~/server/storage/batches';
import { listEnrolmentsOfBatch, type EnrolmentRecord } from '~/server/storage/enrolments';

/** What queueing the students' e-mails needs (a checkout's or a handler's deps fit). */
export interface StudentMailDeps {
  readonly mail: MailQueue;
  /** The site's origin, for My courses links and the calendar's UIDs. */
  readonly siteUrl: string;
}

/** E-mails queued side by side. */
const QUEUE_CONCURRENCY = 10;
/** Reminders go out from this hour (in India) of the day before the first session. */
export const REMINDER_FROM_HOUR = 9;

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

const calendarOf = (batch: BatchRecord, enrolment: EnrolmentRecord, deps: StudentMailDeps): MailAttachment =>
  calendarAttachment({ batch, courseName: enrolment.courseName, siteUrl: deps.siteUrl });

/**
 * Queues the joining mail, with the calendar file, of each of `attendees` of an enrolment who has
 * not had it (DECISIONS 55: each new attendee; one named again later is not mailed twice). An
 * attendee with the buyer's own address is left out: the buyer's mail says it all.
 */
export async function queueAttendeeMails(
  enrolment: EnrolmentRecord,
  attendees: readonly { readonly name: string; readonly email: string }[],
  deps: StudentMailDeps,
  batch?: BatchRecord,
): Promise<void> {
  const buyer = enrolment.buyer.email.trim().toLowerCase();
  const others = attendees.filter((attendee) => attendee.email.trim().toLowerCase() !== buyer);
  if (others.length === 0) return;
  const record = batch ?? (await batchOf(enrolment));
  const attachment = calendarOf(record, enrolment, deps);
  await inBatches(
    others.map((attendee) => async () => {
      const idempotencyKey = `enrolment-${enrolmentKey(enrolment)}-to-${personKey(attendee.email)}`;
      if ((await mailDeliveryOf(idempotencyKey)) !== undefined) return;
      await deps.mail.queue({
        ...renderAttendeeJoiningMail({
          courseName: enrolment.courseName,
          orderNo: enrolment.orderNo,
          batch: record,
          siteUrl: deps.siteUrl,
          attendee,
          buyerName: enrolment.buyer.name,
        }),
        to: [attendee.email],
        attachments: [attachment],
        idempotencyKey,
      });
    }),
  );
}

/**
 * The e-mails of a new enrolment (DECISIONS 56): the buyer's joining mail with the calendar file,
 * and the joining mail of each attendee already named. Idempotent: call it after the enrolment is
 * saved, as often as the payment is confirmed.
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
    attachments: [calendarOf(batch, enrolment, deps)],
    idempotencyKey: `enrolment-${enrolmentKey(enrolment)}-buyer`,
  });
  await queueAttendeeMails(enrolment, enrolment.attendees, deps, batch);
}

/** What of a batch changed that its students are told of: its sessions' times, or its link. */
export function batchChangesOf(before: BatchRecord, after: BatchRecord): BatchChanges {
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
    ? calendarAttachment({ batch: after, courseName, siteUrl: deps.siteUrl })
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
