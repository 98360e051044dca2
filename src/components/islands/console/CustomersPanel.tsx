/** The console's Customers tab: everyone who signed up, with their orders and what they spent, in rupees. */
import { useStore } from '@nanostores/react';
import { consoleText } from '~/content/ui/console';
import { formatIndianDate } from '~/lib/shared/dates';
import { centsFromUsd, formatInr } from '~/lib/shared/money';
import { internationalMobile } from '~/lib/shared/schemas/account';
import type { CustomerRow } from '~/lib/shared/schemas/console';
import { $customers, loadCustomers, loadMoreCustomers } from '~/stores/console';
import { DataTable, type Column } from './DataTable';
import { ListFrame, SearchForm } from './ListFrame';

const text = consoleText.customers;

const columns: Column<CustomerRow>[] = [
  {
    key: 'name',
    label: text.columns.name,
    // A closed account keeps no contact details (DECISIONS 63): the row says when it closed.
    cell: (row) =>
      row.closedAt === undefined ? (
        row.name
      ) : (
        <span className="console-muted">
          {text.closed} <time dateTime={row.closedAt}>{formatIndianDate(row.closedAt)}</time>
        </span>
      ),
    sortValue: (row) => row.name.toLowerCase(),
  },
  {
    key: 'email',
    label: text.columns.email,
    cell: (row) => (row.email ? <a href={`mailto:${row.email}`}>{row.email}</a> : null),
    sortValue: (row) => row.email,
  },
  {
    key: 'mobile',
    label: text.columns.mobile,
    cell: (row) =>
      row.mobile ? (
        <a className="console-nowrap" href={`tel:${internationalMobile(row.mobile)}`}>
          {row.mobile}
        </a>
      ) : null,
  },
  {
    key: 'since',
    label: text.columns.since,
    cell: (row) => (
      <time className="console-nowrap" dateTime={row.createdAt}>
        {formatIndianDate(row.createdAt)}
      </time>
    ),
    sortValue: (row) => row.createdAt,
  },
  {
    key: 'orders',
    label: text.columns.orders,
    align: 'num',
    cell: (row) => row.orders,
    sortValue: (row) => row.orders,
  },
  {
    key: 'spent',
    label: text.columns.spent,
    align: 'num',
    cell: (row) => formatInr(centsFromUsd(row.spent)),
    sortValue: (row) => row.spent,
  },
];

export function CustomersPanel() {
  const list = useStore($customers);
  return (
    <div className="console-panel">
      <div className="console-toolbar">
        <SearchForm
          label={text.searchLabel}
          value={list.filter.q}
          onSearch={(q) => void loadCustomers({ q })}
        />
      </div>
      <ListFrame
        list={list}
        empty={list.filter.q ? text.noMatch : text.empty}
        onRetry={() => void loadCustomers()}
        onMore={() => void loadMoreCustomers()}
      >
        {(items) => (
          <DataTable caption={text.caption} columns={columns} rows={items} rowKey={(row) => row.userid} />
        )}
      </ListFrame>
    </div>
  );
}
