/**
 * The console's GST returns tab (issue 29, item 8): a month (last month at first), its GSTR-1
 * totals in rupees, and one download per GSTR-1 table. Read when the tab is first opened: adding a
 * month up reads every invoice and credit note in it. The month's US dollar documents with no
 * exchange rate are listed by day, with a form to enter a day's rate (DECISIONS 47; API.md,
 * Company console); the tables they would be missing from wait for it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { consoleText } from '~/content/ui/console';
import { formatIndianDate, indianDay, startOfIndianDay } from '~/lib/shared/dates';
import type { MissingRate } from '~/lib/shared/schemas/console';
import {
  $gstMonth,
  formatRupees,
  GSTR1_DOWNLOADS,
  gstr1Href,
  isEmptyMonth,
  lastMonthOf,
  loadGstMonth,
  missingRateDays,
  monthName,
  saveExchangeRate,
  type RateDraft,
  type RateField,
} from '~/stores/console-gst';

const text = consoleText.gst;

export function GstPanel({ open }: { readonly open: boolean }) {
  const state = useStore($gstMonth);
  const [month, setMonth] = useState(() => lastMonthOf(indianDay(new Date())));
  const results = useRef<HTMLHeadingElement>(null);
  const [focusResults, setFocusResults] = useState(false);

  useEffect(() => {
    if (open && state.month === '') void loadGstMonth(month);
  }, [open, state.month, month]);

  // After Show: to the month's totals (or its sentence) once they are in.
  useEffect(() => {
    if (!focusResults || state.loading) return;
    setFocusResults(false);
    results.current?.focus();
  }, [focusResults, state.loading]);

  const summary = state.summary;
  const shown = state.month ? monthName(state.month) : '';
  const figures = summary
    ? ([
        ['invoices', String(summary.invoices)],
        ['taxable', formatRupees(summary.taxable)],
        ['cgst', formatRupees(summary.cgst)],
        ['sgst', formatRupees(summary.sgst)],
        ['igst', formatRupees(summary.igst)],
        ['exports', formatRupees(summary.exports)],
        ['creditNotes', String(summary.creditNotes)],
        ['net', formatRupees(summary.net)],
      ] as const)
    : [];

  return (
    <div className="console-panel">
      <p className="console-gst__intro">{text.intro}</p>
      <form
        className="console-dates"
        onSubmit={(event) => {
          event.preventDefault();
          setFocusResults(true);
          void loadGstMonth(month.trim());
        }}
      >
        <label className="console-field">
          <span className="console-field__label">{text.monthLabel}</span>
          <input
            type="month"
            name="month"
            value={month}
            min="2000-01"
            max="2099-12"
            aria-describedby="gst-month-hint"
            onChange={(event) => setMonth(event.currentTarget.value)}
          />
        </label>
        <button type="submit" className="button button--primary">
          {text.show}
        </button>
        <p id="gst-month-hint" className="console-muted console-gst__hint">
          {text.monthHint}
        </p>
      </form>
      <div className="console-list" aria-busy={state.loading || undefined}>
        {state.loading && !summary && (
          <p className="console-list__loading" role="status">
            <span className="console-spinner" aria-hidden="true" />
            {text.loading}
          </p>
        )}
        {state.error && (
          <div className="console-list__error" role="alert">
            <p>{state.error}</p>
          </div>
        )}
        {summary && (
          <section className="console-gst" aria-labelledby="gst-totals-title">
            <h2 id="gst-totals-title" className="console-gst__title" ref={results} tabIndex={-1}>
              {text.totalsTitle(shown)}
            </h2>
            {isEmptyMonth(summary) ? (
              <p className="console-list__empty">{text.nothing(shown)}</p>
            ) : (
              <>
                <dl className="console-figures">
                  {figures.map(([key, value]) => (
                    <div key={key} className="console-figures__item">
                      <dt>{text.figures[key]}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                </dl>
                {summary.creditNotes > 0 && <p className="console-muted">{text.netNote}</p>}
                {summary.missingRates.length > 0 && <MissingRates missing={summary.missingRates} />}
                <h3 className="console-gst__title">{text.filesTitle}</h3>
                <ul className="console-gst__files">
                  {GSTR1_DOWNLOADS.map((file) => (
                    <li key={file.table}>
                      {file.table !== 'docs' && summary.missingRates.length > 0 ? (
                        <span className="console-gst__waiting">
                          {text.file(file.name, file.number)}
                          <span className="console-muted">{text.fileWaits}</span>
                        </span>
                      ) : (
                        <a href={gstr1Href(file.table, summary.month)} download>
                          {text.file(file.name, file.number)}
                        </a>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        )}
        {summary && <RateForm missing={summary.missingRates} />}
      </div>
    </div>
  );
}

/** The month's US dollar documents with no exchange rate, by day (DECISIONS 47). */
function MissingRates({ missing }: { readonly missing: readonly MissingRate[] }) {
  const words = text.rates;
  return (
    <section className="console-gst__missing" aria-labelledby="gst-missing-title">
      <h3 id="gst-missing-title" className="console-gst__title">
        {words.missingTitle}
      </h3>
      <p>{words.missing(missing.length)}</p>
      <ul className="console-gst__days">
        {missingRateDays(missing).map((day) => (
          <li key={day.date}>
            <time dateTime={day.date}>{formatIndianDate(startOfIndianDay(day.date).toISOString())}</time>:{' '}
            {day.documents.map((document) => words.document(document.number, document.kind)).join(', ')}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The form to enter a day's rate: date (the first day still without one, at first), rupees per
 * US dollar and source, each labelled with its help and its sentence; the month is read again
 * after a save.
 */
function RateForm({ missing }: { readonly missing: readonly MissingRate[] }) {
  const id = useId();
  const words = text.rates;
  const firstMissing = missingRateDays(missing)[0]?.date ?? '';
  const [draft, setDraft] = useState<RateDraft>({ date: firstMissing, usdInr: '', source: '' });
  const [fields, setFields] = useState<Partial<Record<RateField, string>>>({});
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState('');

  const onSubmit = async () => {
    if (saving) return;
    setSaving(true);
    setDone('');
    const result = await saveExchangeRate(draft);
    setSaving(false);
    setFields(result.ok ? {} : result.fields);
    setErrors(result.ok ? [] : result.errors);
    if (result.ok) {
      setDone(
        words.saved(result.rate.usdInr, formatIndianDate(startOfIndianDay(result.rate.date).toISOString())),
      );
      // The next day still without a rate, if the month has one; the source is often the same.
      const next = missingRateDays(missing).find((day) => day.date !== result.rate.date)?.date ?? '';
      setDraft({ date: next, usdInr: '', source: draft.source });
      return;
    }
    // The first wrong field takes the focus, so its sentence is read with it.
    const first = (Object.keys(result.fields) as RateField[])[0];
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  };

  const field = (name: RateField, label: string, input: ReactNode, help: string) => (
    <div className="console-field console-batches__field">
      <label className="console-field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      {input}
      <p className="console-batches__help" id={`${id}-${name}-help`}>
        {help}
      </p>
      {fields[name] && (
        <p className="console-error" id={`${id}-${name}-error`}>
          {fields[name]}
        </p>
      )}
    </div>
  );

  const inputProps = (name: RateField) => ({
    id: `${id}-${name}`,
    name,
    value: draft[name],
    'aria-invalid': fields[name] ? true : undefined,
    'aria-describedby': [`${id}-${name}-help`, fields[name] ? `${id}-${name}-error` : '']
      .filter(Boolean)
      .join(' '),
    onChange: (event: { currentTarget: { value: string } }) =>
      setDraft({ ...draft, [name]: event.currentTarget.value }),
  });

  return (
    <section className="console-batches__form console-gst__rate" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="console-gst__title">
        {words.formTitle}
      </h3>
      <p className="console-batches__help">{words.formHelp}</p>
      <form
        noValidate
        aria-busy={saving || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {errors.length > 0 && (
          <div className="console-list__error" role="alert">
            {errors.map((error) => (
              <p key={error}>{error}</p>
            ))}
          </div>
        )}
        <div className="console-batches__fields">
          {field(
            'date',
            words.date,
            <input type="date" max={indianDay(new Date())} {...inputProps('date')} />,
            words.dateHelp,
          )}
          {field(
            'usdInr',
            words.usdInr,
            <input type="text" inputMode="decimal" autoComplete="off" {...inputProps('usdInr')} />,
            words.usdInrHelp,
          )}
          {field(
            'source',
            words.source,
            <input type="text" autoComplete="off" maxLength={200} {...inputProps('source')} />,
            words.sourceHelp,
          )}
        </div>
        <div className="console-batches__buttons">
          <button type="submit" className="button button--primary" aria-disabled={saving || undefined}>
            {saving ? words.saving : words.save}
          </button>
          <p className="console-batches__done" role="status">
            {done}
          </p>
        </div>
      </form>
    </section>
  );
}
