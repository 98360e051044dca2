/**
 * The words of the attendee form on My courses (DECISIONS 55; issue 42, item 6), loaded with the
 * form, which only a buyer of seats needs.
 */
import { SEATS_PER_ORDER } from '~/lib/shared/schemas/batch-public';

/** The attendee form of a buyer of seats (DECISIONS 55; issue 42, item 6). */
export const attendeesFormText = {
  heading: 'Name the attendees',
  /** The buyer is asked first whether they take one of the seats. */
  attendQuestion: 'Will you attend yourself?',
  attendYes: 'Yes, one of the seats is mine',
  attendNo: 'No, the seats are for others',
  attendHint: 'Say whether you attend yourself.',
  /** More people than seats with the buyer attending. */
  tooMany: (others: number) =>
    others === 1
      ? 'With you attending, 1 seat is left for others. Empty the rows you do not need.'
      : `With you attending, ${others} seats are left for others. Empty the rows you do not need.`,
  intro: (seats: number) =>
    `Give the name and e-mail address of each person who will attend, up to ${seats} (one per seat). Each new attendee gets the joining details by e-mail and sees the batch in My courses when they sign in with that address. Anyone you take off later gets an e-mail that removes the sessions from their calendar.`,
  row: (index: number) => `Attendee ${index}`,
  name: 'Name',
  email: 'E-mail',
  bothOrNeither: 'Enter both the name and the e-mail address, or leave both empty.',
  save: 'Save attendees',
  saving: 'Saving…',
  saved: 'Attendees saved. Each new attendee gets the joining details by e-mail.',
  fix: 'Please correct the highlighted fields.',
  maxRows: SEATS_PER_ORDER,
} as const;
