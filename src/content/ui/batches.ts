/**
 * Every text of batches and seats (DECISIONS 54-55; STYLE 3: components hold no copy): the course
 * page's list and Seats field, the cards' next start, the cart's batch and seats. A module of its
 * own: the course page's picker loads it before any island, so it carries no other shop text.
 */
export const batchText = {
  heading: 'Next batches',
  loading: 'Loading the next batches…',
  loadFailed: 'We could not load the batches. Add to cart takes the next open one.',
  /** A course with no open batch (DECISIONS 60): the page sells no seat and offers 'Ask about this course'. */
  none: 'New batches are announced soon.',
  /** `2026-12-07` -> `Starts Mon 7 Dec 2026` (a day in India, no time involved). */
  starts: (day: string) => `Starts ${weekdayOf(day)} ${formatDay(day)}`,
  /** The cards' line: the next open batch's first day. */
  nextStart: (day: string) => `Next batch starts ${formatDay(day)}`,
  /** The cards' line when no batch has a seat left. */
  noneOpen: 'No open batch now: ask us about the next one',
  sessions: (n: number) => (n === 1 ? '1 session' : `${n} sessions`),
  /** The sessions' times in the visitor's own zone, beside IST's (issue 42, item 6). */
  yourTime: (times: string) => `Your time: ${times}`,
  trainer: (name: string) => `Trainer: ${name}`,
  seatsLeft: (n: number) => (n === 1 ? '1 seat left' : `${n} seats left`),
  full: 'Full',
  seatsLabel: 'Seats',
  seatsHint: 'For a team: 1 to 20 seats. You name the attendees after paying.',
  /** More seats asked than the chosen batch has left. */
  tooManySeats: (left: number) =>
    left === 1 ? 'Only 1 seat is left in this batch.' : `Only ${left} seats are left in this batch.`,
  /** The cart's batch select; its options leave out the schedules' 'IST', which the label says once. */
  batchLabel: 'Batch (times in IST)',
  /**
   * A batch in the cart's select: `<day> · <days> <hours>` (`scheduleShort`: no ':00', no 'IST'), and 'Full'.
   * Short enough for a select at 360 px (issue 42, item 8): a select shows one line and cuts off
   * what does not fit; the schedule names the days, so the start day's weekday goes.
   */
  option: (day: string, schedule: string, seatsLeft: number) =>
    `${formatDay(day)} · ${schedule}${seatsLeft > 0 ? '' : ' (Full)'}`,
  /** The line's batch, no longer open (started or closed since it was added). */
  closedOption: 'This batch is no longer open',
  /**
   * What a cart line says when its batch filled or closed while the cart was open (issue 42,
   * item 6), and what to do.
   */
  lineFull: 'This batch is now full. Choose another batch, or delete this course from your cart.',
  lineFewSeats: (left: number) =>
    left === 1
      ? 'Only 1 seat is left in this batch now. Choose 1 seat or another batch.'
      : `Only ${left} seats are left in this batch now. Choose ${left} seats or fewer, or another batch.`,
  lineClosed: 'This batch has started or closed. Choose another batch.',
  /** The select's own tag of the line's batch once full. */
  fullTag: 'Full',
  /** The cart line's price for several seats: `3 seats × $174.99 = $524.97`. */
  lineTotal: (seats: number, price: string, total: string) => `${seats} seats × ${price} = ${total}`,
  changing: 'Updating your cart…',
} as const;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** `2026-12-07` -> `Mon` (calendar arithmetic: the day is already a day in India). */
function weekdayOf(day: string): string {
  return WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? '';
}

/** `2026-12-07` -> `7 Dec 2026`, as `formatIndianDate` writes days (September is `Sept`). */
function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTH_NAMES[month - 1] ?? ''} ${year}`;
}
