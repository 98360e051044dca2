/** What every console list shows around its table: loading, an error with Try again, empty, Load more. */
import type { ReactNode } from 'react';
import { consoleText as text } from '~/content/ui/console';
import type { ListState } from '~/stores/console';

interface Props<T, F> {
  readonly list: ListState<T, F>;
  /** The sentence when the list is empty. */
  readonly empty: string;
  readonly onRetry: () => void;
  readonly onMore?: (() => void) | undefined;
  /** The table of `items` (never empty). */
  readonly children: (items: readonly T[]) => ReactNode;
}

export function ListFrame<T, F>({ list, empty, onRetry, onMore, children }: Props<T, F>) {
  const items = list.items;
  return (
    <div className="console-list" aria-busy={list.loading || undefined}>
      {items && items.length > 0 && children(items)}
      {items && items.length === 0 && !list.loading && !list.error && (
        <p className="console-list__empty">{empty}</p>
      )}
      {list.loading && (
        <p className="console-list__loading" role="status">
          <span className="console-spinner" aria-hidden="true" />
          {text.loading}
        </p>
      )}
      {list.error && (
        <div className="console-list__error" role="alert">
          <p>{list.error}</p>
          <button type="button" className="button button--outline" onClick={onRetry}>
            {text.retry}
          </button>
        </div>
      )}
      {onMore && list.cursor !== null && !list.loading && !list.error && (
        <button type="button" className="button button--outline console-list__more" onClick={onMore}>
          {text.loadMore}
        </button>
      )}
    </div>
  );
}

/** A search field with its button; submitting runs `onSearch` with the trimmed text. */
export function SearchForm({
  label,
  value,
  onSearch,
}: {
  readonly label: string;
  readonly value: string;
  readonly onSearch: (q: string) => void;
}) {
  return (
    <form
      className="console-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const field = new FormData(event.currentTarget).get('q');
        onSearch(typeof field === 'string' ? field.trim() : '');
      }}
    >
      <label className="console-field">
        <span className="console-field__label">{label}</span>
        <input type="search" name="q" defaultValue={value} maxLength={100} autoComplete="off" />
      </label>
      <button type="submit" className="button button--primary">
        {text.searchButton}
      </button>
    </form>
  );
}

/** A row of radio buttons that filter a list (a fieldset with a legend). */
export function FilterChoice<K extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  readonly legend: string;
  readonly name: string;
  readonly options: Readonly<Record<K, string>>;
  readonly value: K;
  readonly onChange: (value: K) => void;
}) {
  return (
    <fieldset className="console-choice">
      <legend className="console-field__label">{legend}</legend>
      {(Object.entries(options) as [K, string][]).map(([key, label]) => (
        <label key={key} className="console-choice__option">
          <input
            type="radio"
            name={name}
            value={key}
            checked={value === key}
            onChange={() => onChange(key)}
          />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
