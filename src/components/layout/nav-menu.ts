/**
 * `<nav-menu>`: behaviour of the site header (disclosure menus, menu descriptions, phone menu).
 * Keyboard: Enter/Space toggle a menu, ArrowDown opens it and focuses the first link,
 * ArrowUp/ArrowDown/Home/End move between links, Escape closes and returns focus to the button.
 * The phone menu is a popover opened by its button (works without this script); this element
 * mirrors its state in aria-expanded and closes it after a nav click.
 */

import { LOCAL_STORAGE_KEYS } from '~/lib/shared/storage-keys';

/** Widths at or below this are the phone layout (product-spec section 9: 600 px). */
const MOBILE_QUERY = '(max-width: 600px)';
/** Pause before a hover-opened menu closes, so a diagonal pointer path does not shut it. */
const HOVER_CLOSE_DELAY_MS = 150;

class NavMenu extends HTMLElement {
  #mobile = window.matchMedia(MOBILE_QUERY);
  #closeTimer: number | undefined;
  /** The menu the pointer opened by hovering; a click on its button pins it open instead of closing it. */
  #hoverOpened: HTMLButtonElement | undefined;
  #abort = new AbortController();

  connectedCallback(): void {
    const signal = this.#abort.signal;
    const nav = this.#nav();
    const toggle = this.querySelector<HTMLButtonElement>('[data-nav-toggle]');
    toggle?.setAttribute('aria-expanded', 'false');
    nav?.addEventListener(
      'toggle',
      (event) => {
        const open = (event as ToggleEvent).newState === 'open';
        toggle?.setAttribute('aria-expanded', String(open));
        if (!open) this.#closeAll();
      },
      { signal },
    );

    for (const item of this.querySelectorAll<HTMLElement>('[data-menu]')) {
      const trigger = item.querySelector<HTMLButtonElement>('[data-menu-trigger]');
      if (!trigger) continue;
      trigger.addEventListener('click', () => this.#toggleMenu(trigger), { signal });
      trigger.addEventListener('keydown', (event) => this.#onTriggerKey(event, trigger), { signal });
      item.addEventListener('keydown', (event) => this.#onPanelKey(event, trigger), { signal });
      item.addEventListener('pointerenter', (event) => this.#onHover(event, trigger, true), { signal });
      item.addEventListener('pointerleave', (event) => this.#onHover(event, trigger, false), { signal });
      this.#wireDescriptions(item);
    }

    this.addEventListener('click', (event) => this.#onNavClick(event), { signal });
    this.addEventListener('focusout', (event) => this.#onFocusOut(event), { signal });
    // A click outside closes the desktop menus; the phone menu closes itself (popover light dismiss).
    document.addEventListener(
      'click',
      (event) => {
        if (!this.contains(event.target as Node | null)) this.#closeAll();
      },
      { signal },
    );
    document.addEventListener('keydown', (event) => event.key === 'Escape' && this.#closeAll(), { signal });
    this.#mobile.addEventListener(
      'change',
      () => {
        this.#setPhoneMenuOpen(false);
        this.#closeAll();
      },
      { signal },
    );
    this.setAttribute('data-ready', '');
  }

  disconnectedCallback(): void {
    this.#abort.abort();
    this.#abort = new AbortController();
  }

  #nav(): HTMLElement | null {
    return this.querySelector<HTMLElement>('#site-nav');
  }

  #triggers(): HTMLButtonElement[] {
    return [...this.querySelectorAll<HTMLButtonElement>('[data-menu-trigger]')];
  }

  #links(trigger: HTMLButtonElement): HTMLAnchorElement[] {
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    return panel ? [...panel.querySelectorAll<HTMLAnchorElement>('a[href]')] : [];
  }

  #setOpen(trigger: HTMLButtonElement, open: boolean): void {
    trigger.setAttribute('aria-expanded', String(open));
  }

  #toggleMenu(trigger: HTMLButtonElement): void {
    if (this.#hoverOpened === trigger) {
      this.#hoverOpened = undefined;
      return;
    }
    const open = trigger.getAttribute('aria-expanded') !== 'true';
    for (const other of this.#triggers()) this.#setOpen(other, other === trigger && open);
  }

  #closeAll(): void {
    this.#hoverOpened = undefined;
    for (const trigger of this.#triggers()) this.#setOpen(trigger, false);
  }

  #setPhoneMenuOpen(open: boolean): void {
    const nav = this.#nav();
    if (!nav?.hasAttribute('popover') || nav.matches(':popover-open') === open) return;
    if (open) nav.showPopover();
    else nav.hidePopover();
  }

  #onTriggerKey(event: KeyboardEvent, trigger: HTMLButtonElement): void {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    for (const other of this.#triggers()) this.#setOpen(other, other === trigger);
    this.#links(trigger)[0]?.focus();
  }

  #onPanelKey(event: KeyboardEvent, trigger: HTMLButtonElement): void {
    // Keys on the button itself are #onTriggerKey's; only Escape is shared.
    if (event.target === trigger && event.key !== 'Escape') return;
    if (event.key === 'Escape' && trigger.getAttribute('aria-expanded') === 'true') {
      // Close this menu only; the phone menu (a popover) stays open around it.
      event.preventDefault();
      event.stopPropagation();
      this.#setOpen(trigger, false);
      trigger.focus();
      return;
    }
    const links = this.#links(trigger);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    const target = {
      ArrowDown: links[(index + 1) % links.length],
      ArrowUp: links[(index - 1 + links.length) % links.length],
      Home: links[0],
      End: links[links.length - 1],
    }[event.key];
    if (target) {
      event.preventDefault();
      target.focus();
    }
  }

  #onHover(event: PointerEvent, trigger: HTMLButtonElement, entering: boolean): void {
    if (event.pointerType !== 'mouse' || this.#mobile.matches) return;
    window.clearTimeout(this.#closeTimer);
    if (entering) {
      if (trigger.getAttribute('aria-expanded') === 'true') return;
      for (const other of this.#triggers()) this.#setOpen(other, other === trigger);
      this.#hoverOpened = trigger;
    } else if (this.#hoverOpened === trigger) {
      this.#closeTimer = window.setTimeout(() => {
        this.#setOpen(trigger, false);
        this.#hoverOpened = undefined;
      }, HOVER_CLOSE_DELAY_MS);
    }
  }

  /** Menus with descriptions: hovering or focusing an item shows its summary; the overview otherwise. */
  #wireDescriptions(item: HTMLElement): void {
    const desc = item.querySelector<HTMLElement>('[data-menu-desc]');
    if (!desc) return;
    const overview = desc.dataset['overview'] ?? '';
    const signal = this.#abort.signal;
    for (const link of item.querySelectorAll<HTMLAnchorElement>('a[data-summary]')) {
      const show = () => (desc.textContent = link.dataset['summary'] ?? overview);
      link.addEventListener('pointerenter', show, { signal });
      link.addEventListener('focus', show, { signal });
    }
    const reset = () => (desc.textContent = overview);
    item.addEventListener('pointerleave', reset, { signal });
    item.addEventListener(
      'focusout',
      (event) => {
        if (!item.contains(event.relatedTarget as Node | null)) reset();
      },
      { signal },
    );
  }

  #onNavClick(event: MouseEvent): void {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-nav-link]');
    if (!link) return;
    try {
      localStorage.setItem(LOCAL_STORAGE_KEYS.navFor, link.dataset['navLink'] ?? link.pathname);
    } catch {
      // Storage can be disabled (private mode, policy); navigation must still work.
    }
    // On phones the menu closes after a nav click (product-spec section 2); wider, only menus close.
    if (this.#mobile.matches) this.#setPhoneMenuOpen(false);
    this.#closeAll();
  }

  #onFocusOut(event: FocusEvent): void {
    const next = event.relatedTarget as Node | null;
    if (next === null) return;
    for (const trigger of this.#triggers()) {
      const item = trigger.closest('[data-menu]');
      if (item && !item.contains(next)) this.#setOpen(trigger, false);
    }
  }
}

if (!customElements.get('nav-menu')) customElements.define('nav-menu', NavMenu);
