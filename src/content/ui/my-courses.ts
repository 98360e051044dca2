/**
 * The words of the My courses page (issue 31, DECISIONS 55-56): each enrolment with its batch,
 * calendar file and joining link. The attendee form's are in `./attendees-form`, loaded with the
 * form.
 */

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
  /** A one-seat buyer is the attendee (issue 42, item 6): nobody to name. */
  oneSeatYours: 'You bought 1 seat, and you attend: nobody else to name.',
  /** Among the attendees, the person looking. */
  you: 'you',
  /** The sessions' times in the visitor's own zone, under IST's (issue 42, item 6). */
  yourTime: (times: string) => `Your time: ${times}`,
  /** A refunded course (issue 42, item 6): the buyer's line, with the credit note. */
  refundedOn: (date: string) => `Refunded on ${date}`,
  /** The same for an attendee, who has no credit note. */
  cancelledOn: (date: string) => `Cancelled on ${date}`,
  creditNote: (creditNoteNo: string) => `Credit note ${creditNoteNo}`,
  refundedText: 'This course was refunded, so it has no joining link or calendar file now.',
  cancelledText:
    'The order this place was booked with was refunded, so it has no joining link or calendar file now.',
} as const;
