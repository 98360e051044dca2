/**
 * The console's Leads tab: filter New / Handled / All, search, mark handled with a note, erase on
 * request (DECISIONS 63), export.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { consoleText } from '~/content/ui/console';
import { formatIndianDateTime } from '~/lib/shared/dates';
import type { Lead, LeadStatus } from '~/lib/shared/schemas/console';
import { $leads, exportHref, loadLeads, loadMoreLeads, markLead } from '~/stores/console';
import { DataTable, type Column } from './DataTable';
import { EraseLeadDialog } from './EraseLeadDialog';
import { FilterChoice, ListFrame, SearchForm } from './ListFrame';

const text = consoleText.leads;

function mailSummary(lead: Lead): { label: string; tone: 'ok' | 'wait' | 'bad' } {
  const states = [lead.mail.company.status, lead.mail.visitor.status];
  if (states.includes('failed')) return { label: text.mail.failed, tone: 'bad' };
  if (states.includes('pending')) return { label: text.mail.pending, tone: 'wait' };
  return { label: text.mail.sent, tone: 'ok' };
}

/** What remains of an erased lead, in words: when, by whom and why. */
const erasedLine = (erased: NonNullable<Lead['erased']>) =>
  text.erased(formatIndianDateTime(erased.at), erased.by, erased.reason);

/**
 * What remains of an erased lead; the one just erased takes focus (its Erase button is gone with
 * what it said), so a screen reader hears what the console kept.
 */
function ErasedLine({
  erased,
  focus,
}: {
  readonly erased: NonNullable<Lead['erased']>;
  readonly focus: boolean;
}) {
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) line.current?.focus();
  }, [focus]);
  return (
    <p ref={line} className="lead-message lead-message--erased" tabIndex={focus ? -1 : undefined}>
      {erasedLine(erased)}
    </p>
  );
}

/** Erase…, and its dialog; focus comes back to the button when the dialog is cancelled. */
function EraseAction({
  lead,
  onErased,
}: {
  readonly lead: Lead;
  readonly onErased: (id: string, name: string) => void;
}) {
  const [open, setOpen] = useState(false);
  // Each press opens a new dialog (as RefundCell's: the dialog's close comes a task after Escape).
  const [opened, setOpened] = useState(0);
  const opener = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus) return;
    setRefocus(false);
    opener.current?.focus();
  }, [refocus]);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button button--outline button--small"
        onClick={() => {
          setOpened((count) => count + 1);
          setOpen(true);
        }}
      >
        {text.erase}
        <span className="visually-hidden">{text.eraseFor(lead.name)}</span>
      </button>
      {open && (
        <EraseLeadDialog
          key={opened}
          lead={lead}
          onClosed={() => {
            setOpen(false);
            setRefocus(true);
          }}
          onErased={() => onErased(lead.id, lead.name)}
        />
      )}
    </>
  );
}

/** A lead's status cell: the status, who changed it, and the form to change it. */
function StatusCell({
  lead,
  onSaved,
  onErased,
}: {
  readonly lead: Lead;
  readonly onSaved: (message: string) => void;
  readonly onErased: (id: string, name: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const next: LeadStatus = lead.status === 'new' ? 'handled' : 'new';
  const noteId = `note-${lead.id}`;
  const errorId = `note-error-${lead.id}`;
  if (lead.erased) {
    return (
      <div className="lead-status">
        <span className="console-badge console-badge--handled">{text.erasedName}</span>
      </div>
    );
  }
  return (
    <div className="lead-status">
      <span className={`console-badge console-badge--${lead.status}`}>{text.status[lead.status]}</span>
      {lead.handledBy && lead.handledAt && (
        <span className="lead-status__by">
          {text.handledBy(lead.handledBy, formatIndianDateTime(lead.handledAt))}
        </span>
      )}
      {lead.note && <span className="lead-status__note">“{lead.note}”</span>}
      {open ? (
        <form
          className="lead-status__form"
          onSubmit={async (event) => {
            event.preventDefault();
            const note = new FormData(event.currentTarget).get('note');
            setBusy(true);
            const result = await markLead(lead.id, next, typeof note === 'string' ? note : '');
            setBusy(false);
            if (result.ok) {
              setOpen(false);
              onSaved(text.saved(lead.name, text.status[next]));
            } else setErrors(result.errors);
          }}
        >
          <label className="console-field" htmlFor={noteId}>
            <span className="console-field__label">{text.noteLabel}</span>
          </label>
          <textarea
            id={noteId}
            name="note"
            rows={2}
            maxLength={1000}
            defaultValue={lead.note ?? ''}
            aria-describedby={errors.length > 0 ? errorId : undefined}
            // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the form opens on request; focus goes to its only field
            autoFocus
          />
          {errors.length > 0 && (
            <p id={errorId} className="console-error" role="alert">
              {errors.join(' ')}
            </p>
          )}
          <div className="lead-status__actions">
            <button
              type="submit"
              className="button button--primary button--small"
              aria-disabled={busy || undefined}
            >
              {busy ? text.saving : next === 'handled' ? text.markHandled : text.markNew}
            </button>
            <button
              type="button"
              className="button button--outline button--small"
              onClick={() => setOpen(false)}
            >
              {text.cancel}
            </button>
          </div>
        </form>
      ) : (
        <div className="lead-status__actions">
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => setOpen(true)}
          >
            {next === 'handled' ? text.markHandled : text.markNew}
            <span className="visually-hidden">: {lead.name}</span>
          </button>
          <EraseAction lead={lead} onErased={onErased} />
        </div>
      )}
    </div>
  );
}

export function LeadsPanel() {
  const list = useStore($leads);
  const [announcement, setAnnouncement] = useState('');
  /** The lead just erased here: its remains take focus. */
  const [erasedId, setErasedId] = useState<string | undefined>();
  const onErased = (id: string, name: string) => {
    setErasedId(id);
    setAnnouncement(text.erasedAnnounce(name));
  };
  const columns: Column<Lead>[] = [
    {
      key: 'received',
      label: text.columns.received,
      cell: (lead) => <time dateTime={lead.receivedAt}>{formatIndianDateTime(lead.receivedAt)}</time>,
      sortValue: (lead) => lead.receivedAt,
    },
    {
      key: 'name',
      label: text.columns.name,
      cell: (lead) => (lead.erased ? <span className="console-muted">{text.erasedName}</span> : lead.name),
      sortValue: (lead) => lead.name.toLowerCase(),
    },
    {
      key: 'phone',
      label: text.columns.phone,
      cell: (lead) =>
        lead.erased ? null : (
          <a className="console-nowrap" href={`tel:${lead.phone}`}>
            {lead.phone}
          </a>
        ),
    },
    {
      key: 'email',
      label: text.columns.email,
      cell: (lead) => (lead.erased ? null : <a href={`mailto:${lead.email}`}>{lead.email}</a>),
      sortValue: (lead) => lead.email,
    },
    {
      key: 'message',
      label: text.columns.message,
      cell: (lead) =>
        lead.erased ? (
          <ErasedLine erased={lead.erased} focus={lead.id === erasedId} />
        ) : (
          <p className="lead-message">{lead.message}</p>
        ),
    },
    {
      key: 'form',
      label: text.columns.form,
      cell: (lead) => text.forms[lead.form ?? 'unknown'],
      sortValue: (lead) => lead.form ?? '',
    },
    {
      key: 'mail',
      label: text.columns.mail,
      cell: (lead) => {
        const summary = mailSummary(lead);
        return (
          <span
            className={`console-badge console-badge--${summary.tone}`}
            title={text.mailDetail(lead.mail.company.status, lead.mail.visitor.status)}
          >
            {summary.label}
            <span className="visually-hidden">
              {' '}
              ({text.mailDetail(lead.mail.company.status, lead.mail.visitor.status)})
            </span>
          </span>
        );
      },
      sortValue: (lead) => mailSummary(lead).label,
    },
    {
      key: 'status',
      label: text.columns.status,
      cell: (lead) => <StatusCell lead={lead} onSaved={setAnnouncement} onErased={onErased} />,
      sortValue: (lead) => lead.status,
    },
  ];
  const filter = list.filter;
  return (
    <div className="console-panel">
      <div className="console-toolbar">
        <FilterChoice
          legend={text.filterLabel}
          name="lead-status"
          options={text.filters}
          value={filter.status}
          onChange={(status) => void loadLeads({ ...filter, status })}
        />
        <SearchForm
          label={text.searchLabel}
          value={filter.q}
          onSearch={(q) => void loadLeads({ ...filter, q })}
        />
        <a
          className="button button--outline console-toolbar__export"
          href={exportHref('leads.csv', { from: '', to: '' })}
          download
        >
          {text.export}
        </a>
      </div>
      <ListFrame
        list={list}
        empty={filter.q ? text.noMatch : text.empty[filter.status]}
        onRetry={() => void loadLeads()}
        onMore={() => void loadMoreLeads()}
      >
        {(items) => (
          <DataTable caption={text.caption} columns={columns} rows={items} rowKey={(lead) => lead.id} />
        )}
      </ListFrame>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
