import { useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent } from 'react';
import Slider from 'react-slick';
import type { Settings } from 'react-slick';
// The base layout of react-slick. slick-theme.css is left out: it pulls a web font and a GIF
// for arrows and dots this carousel draws itself (see TestimonialCarousel.module.css).
import 'slick-carousel/slick/slick.css';
import type { TestimonialSettings as Testimonial } from '@portfolio/shared/types';
import {
  CAROUSEL_AUTOPLAY_MS,
  CAROUSEL_NEXT_LABEL,
  CAROUSEL_PAUSE_LABEL,
  CAROUSEL_PLAY_LABEL,
  CAROUSEL_PREVIOUS_LABEL,
  CAROUSEL_SLIDES_TO_SHOW,
  CAROUSEL_SPEED_MS,
  carouselDotLabel,
} from '../../texts';
import { usePrefersReducedMotion } from '../motion/use-prefers-reduced-motion';
import { TestimonialSlide } from './TestimonialSlide';
import styles from './TestimonialCarousel.module.css';

export interface TestimonialCarouselProps {
  testimonials: readonly Testimonial[];
  /** id of the heading that names the carousel. */
  labelledBy: string;
}

/**
 * The testimonial carousel (spec: autoplay every 4000 ms, 500 ms speed, one slide at a time).
 * Follows the WAI-ARIA carousel pattern: a visible pause/play button, previous/next buttons,
 * rotation pauses while the pointer is over it or keyboard focus is in it, hidden slides are
 * aria-hidden and out of the tab order (react-slick does that), and slide changes are announced
 * only while it is not rotating by itself. With reduced motion it starts paused.
 */
export function TestimonialCarousel({ testimonials, labelledBy }: TestimonialCarouselProps) {
  const slider = useRef<Slider>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [pausedByUser, setPausedByUser] = useState(reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [current, setCurrent] = useState(0);
  const slidesId = useId();
  const rotating = !pausedByUser && !hovered && !focused;
  const count = testimonials.length;

  // react-slick keeps its own autoplay timer; drive it through its pause/play methods only, so
  // there is one source of truth (its pauseOn* options are off).
  useEffect(() => {
    if (rotating) slider.current?.slickPlay();
    else slider.current?.slickPause();
  }, [rotating]);

  const onFocus = (event: FocusEvent) => {
    // Focusing the pause/play button itself must not pause: pressing it would then look broken.
    if (event.target !== toggleRef.current) setFocused(true);
    else setFocused(false);
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const settings: Settings = {
    autoplay: true,
    autoplaySpeed: CAROUSEL_AUTOPLAY_MS,
    speed: CAROUSEL_SPEED_MS,
    slidesToShow: CAROUSEL_SLIDES_TO_SHOW,
    slidesToScroll: 1,
    infinite: true,
    arrows: false,
    dots: true,
    pauseOnHover: false,
    pauseOnFocus: false,
    pauseOnDotsHover: false,
    beforeChange: (_from, to) => setCurrent(to),
    dotsClass: styles.dots,
    customPaging: (index) => (
      <button
        type="button"
        aria-label={carouselDotLabel(index, count)}
        aria-current={index === current ? 'true' : undefined}
      />
    ),
  };

  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-labelledby={labelledBy}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className={styles.controls}>
        <button
          ref={toggleRef}
          type="button"
          className={styles.control}
          onClick={() => setPausedByUser((paused) => !paused)}
        >
          <span aria-hidden="true">{pausedByUser ? '▶' : '❚❚'}</span>{' '}
          {pausedByUser ? CAROUSEL_PLAY_LABEL : CAROUSEL_PAUSE_LABEL}
        </button>
        <button
          type="button"
          className={styles.control}
          aria-controls={slidesId}
          aria-label={CAROUSEL_PREVIOUS_LABEL}
          onClick={() => slider.current?.slickPrev()}
        >
          <span aria-hidden="true">←</span>
        </button>
        <button
          type="button"
          className={styles.control}
          aria-controls={slidesId}
          aria-label={CAROUSEL_NEXT_LABEL}
          onClick={() => slider.current?.slickNext()}
        >
          <span aria-hidden="true">→</span>
        </button>
      </div>
      <div id={slidesId} aria-live={rotating ? 'off' : 'polite'} className={styles.slides}>
        <Slider ref={slider} {...settings}>
          {testimonials.map((testimonial, index) => (
            <div
              key={testimonial.name}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
            >
              <TestimonialSlide testimonial={testimonial} />
            </div>
          ))}
        </Slider>
      </div>
    </div>
  );
}
