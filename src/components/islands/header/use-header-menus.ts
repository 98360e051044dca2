/**
 * The header's menus as one state (issue 20, item 6: split out of SiteHeader): which menu is open
 * and why (a click, a hover), the summary shown in a described panel, and the handlers of the
 * disclosure pattern shared by the section menus and the account menu. Keyboard: Enter or Space
 * toggle a menu, ArrowDown opens it and focuses the first link, ArrowUp/ArrowDown/Home/End move
 * between links, Escape closes it and returns focus to its button.
 */
import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';

/** Widths at or below this are the phone layout (product-spec section 9: 600 px). */
export const MOBILE_QUERY = '(max-width: 600px)';
/** Pause before a hover-opened menu closes, so a diagonal pointer path does not shut it. */
const HOVER_CLOSE_DELAY_MS = 150;
const PANEL_ITEMS = 'a[href], button:not([disabled])';

export function isPhone(): boolean {
  return window.matchMedia(MOBILE_QUERY).matches;
}

function panelItems(menuId: string): HTMLElement[] {
  const panel = document.getElementById(menuId);
  return panel ? [...panel.querySelectorAll<HTMLElement>(PANEL_ITEMS)] : [];
}

/** The menus' state and handlers; every handler takes the menu's panel id. */
export function useHeaderMenus() {
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [summary, setSummary] = useState<{ menu: string; text: string } | null>(null);
  const hoverOpened = useRef<string | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  const closeAll = useCallback(() => {
    hoverOpened.current = null;
    setOpenMenu(null);
  }, []);

  /** Opens `menuId` as CSS had it open before hydration (`byHover`: under the pointer). */
  const adopt = useCallback((menuId: string, byHover: boolean) => {
    if (byHover) hoverOpened.current = menuId;
    setOpenMenu(menuId);
  }, []);

  const toggleMenu = (menuId: string) => {
    if (hoverOpened.current === menuId) {
      // The pointer opened it; a click pins it open instead of closing it.
      hoverOpened.current = null;
      return;
    }
    setOpenMenu((current) => (current === menuId ? null : menuId));
  };

  const onTriggerKey = (event: KeyboardEvent, menuId: string) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    // The panel must be shown before its first link can take focus.
    flushSync(() => setOpenMenu(menuId));
    panelItems(menuId)[0]?.focus();
  };

  const onPanelKey = (event: KeyboardEvent<HTMLElement>, menuId: string) => {
    const trigger = event.currentTarget.querySelector<HTMLButtonElement>('[aria-controls]');
    // Keys on the button itself are onTriggerKey's; only Escape is shared.
    if (event.target === trigger && event.key !== 'Escape') return;
    if (event.key === 'Escape' && openMenu === menuId) {
      // Close this menu only; the phone menu (a popover) stays open around it.
      event.preventDefault();
      event.stopPropagation();
      hoverOpened.current = null;
      setOpenMenu(null);
      trigger?.focus();
      return;
    }
    const items = panelItems(menuId);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    const target = {
      ArrowDown: items[(index + 1) % items.length],
      ArrowUp: items[(index - 1 + items.length) % items.length],
      Home: items[0],
      End: items[items.length - 1],
    }[event.key];
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };

  const onHover = (event: PointerEvent, menuId: string, entering: boolean) => {
    if (event.pointerType !== 'mouse' || isPhone()) return;
    window.clearTimeout(closeTimer.current);
    if (entering) {
      if (openMenu === menuId) return;
      hoverOpened.current = menuId;
      setOpenMenu(menuId);
    } else {
      setSummary(null);
      if (hoverOpened.current !== menuId) return;
      closeTimer.current = window.setTimeout(() => {
        hoverOpened.current = null;
        setOpenMenu((current) => (current === menuId ? null : current));
      }, HOVER_CLOSE_DELAY_MS);
    }
  };

  const onItemBlur = (event: FocusEvent<HTMLElement>, menuId: string) => {
    const next = event.relatedTarget as Node | null;
    if (next === null || event.currentTarget.contains(next)) return;
    setSummary(null);
    setOpenMenu((current) => (current === menuId ? null : current));
  };

  return {
    openMenu,
    summary,
    setSummary,
    closeAll,
    adopt,
    toggleMenu,
    onTriggerKey,
    onPanelKey,
    onHover,
    onItemBlur,
  };
}

export type HeaderMenus = ReturnType<typeof useHeaderMenus>;
