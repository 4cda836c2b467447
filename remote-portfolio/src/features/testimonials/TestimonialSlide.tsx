import type { TestimonialSettings as Testimonial } from '@portfolio/shared/types';
import styles from './TestimonialCarousel.module.css';

/** One testimonial in its slide frame (the carousel's slides, and the preview before it loads). */
export function TestimonialSlide({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className={styles.slide}>
      <blockquote className={styles.quote}>
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className={styles.author}>
        <span className={styles.name}>{testimonial.name}</span>
        <span className={styles.role}>{testimonial.role}</span>
      </figcaption>
    </figure>
  );
}
