/**
 * `<site-menus>`: the header's bar (DECISIONS 25). Plain DOM, no React, inlined into every page
 * (issue 42, item 2), so its menus answer the first press on a slow phone: the section menus and
 * the account menu are disclosures (a button with `aria-expanded` and `aria-controls`, and its
 * panel); the phone menu is a native popover that opens without any script.
 *
 * - Enter, Space or a click toggles a menu; a click on a menu the pointer opened keeps it open.
 *   ArrowDown on its button opens it and focuses its first link; ArrowUp/ArrowDown/Home/End move
 *   between its links; Escape closes it and gives focus back to its button (in the phone menu,
 *   only the menu: the phone menu stays open).
 * - A mouse over a section menu opens it (not on a phone) and leaving closes it after 150 ms.
 * - One menu is open at a time; focus leaving a menu, a click outside the bar, Escape and the
 *   phone width starting or ending close it.
 * - A described panel shows the summary of the link under the pointer or focus.
 * - A click on a nav link closes the menus, and on a phone the phone menu (SiteHeader's inline
 *   script remembers it, from before this element runs); the Menu button's `aria-expanded`
 *   follows the popover.
 *
 * The account menu is rendered by React (`HeaderAccount`) once that island has hydrated: its
 * button starts with `aria-expanded="false"`, and from then on this element keeps that attribute,
 * as it does the section menus', so the rules above hold for it too.
 *
 * No import: this module is inlined into each page (hashed into the CSP); a module it shared with
 * an island would make it a file of its own, fetched before the first paint (issue 20).
 */

/** Widths at or below this are the phone layout (product-spec section 9: 600 px). */
const PHONE_QUERY = '(max-width: 600px)';
/** Pause before a hover-opened menu closes, so a diagonal pointer path does not shut it. */
const HOVER_CLOSE_DELAY_MS = 150;
/** What the arrow keys move between in an open panel. */
const PANEL_ITEMS = 'a[href], button:not([disabled])';

class SiteMenus extends HTMLElement {
  connectedCallback(): void {
    const nav = this.querySelector<HTMLElement>('nav[popover]');
    const toggle = this.querySelector<HTMLButtonElement>('[popovertarget]');
    if (!nav || !toggle || this.hasAttribute('data-ready')) return;
    const phone = window.matchMedia(PHONE_QUERY);
    /** The button of the open menu. */
    let open: HTMLElement | null = null;
    /** The button of the menu the pointer opened (a click pins it open). */
    let hovered: HTMLElement | null = null;
    /** The described panel's text showing a link's summary instead of the overview. */
    let described: HTMLElement | null = null;
    let closeTimer: number | undefined;
    /** The last input was a pointer press (mouse, touch, pen), not a key. */
    let byPointer = false;

    const triggerOf = (item: Element | null | undefined) =>
      item?.querySelector<HTMLElement>(':scope > [aria-controls]') ?? null;
    const panelOf = (trigger: HTMLElement) =>
      document.getElementById(trigger.getAttribute('aria-controls') ?? '');

    const summarize = (text?: string, desc?: HTMLElement | null) => {
      if (described && described !== desc) described.textContent = described.dataset['overview'] ?? '';
      described = null;
      if (desc && text) {
        desc.textContent = text;
        described = desc;
      }
    };

    const show = (trigger: HTMLElement | null, byHover = false) => {
      if (open !== trigger) {
        open?.setAttribute('aria-expanded', 'false');
        summarize();
      }
      open = trigger;
      hovered = byHover ? trigger : null;
      trigger?.setAttribute('aria-expanded', 'true');
    };
    const closeAll = () => show(null);

    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      const trigger = target.closest<HTMLElement>('.site-nav__item > [aria-controls]');
      if (trigger) {
        // The pointer opened it: a click pins it open instead of closing it.
        if (hovered === trigger) hovered = null;
        else show(open === trigger ? null : trigger);
        return;
      }
      if (!target.closest('a[data-nav-link]')) return;
      // On phones the menu closes after a nav click (product-spec section 2); wider, only menus close.
      if (phone.matches && nav.matches(':popover-open')) nav.hidePopover();
      closeAll();
    };

    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const item = target.closest('.site-nav__item');
      const trigger = triggerOf(item);
      if (!trigger) return;
      if (target === trigger && event.key === 'ArrowDown') {
        event.preventDefault();
        // The panel is shown before its first link takes focus.
        show(trigger);
        panelOf(trigger)?.querySelector<HTMLElement>(PANEL_ITEMS)?.focus();
        return;
      }
      if (event.key === 'Escape' && open === trigger) {
        // This menu only: the phone menu (a popover) stays open around it.
        event.preventDefault();
        event.stopPropagation();
        closeAll();
        trigger.focus();
        return;
      }
      if (target === trigger) return;
      const items = [...(panelOf(trigger)?.querySelectorAll<HTMLElement>(PANEL_ITEMS) ?? [])];
      const index = items.indexOf(target);
      if (index < 0) return;
      const next = {
        ArrowDown: items[(index + 1) % items.length],
        ArrowUp: items[(index - 1 + items.length) % items.length],
        Home: items[0],
        End: items[items.length - 1],
      }[event.key];
      if (!next) return;
      event.preventDefault();
      next.focus();
    };

    // A link's summary in its panel's description, on pointer or focus.
    const onLinkSign = (event: Event) => {
      const link = (event.target as Element).closest<HTMLElement>('a[data-summary]');
      if (link)
        summarize(
          link.dataset['summary'],
          link.closest('[data-menu-panel]')?.querySelector('[data-menu-desc]'),
        );
    };

    // Focus leaving a menu by the keyboard closes it. A press that moves focus within the bar
    // leaves that to its click (which opens another menu or follows a link): closed at once, the
    // open panel would fold up under the finger, and the click land on what moved there.
    const onFocusOut = (event: FocusEvent) => {
      const item = (event.target as Element).closest('.site-nav__item');
      const next = event.relatedTarget as Node | null;
      if (!item || next === null || item.contains(next) || (byPointer && this.contains(next))) return;
      summarize();
      if (open === triggerOf(item)) closeAll();
    };

    // A mouse over a section menu opens it; on leaving it closes after a pause, unless clicked.
    for (const item of this.querySelectorAll('[data-menu]')) {
      const trigger = triggerOf(item);
      item.addEventListener('pointerenter', (event) => {
        if ((event as PointerEvent).pointerType !== 'mouse' || phone.matches) return;
        window.clearTimeout(closeTimer);
        if (open !== trigger) show(trigger, true);
      });
      item.addEventListener('pointerleave', (event) => {
        if ((event as PointerEvent).pointerType !== 'mouse' || phone.matches) return;
        window.clearTimeout(closeTimer);
        summarize();
        if (hovered !== trigger) return;
        closeTimer = window.setTimeout(() => open === trigger && closeAll(), HOVER_CLOSE_DELAY_MS);
      });
    }

    this.addEventListener('click', onClick);
    this.addEventListener('keydown', onKey);
    this.addEventListener('pointerover', onLinkSign);
    this.addEventListener('focusin', onLinkSign);
    this.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', () => (byPointer = true), true);
    document.addEventListener('keydown', () => (byPointer = false), true);
    document.addEventListener('click', (event) => this.contains(event.target as Node) || closeAll());
    document.addEventListener('keydown', (event) => event.key === 'Escape' && closeAll());
    nav.addEventListener('toggle', (event) => {
      const opened = (event as ToggleEvent).newState === 'open';
      toggle.setAttribute('aria-expanded', String(opened));
      if (!opened) closeAll();
    });
    phone.addEventListener('change', () => {
      if (nav.matches(':popover-open')) nav.hidePopover();
      closeAll();
    });

    // Until now CSS opened a menu under the pointer or around the focus: that one stays open, so
    // the upgrade never shuts a menu someone is using. Focus on a button counts when a click put it
    // there, not the keyboard (Tab onto a button does not open its menu).
    const items = [...this.querySelectorAll('[data-menu]')];
    const underPointer = phone.matches ? undefined : items.find((item) => item.matches(':hover'));
    const focused = items.find((item) => item.contains(document.activeElement));
    const focusedTrigger = triggerOf(focused);
    const inUse =
      focused && (document.activeElement !== focusedTrigger || !focusedTrigger?.matches(':focus-visible'))
        ? focused
        : undefined;
    show(triggerOf(underPointer ?? inUse), underPointer !== undefined);
    toggle.setAttribute('aria-expanded', String(nav.matches(':popover-open')));
    // From now on the script opens the menus, not CSS (site-header.css).
    this.toggleAttribute('data-ready', true);
  }
}

customElements.define('site-menus', SiteMenus);
