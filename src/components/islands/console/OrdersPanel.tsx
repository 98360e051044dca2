/**
 * The console's Orders tab: a period (this month, last month, this financial year, custom), search,
 * the GST register; each order's refunds, and Refund… (issue 28).
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { consoleText } from '~/content/ui/console';
import { batchText } from '~/content/ui/batches';
import { consoleBatchesText } from '~/content/ui/console-batches';
import { financialYearOfDay, formatIndianDate, indianDay } from '~/lib/shared/dates';
import { centsFromUsd, formatMoney, sumCents } from '~/lib/shared/money';
import type { OrderRow } from '~/lib/shared/schemas/console';
import { $orders, exportHref, loadMoreOrders, loadOrders } from '~/stores/console';
import { DataTable, type Column } from './DataTable';
import { FilterChoice, ListFrame, SearchForm } from './ListFrame';
import { RefundCell } from './RefundCell';

const text = consoleText.orders;
type RangeKey = keyof typeof text.ranges;

/** The days a period spans in India (`from` and `to` included; empty: open). */
export function periodOf(key: Exclude<RangeKey, 'custom'>, today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const pad = (value: number) => String(value).padStart(2, '0');
  const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  switch (key) {
    case 'thisMonth':
      return { from: `${year}-${pad(month)}-01`, to: today };
    case 'lastMonth': {
      const y = month === 1 ? year - 1 : year;
      const m = month === 1 ? 12 : month - 1;
      return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastDay(y, m))}` };
    }
    case 'financialYear':
      return { from: `${financialYearOfDay(today)}-04-01`, to: today };
    case 'all':
      return { from: '', to: '' };
  }
}

/** An amount of a row in the currency it was paid in (DECISIONS 46). */
const money = (row: OrderRow, amount: number) =>
  formatMoney(centsFromUsd(amount), row.currency === 'INR' ? 'INR' : 'USD');
const taxOf = (row: OrderRow) => sumCents(row.totals.taxes.map((tax) => centsFromUsd(tax.amount)));

/** Who bought and who the invoice is for: the account, then the billing details (or the place of supply). */
function BuyerCell({ row }: { readonly row: OrderRow }) {
  return (
    <>
      {row.buyer.name}
      <a className="console-line" href={`mailto:${row.buyer.email}`}>
        {row.buyer.email}
      </a>
      <span className="console-block console-muted">{text.billedTo}</span>
      {row.billing ? (
        <>
          {row.billing.name}
          <span className="console-line">
            {[row.billing.stateName ?? row.billing.state, row.billing.country].filter(Boolean).join(', ')}
          </span>
          {row.billing.gstin && (
            <span className="console-line">
              GSTIN <span className="console-nowrap">{row.billing.gstin}</span>
            </span>
          )}
        </>
      ) : (
        <span className="console-muted">{row.placeOfSupply}</span>
      )}
    </>
  );
}

/*
 * Seven columns that fit 1280 px with a wide font such as DejaVu Sans (issue 32; issue 30 item 8):
 * the invoice carries its date and payment, the buyer their billing details; names and addresses
 * wrap between words, figures never.
 */
const columns: Column<OrderRow>[] = [
  {
    key: 'number',
    label: text.columns.number,
    cell: (row) => (
      <>
        <a
          className="console-nowrap"
          href={`/invoice?id=${encodeURIComponent(row.orderNo)}`}
          target="_blank"
          rel="noopener"
        >
          {row.orderNo}
          <span className="visually-hidden"> {text.openInvoice(row.orderNo)}</span>
        </a>
        <time className="console-block" dateTime={row.orderDate}>
          {formatIndianDate(row.orderDate)}
        </time>
        <span className="console-line console-muted">
          {text.payment}{' '}
          {row.payment ? <span className="console-code">{row.payment.reference}</span> : text.noPayment}
        </span>
      </>
    ),
    sortValue: (row) => row.orderNo,
  },
  {
    key: 'buyer',
    label: text.columns.buyer,
    className: 'console-table__text',
    cell: (row) => <BuyerCell row={row} />,
    sortValue: (row) => row.buyer.name.toLowerCase(),
  },
  {
    key: 'courses',
    label: text.columns.courses,
    className: 'console-table__text',
    cell: (row) => (
      <ul className="console-plain-list">
        {row.lines.map((line) => (
          <li key={line.courseId}>
            {line.name}
            {line.batch && (
              // The batch bought (issue 31): its start day, schedule and id, and the seats.
              <span className="console-muted console-order-batch">
                {consoleBatchesText.orderBatch(
                  batchText.starts(line.batch.startsOn),
                  line.batch.schedule,
                  line.batch.id,
                  line.seats ?? 1,
                )}
              </span>
            )}
          </li>
        ))}
      </ul>
    ),
    sortValue: (row) => row.lines.length,
  },
  {
    key: 'taxable',
    label: text.columns.taxable,
    align: 'num',
    cell: (row) => money(row, row.totals.taxable),
    sortValue: (row) => row.totals.taxable,
  },
  {
    key: 'tax',
    label: text.columns.tax,
    align: 'num',
    cell: (row) => (
      <>
        {formatMoney(taxOf(row), row.currency === 'INR' ? 'INR' : 'USD')}
        {row.totals.taxes.map((tax) => (
          <span key={tax.label} className="console-muted console-block">
            {tax.label} {tax.ratePct}% {money(row, tax.amount)}
          </span>
        ))}
      </>
    ),
    sortValue: taxOf,
  },
  {
    key: 'total',
    label: text.columns.total,
    align: 'num',
    cell: (row) => money(row, row.totals.total),
    sortValue: (row) => row.totals.total,
  },
  {
    key: 'refunds',
    label: consoleText.refunds.column,
    className: 'console-table__text',
    cell: (row) => <RefundCell order={row} />,
  },
];

export function OrdersPanel() {
  const list = useStore($orders);
  const [rangeKey, setRangeKey] = useState<RangeKey>('thisMonth');
  const filter = list.filter;
  const choose = (key: RangeKey) => {
    setRangeKey(key);
    if (key !== 'custom') void loadOrders({ ...filter, ...periodOf(key, indianDay(new Date())) });
  };
  return (
    <div className="console-panel">
      <div className="console-toolbar">
        <FilterChoice
          legend={text.rangeLabel}
          name="order-range"
          options={text.ranges}
          value={rangeKey}
          onChange={choose}
        />
        {rangeKey === 'custom' && (
          <form
            className="console-dates"
            onSubmit={(event) => {
              event.preventDefault();
              const data = new FormData(event.currentTarget);
              const day = (name: string) => String(data.get(name) ?? '');
              void loadOrders({ ...filter, from: day('from'), to: day('to') });
            }}
          >
            <label className="console-field">
              <span className="console-field__label">{text.from}</span>
              <input type="date" name="from" defaultValue={filter.from} />
            </label>
            <label className="console-field">
              <span className="console-field__label">{text.to}</span>
              <input type="date" name="to" defaultValue={filter.to} />
            </label>
            <button type="submit" className="button button--primary">
              {text.apply}
            </button>
          </form>
        )}
        <SearchForm
          label={text.searchLabel}
          value={filter.q}
          onSearch={(q) => void loadOrders({ ...filter, q })}
        />
        <a
          className="button button--outline console-toolbar__export"
          href={exportHref('sales-register.csv', { from: filter.from, to: filter.to })}
          download
        >
          {text.export}
        </a>
      </div>
      <ListFrame
        list={list}
        empty={filter.q ? text.noMatch : text.empty}
        onRetry={() => void loadOrders()}
        onMore={() => void loadMoreOrders()}
      >
        {(items) => (
          <DataTable caption={text.caption} columns={columns} rows={items} rowKey={(row) => row.orderNo} />
        )}
      </ListFrame>
    </div>
  );
}
