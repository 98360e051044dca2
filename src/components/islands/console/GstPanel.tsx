/**
 * The console's GST returns tab (issue 29, item 8): a month (last month at first), its GSTR-1
 * totals in rupees, and one download per GSTR-1 table. Read when the tab is first opened: adding a
 * month up reads every invoice and credit note in it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { consoleText } from '~/content/ui/console';
import { indianDay } from '~/lib/shared/dates';
import {
  $gstMonth,
  formatRupees,
  GSTR1_DOWNLOADS,
  gstr1Href,
  isEmptyMonth,
  lastMonthOf,
  loadGstMonth,
  monthName,
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
        {state.loading && (
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
                <h3 className="console-gst__title">{text.filesTitle}</h3>
                <ul className="console-gst__files">
                  {GSTR1_DOWNLOADS.map((file) => (
                    <li key={file.table}>
                      <a href={gstr1Href(file.table, summary.month)} download>
                        {text.file(file.name, file.number)}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
