/**
 * Words of the console's Batches tab (issue 31; DECISIONS 54-56; STYLE 3). A module of its own so
 * the tab's words do not touch the rest of the console's.
 */
import { SCHEDULE_EXAMPLES } from '~/lib/shared/batch-schedule';

export const consoleBatchesText = {
  tab: 'Batches',
  newBatch: 'New batch',
  groups: {
    open: 'Open',
    full: 'Full',
    past: 'Past',
  },
  empty: {
    open: 'No open batch with seats left.',
    full: 'No full batch.',
    past: 'No batch has started yet.',
  },
  caption: (group: string) => `${group} batches`,
  columns: {
    course: 'Course',
    starts: 'Starts',
    schedule: 'Schedule',
    trainer: 'Trainer',
    seats: 'Seats taken',
    link: 'Joining link',
    actions: 'Actions',
  },
  /** An order line's batch in the Orders tab: `Starts Mon 7 Dec 2026, <schedule> (b-3-…), 3 seats`. */
  orderBatch: (starts: string, schedule: string, id: string, seats: number) =>
    `${starts}, ${schedule} (${id}), ${seats === 1 ? '1 seat' : `${seats} seats`}`,
  seatsTaken: (taken: number, seats: number) => `${taken} of ${seats}`,
  sessions: (n: number) => (n === 1 ? '1 session' : `${n} sessions`),
  linkSet: 'Set',
  linkMissing: 'Not set',
  edit: 'Edit',
  editFor: (id: string) => ` batch ${id}`,
  roster: 'Roster',
  rosterFor: (id: string) => ` of batch ${id}`,
  form: {
    createTitle: 'New batch',
    editTitle: (id: string) => `Change batch ${id}`,
    changeNote: 'Everyone enrolled is e-mailed when the dates, schedule or joining link change.',
    course: 'Course',
    chooseCourse: 'Choose a course…',
    startsOn: 'Start date',
    startsOnHelp: 'The first session’s day in India.',
    schedule: 'Schedule',
    scheduleHelp: `Days and hours in IST, e.g. ${SCHEDULE_EXAMPLES.join(' or ')}.`,
    sessions: 'Sessions',
    trainer: 'Trainer',
    seats: 'Seats',
    seatsHelp: 'Never fewer than the seats already taken.',
    joinUrl: 'Joining link (optional)',
    joinUrlHelp: 'The video meeting’s https:// address, once known.',
    create: 'Add batch',
    save: 'Save changes',
    saving: 'Saving…',
    cancel: 'Cancel',
    created: (id: string) => `Batch ${id} added.`,
    saved: (id: string) => `Batch ${id} saved.`,
    fix: 'Check the fields marked below.',
  },
  rosterView: {
    title: (id: string) => `Roster of batch ${id}`,
    loading: 'Loading the roster…',
    empty: 'Nobody is enrolled yet.',
    download: 'Download roster (CSV)',
    close: 'Close roster',
    caption: 'Enrolments, oldest first',
    order: 'Order',
    enrolled: 'Enrolled',
    buyer: 'Buyer',
    seats: 'Seats',
    attendees: 'Attendees',
    noAttendees: 'Not named yet',
  },
} as const;
