/**
 * The My courses page's island (issue 31, DECISIONS 55-56): each enrolment, newest first, with
 * its course, dates (first to last session, days in India), schedule, sessions, trainer, seats,
 * attendees, an "Add to calendar" .ics link and the joining link once staff set it; a buyer of
 * seats names the attendees here.
 */
import { useStore } from '@nanostores/react';
import { myCoursesText as text } from '~/content/ui/my-courses';
import { formatBatchDates } from '~/lib/shared/batch-dates';
import { courseDetailLink } from '~/lib/shared/course-pages';
import type { Enrolment } from '~/lib/shared/schemas/batch';
import { $enrolments, $enrolmentsLoadFailed, calendarLink, loadEnrolments } from '~/stores/my-courses';
import { $user } from '~/stores/session';
import AttendeesForm from './my-courses/AttendeesForm';
import { NewTabHint, SignedInList } from './ShopParts';
import { useHydrated } from './use-hydrated';
import './my-courses/my-courses.css';

function EnrolmentCard({ enrolment }: { enrolment: Enrolment }) {
  const { batch, course } = enrolment;
  const headingId = `enrolment-${enrolment.orderNo}-${course.id}`;
  const buyer = enrolment.role === 'buyer';
  return (
    <article className="enrolment" aria-labelledby={headingId} data-testid="enrolment">
      <header className="enrolment__head">
        <h2 className="enrolment__title" id={headingId}>
          <a href={courseDetailLink(course)}>{course.name}</a>
        </h2>
        <p className="enrolment__order">
          {text.order} <span className="enrolment__number">{enrolment.orderNo}</span>
        </p>
      </header>
      <div className="enrolment__body">
        <dl className="enrolment__facts">
          <div>
            <dt>{text.dates}</dt>
            <dd>{formatBatchDates(batch)}</dd>
          </div>
          <div>
            <dt>{text.schedule}</dt>
            <dd>{batch.schedule}</dd>
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
        </div>
        <div className="enrolment__people">
          <h3 className="enrolment__label">{text.attendees}</h3>
          {buyer ? (
            <>
              <p>{text.boughtSeats(enrolment.seats)}</p>
              {enrolment.attendees.length === 0 ? (
                <p>{text.noAttendees}</p>
              ) : (
                <ul className="enrolment__attendees">
                  {enrolment.attendees.map((attendee) => (
                    <li key={attendee.email}>
                      {attendee.name} <span className="enrolment__email">{attendee.email}</span>
                    </li>
                  ))}
                </ul>
              )}
              <AttendeesForm enrolment={enrolment} />
            </>
          ) : (
            <p>{text.youAttend}</p>
          )}
        </div>
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
        <ol className="enrolments" aria-label={text.listLabel}>
          {items.map((enrolment) => (
            <li key={`${enrolment.orderNo}-${enrolment.course.id}`}>
              <EnrolmentCard enrolment={enrolment} />
            </li>
          ))}
        </ol>
      )}
    />
  );
}
