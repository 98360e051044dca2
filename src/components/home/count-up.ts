/**
 * `<count-up>`: counts its number up from 0 once, the first time it scrolls into view. The final
 * number is in the HTML, so readers without JavaScript, search engines and visitors who prefer
 * reduced motion simply see it. Sets `data-state` to `waiting`, `counting` and then `done`.
 */
import { countUpValue } from '~/lib/client/count-up';

/** Length of one count, in milliseconds. */
const DURATION_MS = 1600;

class CountUp extends HTMLElement {
  #observer: IntersectionObserver | undefined;

  connectedCallback(): void {
    const target = Number(this.dataset['value']);
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!Number.isFinite(target) || reduce || !('IntersectionObserver' in window)) {
      this.dataset['state'] = 'done';
      return;
    }
    this.dataset['state'] = 'waiting';
    this.textContent = '0';
    this.#observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        this.#observer?.disconnect();
        this.#count(target);
      },
      { threshold: 0.5 },
    );
    this.#observer.observe(this);
  }

  disconnectedCallback(): void {
    this.#observer?.disconnect();
  }

  #count(target: number): void {
    this.dataset['state'] = 'counting';
    const start = performance.now();
    const step = (now: number): void => {
      const value = countUpValue(target, now - start, DURATION_MS);
      this.textContent = String(value);
      if (value === target) this.dataset['state'] = 'done';
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }
}

if (!customElements.get('count-up')) customElements.define('count-up', CountUp);
