/**
 * `<site-carousel>`: a Swiper carousel with the accessibility the spec asks for. Slides per view
 * come from `data-per-view` ("phone,tablet,desktop"); autoplay every `data-autoplay` ms pauses on
 * hover, on keyboard focus and with the pause button, and never runs under reduced motion.
 */
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
  #pausedByUser = false;

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
      autoplay: autoplays ? { delay, pauseOnMouseEnter: true, disableOnInteraction: false } : false,
    });

    if (!autoplays) {
      toggle?.remove();
      return;
    }
    // Keyboard users get the same pause as mouse users: while focus is inside, nothing moves.
    this.addEventListener('focusin', () => this.#swiper?.autoplay.pause());
    this.addEventListener('focusout', (event) => {
      if (!this.contains(event.relatedTarget as Node | null) && !this.#pausedByUser)
        this.#swiper?.autoplay.resume();
    });
    toggle?.removeAttribute('hidden');
    toggle?.addEventListener('click', () => {
      this.#pausedByUser = !this.#pausedByUser;
      if (this.#pausedByUser) this.#swiper?.autoplay.stop();
      else this.#swiper?.autoplay.start();
      toggle.setAttribute('aria-pressed', String(this.#pausedByUser));
      toggle.querySelector('[data-label]')!.textContent = this.#pausedByUser ? 'Play' : 'Pause';
    });
  }

  disconnectedCallback(): void {
    this.#swiper?.destroy(true, true);
    this.#swiper = undefined;
  }
}

if (!customElements.get('site-carousel')) customElements.define('site-carousel', SiteCarousel);
