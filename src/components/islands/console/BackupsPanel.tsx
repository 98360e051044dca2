/**
 * The console's Backups tab (DECISIONS 61): the last good backup on top, with a warning when it
 * is older than 26 hours; each backup with its kind, records per store, off-site state and a
 * download of its file.
 */
import { useStore } from '@nanostores/react';
import { consoleText } from '~/content/ui/console';
import { consoleBackupsText as text } from '~/content/ui/console-backups';
import { formatIndianDateTime } from '~/lib/shared/dates';
import { groupIndian } from '~/lib/shared/digit-groups';
import type { Backup } from '~/lib/shared/schemas/console';
import { $backups, backupHref, hoursSince, isStale, loadBackups } from '~/stores/console-backups';
import { DataTable, type Column } from './DataTable';

const columns: Column<Backup>[] = [
  {
    key: 'at',
    label: text.columns.at,
    cell: (backup) => (
      <time className="console-nowrap" dateTime={backup.at}>
        {formatIndianDateTime(backup.at)}
      </time>
    ),
    sortValue: (backup) => backup.at,
  },
  { key: 'kind', label: text.columns.kind, cell: (backup) => text.kind[backup.kind] },
  {
    key: 'records',
    label: text.columns.records,
    align: 'num',
    cell: (backup) => (
      <details className="console-backups__stores">
        <summary>
          {groupIndian(backup.stores.reduce((sum, store) => sum + store.records, 0))}
          <span className="visually-hidden"> ({text.stores(backup.stores.length)})</span>
        </summary>
        <ul>
          {backup.stores.map((store) => (
            <li key={store.name}>{text.storeRow(store.name, groupIndian(store.records))}</li>
          ))}
        </ul>
      </details>
    ),
  },
  {
    key: 'offsite',
    label: text.columns.offsite,
    cell: (backup) => (
      <span className={`console-backups__offsite console-backups__offsite--${backup.offsite}`}>
        {text.offsite[backup.offsite]}
        {backup.offsiteError && <span className="console-muted"> ({backup.offsiteError})</span>}
      </span>
    ),
  },
  {
    key: 'file',
    label: text.columns.file,
    cell: (backup) => (
      <a href={backupHref(backup.id)} download data-testid="backup-download">
        {text.download}
        <span className="visually-hidden"> {text.downloadFor(formatIndianDateTime(backup.at))}</span>
      </a>
    ),
  },
];

export function BackupsPanel() {
  const { items, error } = useStore($backups);
  const now = new Date();
  const newest = items?.[0];
  return (
    <section className="console-backups" aria-labelledby="backups-heading">
      <h2 id="backups-heading" className="console-backups__title">
        {text.heading}
      </h2>
      <p className="console-backups__intro">{text.intro}</p>
      {items && (
        <div
          className={`console-backups__last${isStale(items, now) ? ' console-backups__last--stale' : ''}`}
          role="status"
        >
          {newest ? (
            <>
              <strong>{text.lastGood}:</strong>{' '}
              <time dateTime={newest.at}>{formatIndianDateTime(newest.at)}</time>.{' '}
              {isStale(items, now) ? text.stale(hoursSince(newest.at, now)) : text.fresh}
            </>
          ) : (
            text.none
          )}
        </div>
      )}
      {error && (
        <p className="console-error" role="alert">
          {error}{' '}
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => void loadBackups()}
          >
            {consoleText.retry}
          </button>
        </p>
      )}
      {items === undefined && !error && <p>{text.loading}</p>}
      {items !== undefined && items.length > 0 && (
        <DataTable caption={text.caption} columns={columns} rows={items} rowKey={(backup) => backup.id} />
      )}
      <p className="console-backups__intro">{text.restoreHint}</p>
    </section>
  );
}
