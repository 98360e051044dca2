/**
 * The console's Batches tab (issue 31; DECISIONS 54-56): batches grouped open / full / past with
 * seats taken of seats and whether the joining link is set; a form to add one and to change one
 * (the fields of `BatchInputSchema`, each with its sentence); each batch's roster with a CSV
 * download.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { batchText } from '~/content/ui/batches';
import { consoleText } from '~/content/ui/console';
import { consoleBatchesText as text } from '~/content/ui/console-batches';
import { formatIndianDateTime } from '~/lib/shared/dates';
import type { BatchWithLink } from '~/lib/shared/schemas/batch';
import {
  $consoleBatches,
  $courseNames,
  $rosters,
  draftOf,
  groupBatches,
  loadConsoleBatches,
  loadRoster,
  rosterHref,
  saveBatch,
  type BatchDraft,
  type BatchField,
} from '~/stores/console-batches';
import { DataTable, type Column } from './DataTable';

type Editing = { readonly mode: 'create' } | { readonly mode: 'edit'; readonly batch: BatchWithLink };

export function BatchesPanel() {
  const list = useStore($consoleBatches);
  const names = useStore($courseNames);
  const [editing, setEditing] = useState<Editing | undefined>();
  const [rosterOf, setRosterOf] = useState<string | undefined>();
  const [done, setDone] = useState('');
  const groups = list.items ? groupBatches(list.items, new Date()) : undefined;

  const columns: Column<BatchWithLink>[] = [
    {
      key: 'course',
      label: text.columns.course,
      cell: (batch) => names[batch.courseId] ?? String(batch.courseId),
      sortValue: (batch) => names[batch.courseId] ?? '',
    },
    {
      key: 'starts',
      label: text.columns.starts,
      cell: (batch) => (
        <>
          <time dateTime={batch.startsOn}>{batchText.starts(batch.startsOn).replace(/^Starts /, '')}</time>
          <br />
          <span className="console-muted">{batch.id}</span>
        </>
      ),
      sortValue: (batch) => batch.startsOn,
    },
    {
      key: 'schedule',
      label: text.columns.schedule,
      cell: (batch) => (
        <>
          {batch.schedule}
          <br />
          <span className="console-muted">{text.sessions(batch.sessions)}</span>
        </>
      ),
    },
    { key: 'trainer', label: text.columns.trainer, cell: (batch) => batch.trainer },
    {
      key: 'seats',
      label: text.columns.seats,
      align: 'num',
      cell: (batch) => text.seatsTaken(batch.seats - batch.seatsLeft, batch.seats),
      sortValue: (batch) => batch.seats - batch.seatsLeft,
    },
    {
      key: 'link',
      label: text.columns.link,
      cell: (batch) => (batch.joinUrl ? text.linkSet : text.linkMissing),
    },
    {
      key: 'actions',
      label: text.columns.actions,
      cell: (batch) => (
        <span className="console-batches__actions">
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => {
              setDone('');
              setEditing({ mode: 'edit', batch });
            }}
          >
            {text.edit}
            <span className="visually-hidden">{text.editFor(batch.id)}</span>
          </button>
          <button
            type="button"
            className="button button--outline button--small"
            aria-expanded={rosterOf === batch.id}
            onClick={() => {
              setRosterOf(batch.id);
              void loadRoster(batch.id);
            }}
          >
            {text.roster}
            <span className="visually-hidden">{text.rosterFor(batch.id)}</span>
          </button>
        </span>
      ),
    },
  ];

  return (
    <div className="console-panel console-batches">
      <div className="console-toolbar">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setDone('');
            setEditing({ mode: 'create' });
          }}
        >
          {text.newBatch}
        </button>
        <p className="console-batches__done" role="status">
          {done}
        </p>
      </div>
      {editing && (
        <BatchForm
          key={editing.mode === 'edit' ? editing.batch.id : 'new'}
          editing={editing}
          names={names}
          onDone={(message) => {
            setEditing(undefined);
            setDone(message);
          }}
        />
      )}
      {rosterOf && <RosterView id={rosterOf} onClose={() => setRosterOf(undefined)} />}
      {list.loading && !list.items && (
        <p className="console-list__loading" role="status">
          <span className="console-spinner" aria-hidden="true" />
          {consoleText.loading}
        </p>
      )}
      {list.error && (
        <div className="console-list__error" role="alert">
          <p>{list.error}</p>
          <button type="button" className="button button--outline" onClick={() => void loadConsoleBatches()}>
            {consoleText.retry}
          </button>
        </div>
      )}
      {groups &&
        (['open', 'full', 'past'] as const).map((group) => (
          <section key={group} className="console-batches__group" aria-labelledby={`batches-${group}`}>
            <h3 id={`batches-${group}`} className="console-batches__heading">
              {text.groups[group]} <span className="console-muted">({groups[group].length})</span>
            </h3>
            {groups[group].length === 0 ? (
              <p className="console-list__empty">{text.empty[group]}</p>
            ) : (
              <DataTable
                caption={text.caption(text.groups[group])}
                columns={columns}
                rows={groups[group]}
                rowKey={(batch) => batch.id}
              />
            )}
          </section>
        ))}
    </div>
  );
}

interface FormProps {
  readonly editing: Editing;
  readonly names: Readonly<Record<number, string>>;
  readonly onDone: (message: string) => void;
}

/** The add or change form: every field labelled, its help and its sentence tied to it. */
function BatchForm({ editing, names, onDone }: FormProps) {
  const id = useId();
  const batch = editing.mode === 'edit' ? editing.batch : undefined;
  const [draft, setDraft] = useState<BatchDraft>(() => draftOf(batch));
  const [fields, setFields] = useState<Partial<Record<BatchField, string>>>({});
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = text.form;

  useEffect(() => heading.current?.focus(), []);

  const onSubmit = async () => {
    if (saving) return;
    setSaving(true);
    const result = await saveBatch(batch?.id, draft);
    setSaving(false);
    if (result.ok) {
      onDone(batch ? form.saved(result.batch.id) : form.created(result.batch.id));
      return;
    }
    setFields(result.fields);
    setErrors(result.errors);
    // The first wrong field takes the focus, so its sentence is read with it.
    const first = (Object.keys(result.fields) as BatchField[])[0];
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  };

  const field = (name: BatchField, label: string, input: ReactNode, help?: string) => (
    <div className="console-field console-batches__field">
      <label className="console-field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      {input}
      {help && (
        <p className="console-batches__help" id={`${id}-${name}-help`}>
          {help}
        </p>
      )}
      {fields[name] && (
        <p className="console-error" id={`${id}-${name}-error`}>
          {fields[name]}
        </p>
      )}
    </div>
  );

  const inputProps = (name: BatchField, help?: string) => ({
    id: `${id}-${name}`,
    value: draft[name],
    'aria-invalid': fields[name] ? true : undefined,
    'aria-describedby':
      [help ? `${id}-${name}-help` : '', fields[name] ? `${id}-${name}-error` : '']
        .filter(Boolean)
        .join(' ') || undefined,
    onChange: (event: { currentTarget: { value: string } }) =>
      setDraft({ ...draft, [name]: event.currentTarget.value }),
  });

  return (
    <section className="console-batches__form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="console-batches__heading">
        {batch ? form.editTitle(batch.id) : form.createTitle}
      </h3>
      {batch && <p className="console-batches__help">{form.changeNote}</p>}
      <form
        noValidate
        aria-busy={saving || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {(errors.length > 0 || Object.keys(fields).length > 0) && (
          <div className="console-list__error" role="alert">
            {errors.length > 0 ? errors.map((error) => <p key={error}>{error}</p>) : <p>{form.fix}</p>}
          </div>
        )}
        <div className="console-batches__fields">
          {field(
            'courseId',
            form.course,
            <select {...inputProps('courseId')}>
              <option value="">{form.chooseCourse}</option>
              {Object.entries(names).map(([courseId, name]) => (
                <option key={courseId} value={courseId}>
                  {name}
                </option>
              ))}
            </select>,
          )}
          {field(
            'startsOn',
            form.startsOn,
            <input type="date" {...inputProps('startsOn', form.startsOnHelp)} />,
            form.startsOnHelp,
          )}
          {field(
            'schedule',
            form.schedule,
            <input type="text" autoComplete="off" {...inputProps('schedule', form.scheduleHelp)} />,
            form.scheduleHelp,
          )}
          {field(
            'sessions',
            form.sessions,
            <input type="number" min={1} inputMode="numeric" {...inputProps('sessions')} />,
          )}
          {field(
            'trainer',
            form.trainer,
            <input type="text" autoComplete="off" {...inputProps('trainer')} />,
          )}
          {field(
            'seats',
            form.seats,
            <input type="number" min={1} inputMode="numeric" {...inputProps('seats', form.seatsHelp)} />,
            form.seatsHelp,
          )}
          {field(
            'joinUrl',
            form.joinUrl,
            <input type="url" autoComplete="off" {...inputProps('joinUrl', form.joinUrlHelp)} />,
            form.joinUrlHelp,
          )}
        </div>
        <div className="console-batches__buttons">
          <button type="submit" className="button button--primary" aria-disabled={saving || undefined}>
            {saving ? form.saving : batch ? form.save : form.create}
          </button>
          <button type="button" className="button button--outline" onClick={() => onDone('')}>
            {form.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A batch's roster: each enrolment's order, time, buyer, seats and attendees; the CSV link. */
function RosterView({ id, onClose }: { readonly id: string; readonly onClose: () => void }) {
  const entry = useStore($rosters)[id];
  const words = text.rosterView;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [id]);
  return (
    <section className="console-batches__roster" aria-labelledby="batch-roster-title">
      <div className="console-toolbar">
        <h3 id="batch-roster-title" ref={heading} tabIndex={-1} className="console-batches__heading">
          {words.title(id)}
        </h3>
        <a className="button button--outline button--small" href={rosterHref(id, true)} download>
          {words.download}
        </a>
        <button type="button" className="button button--outline button--small" onClick={onClose}>
          {words.close}
        </button>
      </div>
      {!entry && (
        <p role="status">
          <span className="console-spinner" aria-hidden="true" />
          {words.loading}
        </p>
      )}
      {entry?.error && (
        <p className="console-list__error" role="alert">
          {entry.error}
        </p>
      )}
      {entry?.roster && entry.roster.items.length === 0 && (
        <p className="console-list__empty">{words.empty}</p>
      )}
      {entry?.roster && entry.roster.items.length > 0 && (
        <DataTable
          caption={words.caption}
          rowKey={(row) => row.orderNo}
          rows={entry.roster.items}
          columns={[
            { key: 'order', label: words.order, cell: (row) => row.orderNo, sortValue: (row) => row.orderNo },
            {
              key: 'enrolled',
              label: words.enrolled,
              cell: (row) => <time dateTime={row.enrolledAt}>{formatIndianDateTime(row.enrolledAt)}</time>,
              sortValue: (row) => row.enrolledAt,
            },
            {
              key: 'buyer',
              label: words.buyer,
              cell: (row) => (
                <>
                  {row.buyer.name}
                  <br />
                  <a href={`mailto:${row.buyer.email}`}>{row.buyer.email}</a>
                </>
              ),
            },
            { key: 'seats', label: words.seats, align: 'num', cell: (row) => row.seats },
            {
              key: 'attendees',
              label: words.attendees,
              cell: (row) =>
                row.attendees.length === 0 ? (
                  <span className="console-muted">{words.noAttendees}</span>
                ) : (
                  <ul className="console-batches__people">
                    {row.attendees.map((person) => (
                      <li key={person.email}>
                        {person.name} <a href={`mailto:${person.email}`}>{person.email}</a>
                      </li>
                    ))}
                  </ul>
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
