/**
 * The console's Payments tab (issue 28, item 2; DECISIONS 48): every payment the gateway told us
 * of, those needing attention first (a refund that failed, a payment matched to nothing, a second
 * payment refunded): amount with currency, the gateway's status, what became of it and why, and
 * the order it belongs to.
 */
import { useStore } from '@nanostores/react';
import { consoleText } from '~/content/ui/console';
import { formatAmount } from '~/lib/shared/currency-amount';
import { formatIndianDateTime } from '~/lib/shared/dates';
import type { PaymentRow } from '~/lib/shared/schemas/payments';
import { $payments, $paymentsWarning, loadMorePayments, loadPayments } from '~/stores/console-payments';
import { DataTable, type Column } from './DataTable';
import { FilterChoice, ListFrame } from './ListFrame';

const text = consoleText.payments;

/** The outcome as staff read it: a known one in words, any other as the server names it. */
const outcomeOf = (row: PaymentRow) => text.outcomes[row.outcome];

/** The outcome's badge: an order is fine, needing attention is bad, anything else is worth a look. */
const BADGE: Record<PaymentRow['outcome'], 'ok' | 'wait' | 'bad'> = {
  order: 'ok',
  pending: 'wait',
  refunded: 'wait',
  'not-captured': 'wait',
  failed: 'wait',
  attention: 'bad',
};

const columns: Column<PaymentRow>[] = [
  {
    key: 'at',
    label: text.columns.at,
    cell: (row) => (
      <time className="console-nowrap" dateTime={row.at}>
        {formatIndianDateTime(row.at)}
      </time>
    ),
    sortValue: (row) => row.at,
  },
  {
    key: 'payment',
    label: text.columns.payment,
    cell: (row) => (
      <>
        <span className="console-code">{row.paymentId}</span>
        <span className="console-muted console-line">
          {row.paymentNo ? text.paymentNo(row.paymentNo) : text.notOurs}
        </span>
        <span className="console-muted console-line console-code">{row.gatewayOrderId}</span>
      </>
    ),
    sortValue: (row) => row.paymentId,
  },
  {
    key: 'order',
    label: text.columns.order,
    cell: (row) =>
      row.orderNo ? (
        <a
          className="console-nowrap"
          href={`/invoice?id=${encodeURIComponent(row.orderNo)}`}
          target="_blank"
          rel="noopener"
        >
          {row.orderNo}
          <span className="visually-hidden"> {text.openOrder(row.orderNo)}</span>
        </a>
      ) : (
        <span className="console-muted">{text.noOrder}</span>
      ),
    sortValue: (row) => row.orderNo ?? '',
  },
  {
    key: 'amount',
    label: text.columns.amount,
    align: 'num',
    cell: (row) => <span className="console-nowrap">{formatAmount(row.amount, row.currency)}</span>,
    sortValue: (row) => row.amount,
  },
  { key: 'status', label: text.columns.status, cell: (row) => row.status, sortValue: (row) => row.status },
  {
    key: 'outcome',
    label: text.columns.outcome,
    cell: (row) => (
      <>
        <span className={`console-badge console-badge--${BADGE[row.outcome]}`}>{outcomeOf(row)}</span>
        {row.refund && (
          <span className="console-muted console-block">{text.refundState[row.refund.state]}</span>
        )}
      </>
    ),
    sortValue: outcomeOf,
  },
  { key: 'reason', label: text.columns.reason, cell: (row) => row.reason || text.noReason },
];

export function PaymentsPanel() {
  const list = useStore($payments);
  const warning = useStore($paymentsWarning);
  return (
    <div className="console-panel">
      <div className="console-toolbar">
        <FilterChoice
          legend={text.filterLabel}
          name="payment-status"
          options={text.filters}
          value={list.filter.status}
          onChange={(status) => void loadPayments({ status })}
        />
      </div>
      {warning && (
        <p className="console-warning" role="alert">
          {warning}
        </p>
      )}
      <ListFrame
        list={list}
        empty={text.empty[list.filter.status]}
        onRetry={() => void loadPayments()}
        onMore={() => void loadMorePayments()}
      >
        {(items) => (
          <DataTable caption={text.caption} columns={columns} rows={items} rowKey={(row) => row.paymentId} />
        )}
      </ListFrame>
    </div>
  );
}
