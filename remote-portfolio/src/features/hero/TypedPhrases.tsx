import { useEffect, useRef } from 'react';
import Typed from 'typed.js';
import { BACK_SPEED_MS, TYPE_SPEED_MS } from '../../texts';
import { usePrefersReducedMotion } from '../motion/use-prefers-reduced-motion';
import styles from './TypedPhrases.module.css';

export interface TypedPhrasesProps {
  phrases: readonly string[];
  className?: string;
}

/**
 * Types the phrases one after another, backspacing between them, in a loop. Screen readers get
 * the phrases once as plain text; with reduced motion everyone does, as a static list.
 */
export function TypedPhrases({ phrases, className }: TypedPhrasesProps) {
  const reducedMotion = usePrefersReducedMotion();
  const target = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (reducedMotion || !target.current) return;
    const typed = new Typed(target.current, {
      strings: [...phrases],
      typeSpeed: TYPE_SPEED_MS,
      backSpeed: BACK_SPEED_MS,
      loop: true,
      // Plain text: the phrases are never parsed as HTML.
      contentType: 'null',
      // typed.js's cursor is a sibling that moves as the text grows, which browsers count as
      // layout shift; the caret is the text's own border instead (TypedPhrases.module.css).
      showCursor: false,
    });
    return () => typed.destroy();
  }, [reducedMotion, phrases]);

  if (reducedMotion) {
    return (
      <ul className={[styles.static, className].filter(Boolean).join(' ')}>
        {phrases.map((phrase) => (
          <li key={phrase}>{phrase}</li>
        ))}
      </ul>
    );
  }

  return (
    <span className={[styles.typed, className].filter(Boolean).join(' ')}>
      <span className="visually-hidden">{phrases.join(', ')}</span>
      {/* Every phrase sits invisibly in the same grid cell as the animation, so the box is as
          tall and wide as the longest one from the first render: typing never moves the page. */}
      <span className={styles.stage} aria-hidden="true" data-testid="typed-stage">
        {phrases.map((phrase) => (
          <span key={phrase} className={styles.reserve}>
            {phrase}
          </span>
        ))}
        {/* An inline span in a block grid item, so its caret border ends where the text does. */}
        <span>
          <span ref={target} className={styles.caret} data-testid="typed-text" />
        </span>
      </span>
    </span>
  );
}
