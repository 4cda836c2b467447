// The home page's carousel sits below the fold, so react-slick (about 15 KB gzip) is loaded only
// when the visitor scrolls near it. Until then the first testimonial stands in its
// place, in a box of the carousel's size, so nothing moves when the carousel takes over.
import { lazy, Suspense, useRef } from 'react';
import { TestimonialSlide } from './TestimonialSlide';
import type { TestimonialCarouselProps } from './TestimonialCarousel';
import { useNearViewport } from './use-near-viewport';
import styles from './TestimonialCarousel.module.css';

const TestimonialCarousel = lazy(() =>
  import('./TestimonialCarousel').then((module) => ({ default: module.TestimonialCarousel })),
);

/** The first testimonial, in a box the size of the carousel (the others only take up room). */
function FirstTestimonial({ testimonials, labelledBy }: TestimonialCarouselProps) {
  return (
    <div className={styles.carousel} role="region" aria-labelledby={labelledBy}>
      <div className={styles.previewControls} />
      <div className={styles.previewSlides}>
        {testimonials.map((testimonial, index) => (
          <div key={testimonial.name} aria-hidden={index > 0 ? 'true' : undefined}>
            <TestimonialSlide testimonial={testimonial} />
          </div>
        ))}
      </div>
      <div className={styles.previewDots} />
    </div>
  );
}

export function DeferredTestimonialCarousel(props: TestimonialCarouselProps) {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot);
  const preview = <FirstTestimonial {...props} />;
  return (
    <div ref={slot}>
      {near ? (
        <Suspense fallback={preview}>
          <TestimonialCarousel {...props} />
        </Suspense>
      ) : (
        preview
      )}
    </div>
  );
}
