/**
 * `<home-slider>`: turns the home page's row of slides into a Swiper carousel. Without this script
 * the slides stay a row you can scroll sideways, first slide showing. Swiper is fetched only when
 * the slider is near the viewport, during idle time.
 *
 * Rotation: every AUTOPLAY_DELAY_MS, never when the visitor prefers reduced motion (they may start
 * it with the play button). It pauses while the pointer is over the slider or focus is inside it,
 * and stays stopped once the visitor presses pause. ArrowLeft/ArrowRight on the controls change
 * the slide; touch and mouse swipes are Swiper's own.
 */
import type { Swiper as SwiperInstance } from 'swiper';

/** Time each slide stays in view while rotating, in milliseconds. */
export const AUTOPLAY_DELAY_MS = 5000;
/** Length of the slide animation, in milliseconds (0 with reduced motion). */
const SPEED_MS = 500;

class HomeSlider extends HTMLElement {
  #swiper: SwiperInstance | undefined;
  #reduce = window.matchMedia('(prefers-reduced-motion: reduce)');
  /** The visitor stopped rotation (or prefers reduced motion and has not started it). */
  #stopped = this.#reduce.matches;
  #hovered = false;
  #focused = false;
  #abort = new AbortController();

  connectedCallback(): void {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        const init = (): void => void this.#init();
        if ('requestIdleCallback' in window) requestIdleCallback(init, { timeout: 1500 });
        else setTimeout(init, 200);
      },
      { rootMargin: '200px' },
    );
    observer.observe(this);
    this.#abort.signal.addEventListener('abort', () => observer.disconnect());
  }

  disconnectedCallback(): void {
    this.#abort.abort();
    this.#swiper?.destroy();
  }

  async #init(): Promise<void> {
    const container = this.querySelector<HTMLElement>('.swiper');
    const prev = this.querySelector<HTMLButtonElement>('[data-slider-prev]');
    const next = this.querySelector<HTMLButtonElement>('[data-slider-next]');
    const toggle = this.querySelector<HTMLButtonElement>('[data-slider-toggle]');
    if (!container || !prev || !next || !toggle || this.#swiper) return;
    const { Swiper, A11y, Autoplay, Navigation } = await import('~/components/home/swiper-setup');
    const slideLabel = this.dataset['slideLabel'] ?? '{index} of {total}';
    this.#swiper = new Swiper(container, {
      modules: [A11y, Autoplay, Navigation],
      slidesPerView: 1,
      rewind: true,
      speed: this.#reduce.matches ? 0 : SPEED_MS,
      autoplay: { enabled: false, delay: AUTOPLAY_DELAY_MS, disableOnInteraction: false },
      navigation: { prevEl: prev, nextEl: next },
      a11y: {
        prevSlideMessage: prev.getAttribute('aria-label') ?? '',
        nextSlideMessage: next.getAttribute('aria-label') ?? '',
        slideLabelMessage: slideLabel.replace('{index}', '{{index}}').replace('{total}', '{{slidesLength}}'),
        itemRoleDescriptionMessage: 'slide',
        slideRole: 'group',
      },
    });
    const signal = this.#abort.signal;
    this.addEventListener('pointerenter', () => this.#set({ hovered: true }), { signal });
    this.addEventListener('pointerleave', () => this.#set({ hovered: false }), { signal });
    this.addEventListener('focusin', () => this.#set({ focused: true }), { signal });
    this.addEventListener(
      'focusout',
      (event) => {
        if (!this.contains(event.relatedTarget as Node | null)) this.#set({ focused: false });
      },
      { signal },
    );
    toggle.addEventListener('click', () => this.#set({ stopped: !this.#stopped }), { signal });
    this.querySelector('[data-slider-controls]')?.addEventListener(
      'keydown',
      (event) => this.#onKey(event as KeyboardEvent),
      { signal },
    );
    this.#reduce.addEventListener(
      'change',
      () => {
        if (this.#swiper) this.#swiper.params.speed = this.#reduce.matches ? 0 : SPEED_MS;
        if (this.#reduce.matches) this.#set({ stopped: true });
      },
      { signal },
    );
    // Focus may already be inside (a keyboard user tabbed in before Swiper arrived).
    this.#focused = this.contains(document.activeElement);
    this.dataset['ready'] = '';
    this.#sync();
  }

  #onKey(event: KeyboardEvent): void {
    if (event.key === 'ArrowRight') this.#swiper?.slideNext();
    else if (event.key === 'ArrowLeft') this.#swiper?.slidePrev();
    else return;
    event.preventDefault();
  }

  #set(change: { stopped?: boolean; hovered?: boolean; focused?: boolean }): void {
    this.#stopped = change.stopped ?? this.#stopped;
    this.#hovered = change.hovered ?? this.#hovered;
    this.#focused = change.focused ?? this.#focused;
    this.#sync();
  }

  /** Starts or stops rotation to match the state, and mirrors it in the toggle button. */
  #sync(): void {
    const swiper = this.#swiper;
    if (!swiper) return;
    const run = !this.#stopped && !this.#hovered && !this.#focused;
    if (run && !swiper.autoplay.running) swiper.autoplay.start();
    if (!run && swiper.autoplay.running) swiper.autoplay.stop();
    this.dataset['rotation'] = run ? 'running' : this.#stopped ? 'stopped' : 'paused';
    // Announce slide changes only while not rotating by itself (APG carousel pattern).
    swiper.wrapperEl.setAttribute('aria-live', run ? 'off' : 'polite');
    const toggle = this.querySelector<HTMLButtonElement>('[data-slider-toggle]');
    if (toggle) {
      toggle.setAttribute(
        'aria-label',
        (this.#stopped ? toggle.dataset['playLabel'] : toggle.dataset['pauseLabel']) ?? '',
      );
      toggle.dataset['state'] = this.#stopped ? 'stopped' : 'rotating';
    }
  }
}

if (!customElements.get('home-slider')) customElements.define('home-slider', HomeSlider);
