/**
 * The attendee form of a buyer of seats (DECISIONS 55; issue 42, item 6): first 'Will you attend
 * yourself?' (yes takes one of the seats), then one row of name and e-mail per seat left for
 * others, filled with the attendees named so far. Rows left empty are not sent; each field's rule
 * is the shared `AttendeeSchema`'s, and an address twice is refused as the server refuses it. On
 * save the server's sentences, or a confirmation, are announced.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { attendeesFormText as text } from '~/content/ui/attendees-form';
import { attendeesNotice } from '~/content/ui/notices';
import { normaliseEmail } from '~/lib/shared/schemas/contact';
import { AttendeeSchema, BATCH_HINTS, type Enrolment } from '~/lib/shared/schemas/batch';
import { EmailSchema, PersonNameSchema } from '~/lib/shared/schemas/account';
import { saveAttendees } from '~/stores/my-courses';
import { Field } from '../form-field';
import { FormNotice } from '../FormNotice';

interface Row {
  name: string;
  email: string;
}

type RowHints = { name?: string | undefined; email?: string | undefined };

/** The first message a schema gives for `value`, or undefined when it passes. */
function hintOf(schema: typeof PersonNameSchema | typeof EmailSchema, value: string): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** Each row's hints: nothing for an empty row, both fields' rules otherwise, and a repeated address. */
function hintsOf(rows: readonly Row[]): RowHints[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const name = row.name.trim();
    const email = normaliseEmail(row.email);
    if (!name && !email) return {};
    const hints: RowHints = {
      name: name ? hintOf(PersonNameSchema, name) : text.bothOrNeither,
      email: email ? hintOf(EmailSchema, email) : text.bothOrNeither,
    };
    if (!hints.email && email) {
      if (seen.has(email)) hints.email = BATCH_HINTS.duplicateAttendee;
      seen.add(email);
    }
    return hints;
  });
}

const filled = (row: Row) => row.name.trim() !== '' || row.email.trim() !== '';

export default function AttendeesForm({ enrolment }: { enrolment: Enrolment }) {
  const id = useId();
  const seats = Math.min(enrolment.seats, text.maxRows);
  // The others the buyer named (the buyer, when they attend, is the answer to the question).
  const others = enrolment.attendees.filter((attendee) => !attendee.you);
  const [attends, setAttends] = useState<boolean | null>(enrolment.buyerAttends ?? null);
  const [rows, setRows] = useState<Row[]>(() =>
    Array.from({ length: seats }, (_, index) => ({
      name: others[index]?.name ?? '',
      email: others[index]?.email ?? '',
    })),
  );
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; messages: readonly string[] } | undefined>();
  const form = useRef<HTMLFormElement>(null);
  // The seats left for others; a row already filled past them stays shown, to be emptied.
  const forOthers = seats - (attends === true ? 1 : 0);
  const lastFilled = rows.findLastIndex(filled);
  const shown = rows.slice(0, Math.max(forOthers, lastFilled + 1));
  const hints = hintsOf(shown);
  const tooMany = shown.filter(filled).length > forOthers;
  const questionHint = attends === null ? text.attendHint : tooMany ? text.tooMany(forOthers) : undefined;
  const invalid = questionHint !== undefined || hints.some((hint) => hint.name || hint.email);

  const change = (index: number, field: keyof Row, value: string) => {
    setRows((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
    setStatus(undefined);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    if (invalid) {
      setStatus({ tone: 'error', messages: [text.fix] });
      // The question first, then the first field with a hint (aria-invalid shows from the next render).
      if (questionHint !== undefined) {
        form.current?.querySelector<HTMLInputElement>(`[name="${id}-attends"]`)?.focus();
        return;
      }
      const row = hints.findIndex((hint) => hint.name || hint.email);
      const field = hints[row]?.name ? 'name' : 'email';
      form.current?.querySelector<HTMLInputElement>(`[id="${id}-${field}-${row}"]`)?.focus();
      return;
    }
    const attendees = shown
      .filter(filled)
      .map((row) => AttendeeSchema.parse({ name: row.name, email: normaliseEmail(row.email) }));
    setBusy(true);
    const result = await saveAttendees(enrolment, attendees, attendeesNotice.version, attends === true);
    setBusy(false);
    setStatus(
      result.ok ? { tone: 'ok', messages: [text.saved] } : { tone: 'error', messages: result.messages },
    );
  };

  const showQuestionHint = tried && questionHint !== undefined;
  return (
    <form
      ref={form}
      className="attendees-form"
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 className="attendees-form__heading" id={`${id}-heading`}>
        {text.heading}
      </h3>
      <fieldset
        className="attendees-form__question"
        aria-describedby={showQuestionHint ? `${id}-attends-hint` : undefined}
      >
        <legend>{text.attendQuestion}</legend>
        {(
          [
            [true, text.attendYes],
            [false, text.attendNo],
          ] as const
        ).map(([value, label]) => (
          <label key={label} className="attendees-form__choice">
            <input
              type="radio"
              name={`${id}-attends`}
              checked={attends === value}
              onChange={() => {
                setAttends(value);
                setStatus(undefined);
              }}
            />
            {label}
          </label>
        ))}
        {showQuestionHint && (
          <p className="attendees-form__hint" id={`${id}-attends-hint`}>
            {questionHint}
          </p>
        )}
      </fieldset>
      <p className="attendees-form__intro">{text.intro(forOthers)}</p>
      <ol className="attendees-form__rows">
        {shown.map((row, index) => (
          <li key={index} className="attendees-form__row">
            <fieldset>
              <legend>{text.row(index + 1)}</legend>
              <Field
                block="attendees-form"
                id={`${id}-name-${index}`}
                label={text.name}
                hint={tried ? hints[index]?.name : undefined}
              >
                {(wiring) => (
                  <input
                    {...wiring}
                    type="text"
                    autoComplete="off"
                    value={row.name}
                    onChange={(event) => change(index, 'name', event.target.value)}
                  />
                )}
              </Field>
              <Field
                block="attendees-form"
                id={`${id}-email-${index}`}
                label={text.email}
                hint={tried ? hints[index]?.email : undefined}
              >
                {(wiring) => (
                  <input
                    {...wiring}
                    type="email"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    value={row.email}
                    onChange={(event) => change(index, 'email', normaliseEmail(event.target.value))}
                  />
                )}
              </Field>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="attendees-form__actions">
        <button className="button button--primary" type="submit" aria-disabled={busy || undefined}>
          {busy ? text.saving : text.save}
        </button>
        <div
          className={`attendees-form__status attendees-form__status--${status?.tone ?? 'ok'}`}
          role="status"
          aria-live="polite"
        >
          {status?.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      </div>
      <FormNotice notice={attendeesNotice} id={`${id}-notice`} />
    </form>
  );
}
