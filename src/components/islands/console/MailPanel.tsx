/** The console's Mail tab: e-mail that failed or waits (both at first), with Retry now. */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { consoleText } from '~/content/ui/console';
import { formatIndianDateTime } from '~/lib/shared/dates';
import type { MailRow } from '~/lib/shared/schemas/console';
import { $mail, loadMail, retryMail } from '~/stores/console';
import { DataTable, type Column } from './DataTable';
import { FilterChoice, ListFrame } from './ListFrame';

const text = consoleText.mail;

function RetryButton({
  mail,
  onDone,
}: {
  readonly mail: MailRow;
  readonly onDone: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button--outline button--small"
      aria-disabled={busy || undefined}
      onClick={async () => {
        if (busy) return;
        setBusy(true);
        const result = await retryMail(mail.id);
        setBusy(false);
        onDone(result.ok ? text.sent(mail.subject) : result.errors.join(' '));
      }}
    >
      {busy ? text.retrying : text.retry}
      <span className="visually-hidden">: {mail.subject}</span>
    </button>
  );
}

export function MailPanel() {
  const list = useStore($mail);
  const [announcement, setAnnouncement] = useState('');
  const columns: Column<MailRow>[] = [
    {
      key: 'to',
      label: text.columns.to,
      cell: (mail) => mail.to.join(', '),
      sortValue: (mail) => mail.to.join(','),
    },
    {
      key: 'status',
      label: text.columns.status,
      cell: (mail) => text.status[mail.status],
      sortValue: (mail) => mail.status,
    },
    {
      key: 'subject',
      label: text.columns.subject,
      cell: (mail) => mail.subject,
      sortValue: (mail) => mail.subject,
    },
    {
      key: 'queued',
      label: text.columns.queued,
      cell: (mail) => <time dateTime={mail.queuedAt}>{formatIndianDateTime(mail.queuedAt)}</time>,
      sortValue: (mail) => mail.queuedAt,
    },
    {
      key: 'tries',
      label: text.columns.tries,
      align: 'num',
      cell: (mail) => mail.tries,
      sortValue: (mail) => mail.tries,
    },
    { key: 'error', label: text.columns.error, cell: (mail) => mail.lastError ?? text.noError },
    {
      key: 'action',
      label: text.columns.action,
      cell: (mail) => <RetryButton mail={mail} onDone={setAnnouncement} />,
    },
  ];
  return (
    <div className="console-panel">
      <div className="console-toolbar">
        <FilterChoice
          legend={text.filterLabel}
          name="mail-status"
          options={text.filters}
          value={list.filter.status}
          onChange={(status) => void loadMail({ status })}
        />
      </div>
      <ListFrame list={list} empty={text.empty[list.filter.status]} onRetry={() => void loadMail()}>
        {(items) => (
          <DataTable caption={text.caption} columns={columns} rows={items} rowKey={(mail) => mail.id} />
        )}
      </ListFrame>
      <p className="console-announcement" role="status">
        {announcement}
      </p>
    </div>
  );
}
