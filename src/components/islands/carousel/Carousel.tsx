/**
 * The site's one carousel (APG carousel pattern) over Swiper's React binding: the home slider and
 * the leadership team are both this component with their own slides.
 *
 * - The server renders every slide at its final width ("n of N" labels included), so nothing
 *   moves when Swiper starts; without JavaScript the row scrolls sideways.
 * - Previous, next and pause/play buttons work by keyboard, as do ArrowLeft/ArrowRight anywhere
 *   inside; a visible "1–3 of 4" tells sighted visitors where they are and that there is more.
 * - Rotation every `autoplayMs` pauses while the pointer is over the carousel or focus is inside,
 *   stops when the visitor presses pause, and never starts by itself under reduced motion (the
 *   play button stays, so the visitor may start it). Slide changes are announced only while the
 *   carousel is not rotating by itself.
 */
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
} from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { positionText, startingSlide } from '~/lib/shared/carousel-position';
import 'swiper/css';
import 'swiper/css/a11y';
import './carousel.css';
import { Icon, type IconName } from '../icons';

/** Every word the carousel says; `slide` is a template such as "{index} of {total}". */
interface CarouselLabels {
  region: string;
  previous: string;
  next: string;
  pause: string;
  play: string;
  slide: string;
}

interface Props {
  labels: CarouselLabels;
  slides: readonly ReactNode[];
  /** Slides in view on phones, from 601 px and from 961 px (the CSS uses the same breakpoints). */
  perView?: readonly [phone: number, tablet: number, desktop: number];
  /** Time each position stays in view while rotating, in milliseconds. */
  autoplayMs: number;
  /** `card`: the slides sit on a raised white card (the home hero). */
  variant?: 'plain' | 'card';
}

const TABLET_MIN = 601;
const DESKTOP_MIN = 961;
/** Gap between slides in px (also `--carousel-gap` in carousel.css). */
const GAP_PX = 24;
/** Length of the slide animation in ms; 0 under reduced motion. */
const SPEED_MS = 450;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export default function Carousel({
  labels,
  slides,
  perView = [1, 1, 1],
  autoplayMs,
  variant = 'plain',
}: Props) {
  const id = useId();
  const slidesId = `${id}-slides`;
  const [phone, tablet, desktop] = perView;
  const rootRef = useRef<HTMLDivElement>(null);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [position, setPosition] = useState({ index: 0, inView: phone });
  const [reducedMotion, setReducedMotion] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const ready = swiper !== null;
  const running = ready && autoplayMs > 0 && !stopped && !hovered && !focused;
  const rotation = running ? 'running' : stopped ? 'stopped' : 'paused';

  // Reduced motion: no animation, and rotation waits for the visitor's play.
  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION);
    const apply = () => {
      setReducedMotion(query.matches);
      if (query.matches) setStopped(true);
    };
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);

  // One position at a time: each gets the whole interval, also after a manual change.
  useEffect(() => {
    if (!running || !swiper) return;
    const timer = setTimeout(() => swiper.slideNext(), autoplayMs);
    return () => clearTimeout(timer);
  }, [running, swiper, position.index, autoplayMs]);

  // The slides' container: named for the buttons, announced only while not rotating.
  useEffect(() => {
    if (!swiper) return;
    swiper.wrapperEl.id = slidesId;
    swiper.wrapperEl.setAttribute('aria-live', running ? 'off' : 'polite');
  }, [swiper, slidesId, running]);

  const track = useCallback((instance: SwiperInstance) => {
    setPosition({ index: instance.activeIndex, inView: Number(instance.params.slidesPerView) || 1 });
  }, []);

  // ArrowLeft/ArrowRight from anything focused inside (delegated: the carousel is no widget).
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !swiper) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') swiper.slideNext();
      else if (event.key === 'ArrowLeft') swiper.slidePrev();
      else return;
      event.preventDefault();
    };
    root.addEventListener('keydown', onKeyDown);
    return () => root.removeEventListener('keydown', onKeyDown);
  }, [swiper]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  // Named only once the slides' container carries the id (after Swiper starts).
  const controls = ready ? slidesId : undefined;
  const slideLabel = (index: number) => positionText(labels.slide, index, 1, slides.length);

  return (
    <div
      ref={rootRef}
      className={`carousel carousel--${variant}`}
      data-ready={ready ? '' : undefined}
      data-rotation={ready ? rotation : undefined}
      style={{ '--per-phone': phone, '--per-tablet': tablet, '--per-desktop': desktop } as CSSProperties}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <section className="carousel__region" aria-roledescription="carousel" aria-label={labels.region}>
        <Swiper
          // Until Swiper runs the row scrolls natively: focusable, so keys can scroll it.
          tabIndex={ready ? undefined : 0}
          modules={[A11y]}
          slidesPerView={phone}
          spaceBetween={GAP_PX}
          breakpoints={{ [TABLET_MIN]: { slidesPerView: tablet }, [DESKTOP_MIN]: { slidesPerView: desktop } }}
          rewind
          speed={reducedMotion ? 0 : SPEED_MS}
          a11y={{
            slideLabelMessage: labels.slide
              .replace('{index}', '{{index}}')
              .replace('{total}', '{{slidesLength}}'),
            itemRoleDescriptionMessage: 'slide',
            slideRole: 'group',
          }}
          onSwiper={(instance) => {
            // Before hydrating, <carousel-autoplay> rotated the row by scrolling it: Swiper takes
            // over at the slide in view, its row unscrolled (it moves by transform).
            const row = instance.el;
            const first = instance.slides[0];
            const start = startingSlide(row.scrollLeft, first?.offsetWidth ?? 0, GAP_PX, slides.length);
            row.scrollLeft = 0;
            if (start > 0) instance.slideTo(start, 0, false);
            track(instance);
            setSwiper(instance);
          }}
          onSlideChange={track}
          onBreakpoint={track}
        >
          {slides.map((slide, index) => (
            <SwiperSlide key={index} role="group" aria-roledescription="slide" aria-label={slideLabel(index)}>
              {slide}
            </SwiperSlide>
          ))}
        </Swiper>
        <div className="carousel__controls">
          <p className="carousel__position" aria-hidden="true">
            {positionText(labels.slide, position.index, position.inView, slides.length)}
          </p>
          <ControlButton
            controls={controls}
            label={labels.previous}
            icon="previous"
            onPress={() => swiper?.slidePrev()}
          />
          {autoplayMs > 0 && (
            <ControlButton
              controls={controls}
              label={stopped ? labels.play : labels.pause}
              icon={stopped ? 'play' : 'pause'}
              onPress={() => setStopped(!stopped)}
            />
          )}
          <ControlButton
            controls={controls}
            label={labels.next}
            icon="next"
            onPress={() => swiper?.slideNext()}
          />
        </div>
      </section>
    </div>
  );
}

/** A round icon button of the controls row, named by `label`, acting on the slides. */
function ControlButton({
  controls,
  label,
  icon,
  onPress,
}: {
  controls: string | undefined;
  label: string;
  icon: IconName;
  onPress: () => void;
}) {
  return (
    <button
      type="button"
      className="carousel__button"
      aria-controls={controls}
      aria-label={label}
      onClick={onPress}
    >
      <Icon name={icon} />
    </button>
  );
}
