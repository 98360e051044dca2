/**
 * The e-mails a student gets (DECISIONS 55-56): the joining mail on enrolment (the buyer's, and
 * each named attendee's), a reminder the day before the first session, and a message when staff
 * change the batch's dates, schedule or joining link. Everything typed by people is escaped.
 * A mail to anyone but the buyer (an attendee) carries no text the buyer typed except a name that
 * passes the name rule (DECISIONS 59; `~/lib/shared/name-rule`): not even the attendee's address.
 */
import { formatBatchDates } from '~/lib/shared/batch-dates';
import { sessionsOf } from '~/lib/shared/batch-schedule';
import { formatIst } from '~/lib/shared/dates';
import { nameForOthers } from '~/lib/shared/name-rule';
import {
  detailRow,
  escapeHtml,
  mailFrame,
  type RenderedMail,
  firstNameOf,
} from '~/server/domain/mail-templates';
import { site } from '~/site.config';

/**
 * Who a mail goes to: their name, and whether they typed it themselves (the buyer) or the buyer
 * typed it for them (an attendee), when the name rule decides how it reads (DECISIONS 59).
 */
export interface Recipient {
  readonly name: string;
  readonly typedTheirName: boolean;
}

/** The name a mail greets its recipient by: 'Dear Priya,', or 'Dear colleague,' (DECISIONS 59). */
function greetingNameOf(recipient: Recipient): string {
  return recipient.typedTheirName
    ? firstNameOf(recipient.name)
    : firstNameOf(nameForOthers(recipient.name, 'colleague'));
}

/** The batch fields the e-mails state. */
export interface MailBatch {
  readonly startsOn: string;
  readonly schedule: string;
  readonly sessions: number;
  readonly trainer: string;
  readonly joinUrl?: string | undefined;
}

const LINK_STYLE = 'color:#0f766e;';
const BUTTON_STYLE =
  'display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;';

const myCoursesUrl = (siteUrl: string) => `${siteUrl}/my-courses`;

/** The batch as label and text pairs, the same in the HTML and the text part. */
function batchFacts(courseName: string, batch: MailBatch): [string, string][] {
  return [
    ['Course', courseName],
    ['Dates', formatBatchDates(batch)],
    ['Schedule', batch.schedule],
    ['Sessions', String(batch.sessions)],
    ['Trainer', batch.trainer],
  ];
}

function joiningHtml(batch: MailBatch, siteUrl: string): string {
  return batch.joinUrl
    ? detailRow(
        'Joining link',
        `<a href="${escapeHtml(batch.joinUrl)}" style="${LINK_STYLE}">${escapeHtml(batch.joinUrl)}</a>`,
      )
    : detailRow(
        'Joining link',
        `${escapeHtml('Not set yet: it will be in')} <a href="${escapeHtml(myCoursesUrl(siteUrl))}" style="${LINK_STYLE}">My courses</a> ${escapeHtml('and in your e-mail before the first session.')}`,
      );
}

const joiningText = (batch: MailBatch, siteUrl: string) =>
  batch.joinUrl
    ? `Joining link: ${batch.joinUrl}`
    : `Joining link: not set yet. It will be in My courses (${myCoursesUrl(siteUrl)}) and in your e-mail before the first session.`;

function factsTable(rows: readonly [string, string][], extraHtml = ''): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;margin-bottom:16px;">
${rows.map(([label, value]) => detailRow(escapeHtml(label), escapeHtml(value))).join('\n')}
${extraHtml}
</table>`;
}

const factsText = (rows: readonly [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`);

function myCoursesButton(siteUrl: string): string {
  return `<p style="margin:20px 0 0;"><a href="${escapeHtml(myCoursesUrl(siteUrl))}" style="${BUTTON_STYLE}">Open My courses</a></p>`;
}

/**
 * Every student mail has one shape: greeting, the lead paragraphs, the batch's facts with its
 * joining link (`joining: false`: without, for someone who does not attend), an optional closing
 * sentence and the My courses button (HTML and text alike).
 */
function studentMail(mail: {
  readonly subject: string;
  readonly heading: string;
  readonly to: Recipient;
  readonly paragraphs: readonly string[];
  readonly rows: readonly [string, string][];
  readonly batch: MailBatch;
  readonly siteUrl: string;
  readonly closing?: string;
  readonly joining?: boolean;
}): RenderedMail {
  const { batch, siteUrl, closing } = mail;
  const joining = mail.joining ?? true;
  return {
    subject: mail.subject,
    html: mailFrame(
      mail.heading,
      `<p style="margin:0 0 12px;">Dear ${escapeHtml(greetingNameOf(mail.to))},</p>
${mail.paragraphs.map((line) => `<p style="margin:0 0 16px;">${escapeHtml(line)}</p>`).join('\n')}
${factsTable(mail.rows, joining ? joiningHtml(batch, siteUrl) : '')}
${closing === undefined ? '' : `<p style="margin:0;">${escapeHtml(closing)}</p>\n`}${myCoursesButton(siteUrl)}`,
    ),
    text: [
      `Dear ${greetingNameOf(mail.to)},`,
      '',
      ...mail.paragraphs.flatMap((line) => [line, '']),
      ...factsText(mail.rows),
      ...(joining ? [joiningText(batch, siteUrl)] : []),
      '',
      ...(closing === undefined ? [] : [closing]),
      `My courses: ${myCoursesUrl(siteUrl)}`,
    ].join('\n'),
  };
}

/** What every joining mail is made from. */
export interface JoiningMailInput {
  readonly courseName: string;
  readonly orderNo: string;
  readonly batch: MailBatch;
  readonly siteUrl: string;
}

/**
 * The buyer's mail on payment (issue 42, item 6). One seat: the buyer is its attendee, so this is
 * their joining mail ('You are enrolled', with the calendar file the caller attaches). More seats:
 * a buyer's mail, what they bought and how to name and change the attendees and to say whether
 * they attend themselves; no calendar file and no joining link (they may not attend).
 */
export function renderBuyerJoiningMail(
  input: JoiningMailInput & { readonly buyerName: string; readonly seats: number },
): RenderedMail {
  const { courseName, batch, siteUrl, seats } = input;
  const to = { name: input.buyerName, typedTheirName: true };
  if (seats === 1)
    return studentMail({
      subject: `You are enrolled: ${courseName}, ${formatBatchDates(batch)} - ${site.name}`,
      heading: 'Your batch is booked',
      to,
      paragraphs: [
        `You are enrolled in ${courseName}. The attached calendar file puts every session in your calendar.`,
      ],
      rows: [...batchFacts(courseName, batch), ['Order', input.orderNo]],
      batch,
      siteUrl,
    });
  return studentMail({
    subject: `Your ${seats} seats of ${courseName}: name the attendees - ${site.name}`,
    heading: 'Your seats are booked',
    to,
    paragraphs: [
      `You bought ${seats} seats of ${courseName}. Name the attendees in My courses: each of them gets the joining details and a calendar file by e-mail, and sees the batch in their own My courses. You can change them there until the course starts.`,
      'Will you attend yourself? Say so in My courses, where you name the others: you then get your own joining details.',
    ],
    rows: [...batchFacts(courseName, batch), ['Order', input.orderNo], ['Seats', String(seats)]],
    batch,
    siteUrl,
    joining: false,
  });
}

/**
 * The joining mail of a buyer of several seats who said they attend (issue 42, item 6): they
 * are enrolled on one of their seats, with the calendar file the caller attaches.
 */
export function renderBuyerAttendsMail(
  input: JoiningMailInput & { readonly buyerName: string; readonly seats: number },
): RenderedMail {
  const { courseName, batch, siteUrl, seats } = input;
  return studentMail({
    subject: `You are enrolled: ${courseName}, ${formatBatchDates(batch)} - ${site.name}`,
    heading: 'You are enrolled in a batch',
    to: { name: input.buyerName, typedTheirName: true },
    paragraphs: [
      `You are enrolled in ${courseName}, on one of the ${seats} seats you bought. The attached calendar file puts every session in your calendar.`,
    ],
    rows: [...batchFacts(courseName, batch), ['Order', input.orderNo]],
    batch,
    siteUrl,
  });
}

/** The sentence of every cancellation mail about its attachment. */
const CANCELLATION_FILE =
  'The attached calendar file removes its sessions from your calendar: open it, or your calendar may do so by itself.';

/**
 * The mail to someone taken off the attendees of an enrolment (issue 42, item 6), with the
 * cancellation of the sessions the caller attaches. An attendee is told who took them off by the
 * buyer's name only when it passes the name rule (DECISIONS 59); a buyer who took themselves off
 * is told their seats stay theirs.
 */
export function renderRemovedMail(
  input: JoiningMailInput & {
    readonly to: Recipient;
    readonly buyerName: string;
    /** The buyer took themselves off. */
    readonly self: boolean;
  },
): RenderedMail {
  const { courseName, batch, siteUrl } = input;
  const buyer = nameForOthers(input.buyerName);
  const who = buyer.charAt(0).toUpperCase() + buyer.slice(1);
  const lead = input.self
    ? `You are no longer an attendee of ${courseName} (order ${input.orderNo}). The seats stay yours: name who attends in My courses.`
    : `${who} has taken you off the attendees of ${courseName}, so you no longer attend it.`;
  return studentMail({
    subject: `You no longer attend ${courseName} - ${site.name}`,
    heading: 'You no longer attend this batch',
    to: input.to,
    paragraphs: [lead, CANCELLATION_FILE],
    rows: batchFacts(courseName, batch),
    batch,
    siteUrl,
    joining: false,
    ...(input.self ? {} : { closing: `If you think this is a mistake, please ask ${buyer}.` }),
  });
}

/**
 * The mail to an attendee whose enrolment ended because its course was refunded to the buyer
 * (issue 42, item 6), with the cancellation of the sessions the caller attaches. The buyer gets
 * the refund mail instead.
 */
export function renderEnrolmentCancelledMail(
  input: JoiningMailInput & { readonly to: Recipient; readonly buyerName: string },
): RenderedMail {
  const { courseName, batch, siteUrl } = input;
  const buyer = nameForOthers(input.buyerName);
  return studentMail({
    subject: `Cancelled: ${courseName}, ${formatBatchDates(batch)} - ${site.name}`,
    heading: 'Your place in a batch was cancelled',
    to: input.to,
    paragraphs: [
      `Your place in ${courseName} was cancelled: the order it was booked with was refunded.`,
      CANCELLATION_FILE,
    ],
    rows: batchFacts(courseName, batch),
    batch,
    siteUrl,
    joining: false,
    closing: `If you think this is a mistake, please ask ${buyer}.`,
  });
}

/**
 * An attendee's joining mail: who enrolled them, the batch, and how to see it in My courses. The
 * buyer's name and the attendee's as the buyer typed it appear only if they pass the name rule,
 * else 'your colleague' (DECISIONS 59); nothing else the buyer typed is in it.
 */
export function renderAttendeeJoiningMail(
  input: JoiningMailInput & {
    readonly attendee: { readonly name: string };
    readonly buyerName: string;
  },
): RenderedMail {
  const { courseName, batch, siteUrl, attendee } = input;
  const buyer = nameForOthers(input.buyerName);
  const who = buyer.charAt(0).toUpperCase() + buyer.slice(1);
  const lead = `${who} has enrolled you in ${courseName}. The attached calendar file puts every session in your calendar.`;
  const howToSee = `To see the batch and its joining link in My courses, sign in or sign up at ${siteUrl} with the e-mail address this message was sent to.`;
  const rows = batchFacts(courseName, batch);
  return studentMail({
    subject: `You are enrolled: ${courseName}, ${formatBatchDates(batch)} - ${site.name}`,
    heading: 'You are enrolled in a batch',
    to: { name: attendee.name, typedTheirName: false },
    paragraphs: [lead],
    rows,
    batch,
    siteUrl,
    closing: howToSee,
  });
}

/** The reminder the day before the first session. */
export function renderReminderMail(input: {
  readonly courseName: string;
  readonly to: Recipient;
  readonly batch: MailBatch;
  readonly siteUrl: string;
}): RenderedMail {
  const { courseName, batch, siteUrl } = input;
  const first = sessionsOf(batch)[0];
  const when = first ? formatIst(first.start.toISOString()) : batch.startsOn;
  const lead = `${courseName} starts tomorrow: the first session is on ${when}.`;
  const rows = batchFacts(courseName, batch);
  return studentMail({
    subject: `${courseName} starts tomorrow - ${site.name}`,
    heading: 'Your course starts tomorrow',
    to: input.to,
    paragraphs: [lead],
    rows,
    batch,
    siteUrl,
  });
}

/** What changed in a batch that its students are told of. */
export interface BatchChanges {
  /** The first or last day, the schedule or the number of sessions: the sessions moved. */
  readonly times: boolean;
  readonly joinUrl: boolean;
}

/** The message to each enrolled person when staff change the batch's dates, schedule or link. */
export function renderBatchChangeMail(input: {
  readonly courseName: string;
  readonly to: Recipient;
  readonly before: MailBatch;
  readonly after: MailBatch;
  readonly changes: BatchChanges;
  readonly siteUrl: string;
}): RenderedMail {
  const { courseName, before, after, changes, siteUrl } = input;
  const linkOnly = !changes.times;
  const lines: string[] = [];
  if (changes.times) {
    lines.push(
      `The sessions have moved. Dates: ${formatBatchDates(after)} (were ${formatBatchDates(before)}). Schedule: ${after.schedule}${after.schedule === before.schedule ? '' : ` (was ${before.schedule})`}. The attached calendar file has the new sessions: open it to update your calendar.`,
    );
  }
  if (changes.joinUrl) {
    lines.push(
      after.joinUrl
        ? `The joining link ${before.joinUrl ? 'has changed' : 'is ready'}: ${after.joinUrl}`
        : 'The joining link was withdrawn; the new one will be in My courses and in your e-mail before the first session.',
    );
  }
  const title = linkOnly && after.joinUrl ? 'Your joining link' : 'Your batch has changed';
  const rows = batchFacts(courseName, after);
  return studentMail({
    subject: `${linkOnly && after.joinUrl ? 'Joining link' : 'Changes'} for ${courseName} - ${site.name}`,
    heading: title,
    to: input.to,
    paragraphs: lines,
    rows,
    batch: after,
    siteUrl,
  });
}
