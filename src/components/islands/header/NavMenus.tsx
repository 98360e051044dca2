/**
 * The header's section menus and Contact Us (disclosure pattern: a button per menu with
 * aria-expanded); before hydration CSS opens them on hover and focus.
 */
/* eslint-disable jsx-a11y-x/no-redundant-roles -- `list-style: none` drops list semantics in Safari; role="list" restores them. */
import { Icon } from '../icons';
import type { HeaderMenus } from './use-header-menus';

/** A link of the header. */
export interface HeaderLink {
  readonly label: string;
  readonly href: string;
  /** One-line description shown while the link is hovered or focused. */
  readonly summary?: string | undefined;
  /** The page being shown. */
  readonly current: boolean;
}

/** A section menu of the header. */
export interface HeaderMenu {
  /** Id of the menu's panel, e.g. `menu-products`. */
  readonly id: string;
  readonly label: string;
  /** Text in the panel before an item is hovered (menus whose links have summaries). */
  readonly overview?: string | undefined;
  /** One of its links is the page being shown. */
  readonly current: boolean;
  readonly items: readonly HeaderLink[];
}

export function Chevron() {
  return <Icon name="chevronDown" className="site-nav__chevron" />;
}

export default function NavMenus({
  menus,
  contact,
  state,
}: {
  menus: readonly HeaderMenu[];
  contact: HeaderLink;
  state: HeaderMenus;
}) {
  const { openMenu, summary, setSummary, toggleMenu, onTriggerKey, onPanelKey, onHover, onItemBlur } = state;
  return (
    <ul className="site-nav__list" role="list">
      {menus.map((menu) => {
        const hasSummaries = menu.items.some((item) => item.summary);
        return (
          // Delegated: keys, focus and hover of the menu's button and links (the disclosure pattern).
          // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
          <li
            key={menu.id}
            className="site-nav__item"
            data-menu
            onKeyDown={(event) => onPanelKey(event, menu.id)}
            onPointerEnter={(event) => onHover(event, menu.id, true)}
            onPointerLeave={(event) => onHover(event, menu.id, false)}
            onBlur={(event) => onItemBlur(event, menu.id)}
          >
            <button
              className={`site-nav__trigger${menu.current ? ' is-current' : ''}`}
              type="button"
              aria-expanded={openMenu === menu.id}
              aria-controls={menu.id}
              data-menu-trigger
              onClick={() => toggleMenu(menu.id)}
              onKeyDown={(event) => onTriggerKey(event, menu.id)}
            >
              {menu.label}
              <Chevron />
            </button>
            <div
              id={menu.id}
              className={`site-nav__panel${hasSummaries ? ' site-nav__panel--described' : ''}`}
              data-menu-panel
            >
              <ul className="site-nav__links" role="list">
                {menu.items.map((item) => {
                  const summaryId = `${menu.id}-${item.href.split('/').pop() ?? ''}`;
                  const showSummary = item.summary
                    ? () => setSummary({ menu: menu.id, text: item.summary ?? '' })
                    : undefined;
                  return (
                    <li key={item.href}>
                      <a
                        className="site-nav__link"
                        href={item.href}
                        aria-current={item.current ? 'page' : undefined}
                        aria-describedby={item.summary ? summaryId : undefined}
                        data-nav-link={item.label}
                        data-summary={item.summary}
                        onPointerEnter={showSummary}
                        onFocus={showSummary}
                      >
                        {item.label}
                      </a>
                      {item.summary && (
                        <span id={summaryId} className="visually-hidden">
                          {item.summary}
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
              {hasSummaries && (
                <p className="site-nav__desc" data-menu-desc data-overview={menu.overview ?? ''}>
                  {summary?.menu === menu.id ? summary.text : menu.overview}
                </p>
              )}
            </div>
          </li>
        );
      })}
      <li className="site-nav__item">
        <a
          className="site-nav__trigger"
          href={contact.href}
          aria-current={contact.current ? 'page' : undefined}
          data-nav-link={contact.label}
        >
          {contact.label}
        </a>
      </li>
    </ul>
  );
}
