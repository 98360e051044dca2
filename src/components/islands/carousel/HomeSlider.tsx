/**
 * The home hero's three slides, each with its picture, heading, sentence and Order Now link, in
 * the site's carousel.
 */
import type { CollectionEntry } from 'astro:content';
import { actionHref } from '~/lib/shared/routes';
import { AUTOPLAY_MS } from '~/lib/shared/carousel-position';
import Carousel from './Carousel';
import './home-slider.css';

type Slider = CollectionEntry<'home'>['data']['slider'];

export default function HomeSlider({ slider }: { slider: Slider }) {
  const slides = slider.slides.map((slide, index) => (
    <div className="home-slide" key={slide.title}>
      <img
        className="home-slide__art"
        src={slide.image.src}
        alt=""
        width={slide.image.width}
        height={slide.image.height}
        loading={index === 0 ? 'eager' : 'lazy'}
        decoding="async"
      />
      <div className="home-slide__body">
        <h2 className="home-slide__title">{slide.title}</h2>
        <p className="home-slide__text">{slide.text}</p>
        <a className="button button--primary home-slide__action" href={actionHref(slide.action)}>
          {slide.action.label}
          <span className="visually-hidden">: {slide.title}</span>
        </a>
      </div>
    </div>
  ));
  return (
    <Carousel
      variant="card"
      autoplayMs={AUTOPLAY_MS}
      slides={slides}
      labels={{
        region: slider.label,
        previous: slider.previousLabel,
        next: slider.nextLabel,
        pause: slider.pauseLabel,
        play: slider.playLabel,
        slide: slider.slideLabel,
      }}
    />
  );
}
