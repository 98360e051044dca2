/**
 * A console table: a real `<table>` with a caption and column headers that sort the rows loaded
 * (announced with `aria-sort` and a polite status line). Cells wrap so the widest lists fit
 * 1280 px and up; on a phone each row becomes a card whose cells carry their column's name
 * (console.css). Whatever still overflows scrolls inside the table's own labelled region.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { consoleText as text } from '~/content/ui/console';

/** One column: its heading, its cell, and the value it sorts by (none: not sortable). */
export interface Column<T> {
  readonly key: string;
  readonly label: string;
  readonly cell: (row: T) => ReactNode;
  readonly sortValue?: (row: T) => string | number;
  /** `num`: right-aligned figures. */
  readonly align?: 'num';
  /** A class of the column's heading and cells, e.g. `console-table__text` (words: a minimum width). */
  readonly className?: string;
}

/** The class of a column's heading and cells. */
const classOf = <T,>(column: Column<T>) =>
  [column.align === 'num' ? 'console-table__num' : '', column.className ?? ''].filter(Boolean).join(' ') ||
  undefined;

interface Props<T> {
  readonly caption: string;
  readonly columns: readonly Column<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T) => string;
}

export function DataTable<T>({ caption, columns, rows, rowKey }: Props<T>) {
  const [sort, setSort] = useState<{ key: string; ascending: boolean } | undefined>(undefined);
  const sorted = useMemo(() => {
    const column = columns.find((candidate) => candidate.key === sort?.key);
    if (!sort || !column?.sortValue) return rows;
    const value = column.sortValue;
    const direction = sort.ascending ? 1 : -1;
    return [...rows].sort((a, b) => {
      const left = value(a);
      const right = value(b);
      return (left < right ? -1 : left > right ? 1 : 0) * direction;
    });
  }, [rows, columns, sort]);
  const sortedColumn = columns.find((column) => column.key === sort?.key);

  return (
    // A labelled region that takes focus: where a table is wider than the screen, it scrolls
    // sideways here alone, by keyboard too (WCAG 2.1.1, 1.4.10), never the page. A scrollable
    // region needs the focus for that (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
    <div className="console-table" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>
          {caption}
          <span className="visually-hidden"> {text.sortHint}</span>
        </caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = sort?.key === column.key;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={classOf(column)}
                  aria-sort={active ? (sort.ascending ? 'ascending' : 'descending') : undefined}
                >
                  {column.sortValue ? (
                    <button
                      type="button"
                      className="console-table__sort"
                      onClick={() => setSort({ key: column.key, ascending: active ? !sort.ascending : true })}
                    >
                      {column.label}
                      <span className="console-table__arrow" aria-hidden="true">
                        {active ? (sort.ascending ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} data-label={column.label} className={classOf(column)}>
                  <div className="console-table__value">{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="visually-hidden" role="status">
        {sort && sortedColumn ? text.sortedBy(sortedColumn.label, sort.ascending) : ''}
      </p>
    </div>
  );
}
