/**
 * The part of Swiper the home slider uses: the core plus the A11y, Autoplay and Navigation
 * modules. Static named imports so the bundle keeps only these; `home-slider.ts` loads this file
 * on demand.
 */
export { Swiper } from 'swiper';
export { A11y, Autoplay, Navigation } from 'swiper/modules';
