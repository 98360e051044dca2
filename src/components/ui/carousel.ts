/**
 * `<site-carousel>`: a Swiper carousel with the accessibility the spec asks for. Slides per view
 * come from `data-per-view` ("phone,tablet,desktop"); autoplay every `data-autoplay` ms pauses on
 * hover and on keyboard focus, stops with the pause button, and never runs under reduced motion.
 */
import { carouselText } from '~/content/ui/site';
import Swiper from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import 'swiper/css';

/** Breakpoints shared with the CSS: tablets from 601 px, desktops from 961 px. */
const TABLET_MIN = 601;
const DESKTOP_MIN = 961;
/** Gap between slides, in px (matches --carousel-gap in Carousel.astro). */
const GAP_PX = 24;

class SiteCarousel extends HTMLElement {
  #swiper: Swiper | undefined;
  /** Rotation runs only while none of these holds: the visitor stopped it, the pointer or focus is inside. */
  #stopped = false;
  #hovered = false;
  #focused = false;

  connectedCallback(): void {
    const root = this.querySelector<HTMLElement>('.swiper');
    if (!root || this.#swiper) return;
    const [phone = 1, tablet = phone, desktop = tablet] = (this.dataset['perView'] ?? '1')
      .split(',')
      .map((n) => Number(n) || 1);
    const delay = Number(this.dataset['autoplay'] ?? 0);
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const autoplays = delay > 0 && !reducedMotion;
    const toggle = this.querySelector<HTMLButtonElement>('[data-carousel-toggle]');

    this.#swiper = new Swiper(root, {
      modules: [A11y, Autoplay, Keyboard, Navigation, Pagination],
      slidesPerView: phone,
      spaceBetween: GAP_PX,
      breakpoints: {
        [TABLET_MIN]: { slidesPerView: tablet },
        [DESKTOP_MIN]: { slidesPerView: desktop },
      },
      rewind: true,
      speed: reducedMotion ? 0 : 450,
      keyboard: { enabled: true, onlyInViewport: true },
      navigation: {
        prevEl: this.querySelector<HTMLElement>('[data-carousel-prev]'),
        nextEl: this.querySelector<HTMLElement>('[data-carousel-next]'),
      },
      pagination: {
        el: this.querySelector<HTMLElement>('[data-carousel-pagination]'),
        clickable: true,
      },
      a11y: {
        slideLabelMessage: '{{index}} of {{slidesLength}}',
        paginationBulletMessage: 'Show slide {{index}}',
      },
      autoplay: autoplays ? { delay, disableOnInteraction: false } : false,
    });

    if (!autoplays) {
      toggle?.remove();
      return;
    }
    // One state decides: hover and focus pause rotation, the button stops it until pressed again.
    this.addEventListener('pointerenter', () => this.#set({ hovered: true }));
    this.addEventListener('pointerleave', () => this.#set({ hovered: false }));
    this.addEventListener('focusin', () => this.#set({ focused: true }));
    this.addEventListener('focusout', (event) => {
      if (!this.contains(event.relatedTarget as Node | null)) this.#set({ focused: false });
    });
    toggle?.removeAttribute('hidden');
    toggle?.addEventListener('click', () => {
      this.#set({ stopped: !this.#stopped });
      toggle.setAttribute('aria-pressed', String(this.#stopped));
      const label = toggle.querySelector('[data-label]');
      if (label) label.textContent = this.#stopped ? carouselText.play : carouselText.pause;
    });
  }

  #set(change: { stopped?: boolean; hovered?: boolean; focused?: boolean }): void {
    this.#stopped = change.stopped ?? this.#stopped;
    this.#hovered = change.hovered ?? this.#hovered;
    this.#focused = change.focused ?? this.#focused;
    const autoplay = this.#swiper?.autoplay;
    if (!autoplay) return;
    const run = !this.#stopped && !this.#hovered && !this.#focused;
    if (run && !autoplay.running) autoplay.start();
    if (!run && autoplay.running) autoplay.stop();
  }

  disconnectedCallback(): void {
    this.#swiper?.destroy(true, true);
    this.#swiper = undefined;
  }
}

if (!customElements.get('site-carousel')) customElements.define('site-carousel', SiteCarousel);
