/**
 * `<carousel-autoplay>`: the carousel's rotation before its island has hydrated (issue 42, item 1).
 *
 * The server renders a carousel's slides as a row that scrolls sideways (carousel.css). Its island
 * (React and Swiper, about 95 KB) now loads only when the visitor touches, points at, focuses or
 * types in it (`client:intent`); until then this element, a few hundred bytes inline, moves the
 * row on by one slide every `data-interval` ms (`AUTOPLAY_MS`; the last wraps to the first), as the
 * island would.
 * Rotation pauses while the pointer is over the carousel or focus is inside, never starts under
 * reduced motion, skips while the tab is hidden, and ends for good once Swiper has started: the
 * island then starts at the slide this element left in view (`startingSlide`, carousel-position.ts).
 *
 * While it rotates it sets `data-rotating`, which shows the carousel's buttons (CSS): a press on
 * one is held by `client:intent` and replayed once the island is there (pause, WCAG 2.2.2).
 */

import { nextScroll } from './next-scroll';

class CarouselAutoplay extends HTMLElement {
  #timer: number | undefined;
  #pointer = false;
  #focus = false;

  connectedCallback(): void {
    const interval = Number(this.dataset['interval']);
    if (!(interval > 0) || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    this.addEventListener('pointerenter', () => (this.#pointer = true));
    this.addEventListener('pointerleave', () => (this.#pointer = false));
    this.addEventListener('focusin', () => (this.#focus = true));
    this.addEventListener('focusout', (event) => {
      this.#focus = this.contains(event.relatedTarget as Node | null);
    });
    this.dataset['rotating'] = '';
    this.#schedule();
  }

  disconnectedCallback(): void {
    window.clearTimeout(this.#timer);
  }

  #schedule(): void {
    this.#timer = window.setTimeout(() => this.#turn(), Number(this.dataset['interval']));
  }

  #turn(): void {
    const row = this.querySelector<HTMLElement>('.swiper');
    if (!row || row.classList.contains('swiper-initialized')) {
      delete this.dataset['rotating'];
      return;
    }
    const slide = row.querySelector<HTMLElement>('.swiper-slide');
    const paused = this.#pointer || this.#focus || document.hidden;
    if (slide && !paused) {
      const gap = parseFloat(getComputedStyle(row.firstElementChild ?? row).columnGap) || 0;
      const left = nextScroll(row.scrollLeft, slide.offsetWidth + gap, row.scrollWidth - row.clientWidth);
      row.scrollTo({ left, behavior: 'smooth' });
    }
    this.#schedule();
  }
}

if (!customElements.get('carousel-autoplay')) customElements.define('carousel-autoplay', CarouselAutoplay);
