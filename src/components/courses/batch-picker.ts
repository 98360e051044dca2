/**
 * `<batch-picker data-course-id>` on a course page (DECISIONS 54-55): fills the server-rendered
 * frame in place with the course's open batches as a radio group (the next open batch checked,
 * full ones shown as 'Full' and not choosable) and follows the Seats field. Plain DOM, no React:
 * the page is pre-rendered and its batches change with every sale, so they are asked for on view;
 * every press on a radio or the Seats field answers natively, before any island has hydrated.
 * Each batch's times are in IST, and for a visitor whose clock is elsewhere also in their zone
 * (issue 42, item 6). The choice goes to `~/stores/batches`, which Add to cart reads. A course with no open batch
 * gets `data-state="none"`: 'New batches are announced soon.', no Seats field, and the course
 * page hides its Add to cart (DECISIONS 60). The page's `Course` JSON-LD gets the open batches too.
 */
import { batchText as text } from '~/content/ui/batches';
import { describeOpenBatches } from '~/lib/client/course-structured-data';
import { visitorSessionTimes } from '~/lib/client/visitor-zone';
import type { Batch } from '~/lib/shared/schemas/batch-public';
import { scheduleInIst } from '~/lib/shared/session-times';
import {
  $batchesState,
  $openBatches,
  chooseBatch,
  chooseSeats,
  choiceFor,
  loadOpenBatches,
} from '~/stores/batches';

/** One option of the radio group: the label wraps the radio, its start, schedule and seats. */
function optionOf(batch: Batch, name: string, checked: boolean): HTMLLIElement {
  const item = document.createElement('li');
  const label = document.createElement('label');
  label.className = 'batch-option';
  const radio = document.createElement('input');
  radio.type = 'radio';
  radio.name = name;
  radio.value = batch.id;
  radio.className = 'batch-option__radio';
  radio.checked = checked;
  radio.disabled = batch.seatsLeft <= 0;
  const body = document.createElement('span');
  body.className = 'batch-option__body';
  const start = document.createElement('span');
  start.className = 'batch-option__start';
  start.textContent = text.starts(batch.startsOn);
  const facts = document.createElement('span');
  facts.className = 'batch-option__facts';
  facts.textContent = `${scheduleInIst(batch.schedule)} · ${text.sessions(batch.sessions)} · ${text.trainer(batch.trainer)}`;
  const seats = document.createElement('span');
  seats.className = `batch-option__seats${batch.seatsLeft <= 0 ? ' batch-option__seats--full' : ''}`;
  seats.textContent = batch.seatsLeft > 0 ? text.seatsLeft(batch.seatsLeft) : text.full;
  body.append(start, facts);
  // The times in the visitor's own zone when their clock is not India's (issue 42, item 6).
  const local = visitorSessionTimes(batch);
  if (local !== undefined) {
    const yours = document.createElement('span');
    yours.className = 'batch-option__local';
    yours.textContent = text.yourTime(local);
    body.append(yours);
  }
  body.append(seats);
  label.append(radio, body);
  item.append(label);
  return item;
}

class BatchPicker extends HTMLElement {
  private stops: (() => void)[] = [];

  connectedCallback(): void {
    const courseId = Number(this.dataset['courseId']);
    const list = this.querySelector<HTMLElement>('[data-batch-list]');
    const status = this.querySelector<HTMLElement>('[data-batch-status]');
    const seats = this.querySelector<HTMLInputElement>('input[name="seats"]');
    const error = this.querySelector<HTMLElement>('[data-seats-error]');
    if (!Number.isInteger(courseId) || !list || !status || !seats || !error) return;

    const showError = (message: string | undefined) => {
      error.textContent = message ?? '';
      error.hidden = message === undefined;
      if (message === undefined) seats.removeAttribute('aria-invalid');
      else seats.setAttribute('aria-invalid', 'true');
    };

    const render = () => {
      const state = $batchesState.get();
      const batches = $openBatches.get()[courseId];
      if (state !== 'ready' || !batches) {
        this.dataset['state'] = state === 'failed' ? 'failed' : 'loading';
        status.textContent = state === 'failed' ? text.loadFailed : text.loading;
        list.replaceChildren(status);
        return;
      }
      // The page's structured data names the batches and whether a seat is left (issue 42, item 9).
      describeOpenBatches(batches);
      // No open batch (DECISIONS 60): the message, and no seats to sell; the page hides Add to
      // cart and leaves 'Ask about this course' (`data-state="none"`).
      if (batches.length === 0) {
        this.dataset['state'] = 'none';
        status.textContent = text.none;
        list.replaceChildren(status);
        return;
      }
      this.dataset['state'] = 'ready';
      const chosen = choiceFor(courseId).batchId;
      const options = document.createElement('ul');
      options.className = 'batch-picker__options';
      options.setAttribute('role', 'list');
      for (const batch of batches) options.append(optionOf(batch, `batch-${courseId}`, batch.id === chosen));
      list.replaceChildren(options);
    };

    list.addEventListener('change', (event) => {
      const radio = event.target;
      if (radio instanceof HTMLInputElement && radio.type === 'radio')
        showError(chooseBatch(courseId, radio.value));
    });
    seats.addEventListener('input', () => {
      // An empty field while typing is not an answer yet; leaving it empty is (on change).
      if (seats.value === '') return;
      showError(chooseSeats(courseId, seats.valueAsNumber));
    });
    seats.addEventListener('change', () => showError(chooseSeats(courseId, seats.valueAsNumber)));

    this.stops.push($batchesState.listen(render), $openBatches.listen(render));
    render();
    // A value the browser restored (Back to this page) is the buyer's choice too.
    if (seats.value !== '' && seats.value !== seats.defaultValue)
      showError(chooseSeats(courseId, seats.valueAsNumber));
    void loadOpenBatches();
  }

  disconnectedCallback(): void {
    for (const stop of this.stops) stop();
    this.stops = [];
  }
}

if (!customElements.get('batch-picker')) customElements.define('batch-picker', BatchPicker);
