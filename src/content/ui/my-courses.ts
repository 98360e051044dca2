/**
 * The words of the My courses page (issue 31, DECISIONS 55-56): each enrolment with its batch,
 * calendar file and joining link, and the attendee form of a buyer of seats.
 */
import { BATCH_LIMITS } from '~/lib/shared/schemas/batch';

export const myCoursesText = {
  loading: 'Loading your courses…',
  loadFailed: 'We could not load your courses.',
  signInHeading: 'Sign in to see your courses',
  signInText: 'The batches you bought or were enrolled in are kept with your account.',
  empty: 'No courses yet',
  emptyText:
    'Batches you buy, or that your company enrols you in, are listed here with their dates, calendar file and joining link.',
  browse: 'Browse training courses',
  listLabel: 'Your courses, newest first',
  order: 'Order',
  dates: 'Dates',
  schedule: 'Schedule',
  sessions: 'Sessions',
  trainer: 'Trainer',
  seats: 'Seats',
  joining: 'Joining link',
  join: 'Join the session',
  joinFor: (course: string) => ` of ${course}`,
  /** DECISIONS 56, word for word. */
  joinLater: 'The joining link will be here and in your e-mail before the first session.',
  addToCalendar: 'Add to calendar',
  calendarFor: (course: string) => ` (.ics file of every session of ${course})`,
  attendees: 'Attendees',
  noAttendees: 'No attendees named yet.',
  youAttend: 'You are enrolled as an attendee of this batch.',
  boughtSeats: (seats: number) => (seats === 1 ? 'You bought 1 seat.' : `You bought ${seats} seats.`),
} as const;

/** The attendee form of a buyer (DECISIONS 55). */
export const attendeesFormText = {
  heading: 'Name the attendees',
  intro: (seats: number) =>
    `Give the name and e-mail address of each person who will attend, up to ${seats} (one per seat). Each new attendee gets the joining details by e-mail and sees the batch in My courses when they sign in with that address.`,
  row: (index: number) => `Attendee ${index}`,
  name: 'Name',
  email: 'E-mail',
  bothOrNeither: 'Enter both the name and the e-mail address, or leave both empty.',
  save: 'Save attendees',
  saving: 'Saving…',
  saved: 'Attendees saved. Each new attendee gets the joining details by e-mail.',
  fix: 'Please correct the highlighted fields.',
  maxRows: BATCH_LIMITS.seatsPerOrder,
} as const;
