/**
 * The leadership team (product-spec section 1) in the site's carousel: every 5000 ms, three
 * people at a time on desktops, two on tablets, one on phones.
 */
import type { CollectionEntry } from 'astro:content';
import { carouselText } from '~/content/ui/site';
import { AUTOPLAY_MS } from '~/lib/shared/carousel-position';
import Carousel from './Carousel';
import './team-carousel.css';

/** What a card shows of a leader (the island's props carry nothing more). */
export type Leader = Pick<CollectionEntry<'team'>['data'], 'name' | 'designation' | 'portrait' | 'bio'>;

export default function TeamCarousel({ label, team }: { label: string; team: readonly Leader[] }) {
  const slides = team.map((leader) => (
    <article className="card team-card" key={leader.name}>
      <img
        className="team-card__portrait"
        src={leader.portrait}
        alt=""
        width="320"
        height="320"
        loading="lazy"
      />
      <h3 className="team-card__name">{leader.name}</h3>
      <p className="team-card__role">{leader.designation}</p>
      <p className="team-card__bio">{leader.bio}</p>
    </article>
  ));
  return (
    <Carousel
      perView={[1, 2, 3]}
      autoplayMs={AUTOPLAY_MS}
      slides={slides}
      labels={{ region: label, ...carouselText }}
    />
  );
}
