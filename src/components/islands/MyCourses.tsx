/**
 * The My courses page's island (issue 31, DECISIONS 55-56): each enrolment, newest first, with
 * its course, dates (first to last session, days in India), schedule (in IST, and in the
 * visitor's own zone when theirs differs), sessions, trainer, seats, attendees, an "Add to
 * calendar" .ics link and the joining link once staff set it; a buyer of seats says whether they
 * attend and names the others here, a one-seat buyer is the attendee and names nobody. A refunded
 * course stays, said to be refunded with its credit note, without joining link or calendar
 * (issue 42, item 6).
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { myCoursesText as text } from '~/content/ui/my-courses';
import { visitorSessionTimes } from '~/lib/client/visitor-zone';
import { formatBatchDates } from '~/lib/shared/batch-dates';
import { courseDetailLink } from '~/lib/shared/course-pages';
import { formatIndianDate } from '~/lib/shared/dates';
import type { Enrolment } from '~/lib/shared/schemas/enrolment';
import { scheduleInIst } from '~/lib/shared/session-times';
import { $enrolments, $enrolmentsLoadFailed, calendarLink, loadEnrolments } from '~/stores/my-courses';
import { $user } from '~/stores/session';
import { LoadingPanel, NewTabHint, SignedInList } from './ShopParts';
import { useHydrated } from './use-hydrated';
import './my-courses/my-courses.css';

/**
 * The form a buyer of seats names the attendees with: loaded only when a booking needs it (most
 * students bought one seat and never do), so My courses loads its form code, the e-mail and name
 * rules and the notice beside it only for them (issue 20's budget). The list waits for it on its
 * loading panel, so nothing moves when it arrives.
 */
const AttendeesForm = lazy(() => import('./my-courses/AttendeesForm'));

/** Where a refunded course's credit note opens (as the purchase history links it). */
const creditNoteLink = (creditNoteNo: string, orderNo: string) =>
  `/credit-note?id=${encodeURIComponent(creditNoteNo)}&order=${encodeURIComponent(orderNo)}`;

/** The refund line of a refunded enrolment: when, and the buyer's credit note. */
function RefundedLine({ enrolment }: { enrolment: Enrolment }) {
  const { refunded } = enrolment;
  if (!refunded) return null;
  const date = formatIndianDate(refunded.at);
  return (
    <p className="enrolment__refunded" data-testid="refunded">
      <strong>{enrolment.role === 'buyer' ? text.refundedOn(date) : text.cancelledOn(date)}</strong>
      {refunded.creditNoteNo !== undefined && (
        <>
          {' · '}
          <a href={creditNoteLink(refunded.creditNoteNo, enrolment.orderNo)}>
            {text.creditNote(refunded.creditNoteNo)}
          </a>
        </>
      )}
    </p>
  );
}

/** Who attends, as the buyer sees them: names and e-mails, the buyer as 'you'. */
function AttendeeList({ enrolment }: { enrolment: Enrolment }) {
  if (enrolment.attendees.length === 0) return <p>{text.noAttendees}</p>;
  return (
    <ul className="enrolment__attendees">
      {enrolment.attendees.map((attendee) => (
        <li key={attendee.email}>
          {attendee.name}
          {attendee.you && ` (${text.you})`} <span className="enrolment__email">{attendee.email}</span>
        </li>
      ))}
    </ul>
  );
}

function EnrolmentCard({ enrolment }: { enrolment: Enrolment }) {
  const { batch, course } = enrolment;
  const headingId = `enrolment-${enrolment.orderNo}-${course.id}`;
  const buyer = enrolment.role === 'buyer';
  const refunded = enrolment.refunded !== undefined;
  const yourTime = visitorSessionTimes(batch);
  return (
    <article
      className={`enrolment${refunded ? ' enrolment--refunded' : ''}`}
      aria-labelledby={headingId}
      data-testid="enrolment"
    >
      <header className="enrolment__head">
        <h2 className="enrolment__title" id={headingId}>
          <a href={courseDetailLink(course)}>{course.name}</a>
        </h2>
        <p className="enrolment__order">
          {text.order} <span className="enrolment__number">{enrolment.orderNo}</span>
        </p>
        <RefundedLine enrolment={enrolment} />
      </header>
      <div className="enrolment__body">
        <dl className="enrolment__facts">
          <div>
            <dt>{text.dates}</dt>
            <dd>{formatBatchDates(batch)}</dd>
          </div>
          <div className="enrolment__schedule">
            <dt>{text.schedule}</dt>
            <dd>
              {scheduleInIst(batch.schedule)}
              {yourTime !== undefined && (
                <span className="enrolment__local" data-testid="your-time">
                  {text.yourTime(yourTime)}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>{text.sessions}</dt>
            <dd>{batch.sessions}</dd>
          </div>
          <div>
            <dt>{text.trainer}</dt>
            <dd>{batch.trainer}</dd>
          </div>
          {buyer && (
            <div>
              <dt>{text.seats}</dt>
              <dd>{enrolment.seats}</dd>
            </div>
          )}
        </dl>
        <div className="enrolment__join">
          <h3 className="enrolment__label">{text.joining}</h3>
          {refunded ? (
            <p className="enrolment__later">{buyer ? text.refundedText : text.cancelledText}</p>
          ) : (
            <>
              {batch.joinUrl ? (
                <p>
                  <a
                    className="button button--primary"
                    href={batch.joinUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="join-link"
                  >
                    {text.join}
                    <span className="visually-hidden">{text.joinFor(course.name)}</span>
                    <NewTabHint />
                  </a>
                </p>
              ) : (
                <p className="enrolment__later">{text.joinLater}</p>
              )}
              <p>
                <a className="button button--outline" href={calendarLink(enrolment)} download>
                  {text.addToCalendar}
                  <span className="visually-hidden">{text.calendarFor(course.name)}</span>
                </a>
              </p>
            </>
          )}
        </div>
        {(buyer || !refunded) && (
          <div className="enrolment__people">
            <h3 className="enrolment__label">{text.attendees}</h3>
            {!buyer ? (
              <p>{text.youAttend}</p>
            ) : refunded ? (
              // Refunded: nobody attends any more; what was bought stays said.
              <p>{text.boughtSeats(enrolment.seats)}</p>
            ) : enrolment.seats === 1 && enrolment.buyerAttends === true ? (
              // One seat: the buyer is its attendee (issue 42, item 6); nobody to name.
              <p>{text.oneSeatYours}</p>
            ) : (
              <>
                <p>{text.boughtSeats(enrolment.seats)}</p>
                <AttendeeList enrolment={enrolment} />
                {enrolment.seats > 1 && <AttendeesForm enrolment={enrolment} />}
              </>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

export default function MyCourses() {
  const hydrated = useHydrated();
  const $signedIn = useStore($user) !== null;
  const $items = useStore($enrolments);
  const $failed = useStore($enrolmentsLoadFailed);

  return (
    <SignedInList
      hydrated={hydrated}
      signedIn={$signedIn}
      items={$items}
      failed={$failed}
      reload={() => void loadEnrolments()}
      text={text}
      list={(items) => (
        <Suspense fallback={<LoadingPanel label={text.loading} />}>
          <ol className="enrolments" aria-label={text.listLabel}>
            {items.map((enrolment) => (
              <li key={`${enrolment.orderNo}-${enrolment.course.id}`}>
                <EnrolmentCard enrolment={enrolment} />
              </li>
            ))}
          </ol>
        </Suspense>
      )}
    />
  );
}
