/**
 * A cart line's batch and seats (DECISIONS 54-55): a select of the course's open batches (a full
 * one shown, not choosable) and a Seats field; a change goes to the server at once (`addtocart`
 * with the new batch or seats changes the line) and the line shows the server's answer. A seat
 * count outside 1-20 is refused here with its sentence, announced, and nothing is sent. The
 * batch's times are in IST, and in the visitor's zone when theirs differs; a batch that filled or
 * closed while the cart is open (the page asks again: `watchSeatsLeft`) is said so, with what to
 * do (issue 42, item 6).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { batchText as text } from '~/content/ui/batches';
import { visitorSessionTimes } from '~/lib/client/visitor-zone';
import { SEATS_PER_ORDER } from '~/lib/shared/schemas/batch-public';
import { scheduleShort } from '~/lib/shared/session-times';
import type { CartItem } from '~/lib/shared/schemas/shop';
import { $openBatches, cartLineProblem, loadOpenBatches, seatsError } from '~/stores/batches';
import { $cartBusy, changeCartLine } from '~/stores/cart';

export default function CartLineBatch({ item }: { item: CartItem }) {
  const id = useId();
  const batches = useStore($openBatches)[item.id];
  const busy = useStore($cartBusy).has(item.id);
  const [seats, setSeats] = useState(String(item.seats));
  const [error, setError] = useState<string | undefined>();

  useEffect(() => void loadOpenBatches(), []);
  // The server's answer (or another tab's change) is what the field shows.
  useEffect(() => setSeats(String(item.seats)), [item.seats]);

  const current = batches?.find((batch) => batch.id === item.batchId);
  const problem = cartLineProblem(item, batches);
  const yourTime = current ? visitorSessionTimes(current) : undefined;

  const commitSeats = () => {
    const wanted = Number(seats);
    if (seats.trim() !== '' && wanted === item.seats) return setError(undefined);
    const problem = seatsError(current, seats.trim() === '' ? Number.NaN : wanted);
    setError(problem);
    if (problem === undefined)
      void changeCartLine(item.id, { batchId: item.batchId ?? undefined, seats: wanted });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commitSeats();
  };

  return (
    <div className="cart-line-batch" aria-busy={busy || undefined}>
      <div className="cart-line-batch__field cart-line-batch__field--batch">
        <label htmlFor={`${id}-batch`}>{text.batchLabel}</label>
        <select
          id={`${id}-batch`}
          value={item.batchId ?? ''}
          aria-invalid={problem ? true : undefined}
          aria-describedby={
            [yourTime ? `${id}-times` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ') ||
            undefined
          }
          onChange={(event) => {
            setError(undefined);
            void changeCartLine(item.id, { batchId: event.currentTarget.value, seats: item.seats });
          }}
        >
          {!current && (
            <option value={item.batchId ?? ''} disabled>
              {batches ? text.closedOption : text.loading}
            </option>
          )}
          {(batches ?? []).map((batch) => (
            <option
              key={batch.id}
              value={batch.id}
              disabled={batch.seatsLeft <= 0 && batch.id !== item.batchId}
            >
              {text.option(batch.startsOn, scheduleShort(batch.schedule), batch.seatsLeft)}
            </option>
          ))}
        </select>
      </div>
      <div className="cart-line-batch__field cart-line-batch__field--seats">
        <label htmlFor={`${id}-seats`}>{text.seatsLabel}</label>
        <input
          id={`${id}-seats`}
          type="number"
          inputMode="numeric"
          min={1}
          max={SEATS_PER_ORDER}
          step={1}
          value={seats}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          onChange={(event) => setSeats(event.currentTarget.value)}
          onBlur={commitSeats}
          onKeyDown={onKeyDown}
        />
      </div>
      {yourTime && (
        <p className="cart-line-batch__times" id={`${id}-times`}>
          {text.yourTime(yourTime)}
        </p>
      )}
      <p className="cart-line-batch__error" id={`${id}-error`} aria-live="polite">
        {error}
      </p>
      {/* Said as soon as the batch fills, while the buyer looks at the cart (issue 42, item 6). */}
      <p className="cart-line-batch__problem" id={`${id}-problem`} role="status" data-testid="line-problem">
        {problem && (
          <>
            {problem === text.lineFull && (
              <strong className="cart-line-batch__tag" aria-hidden="true">
                {text.fullTag}
              </strong>
            )}{' '}
            {problem}
          </>
        )}
      </p>
    </div>
  );
}
