import { useEffect, useRef } from 'react';
import styles from './TypedPhrases.module.css';
import { TYPED_TARGET_ATTRIBUTE, typePhrases } from './typed-phrases';
import type { TypingLine } from './typed-phrases';

export interface TypedPhrasesProps extends TypingLine {
  className?: string;
}

/**
 * Types the phrases one after another, backspacing between them, in a loop (typed-phrases.ts).
 * The phrases are also a list, which screen readers read; when the visitor prefers reduced
 * motion the stylesheet shows that list instead of the animation, from the server's first paint
 * and without any script.
 */
export function TypedPhrases({ phrases, typeSpeedMs, backSpeedMs, className }: TypedPhrasesProps) {
  const target = useRef<HTMLSpanElement>(null);

  useEffect(
    () =>
      target.current
        ? typePhrases(target.current, { phrases, typeSpeedMs, backSpeedMs })
        : undefined,
    [phrases, typeSpeedMs, backSpeedMs],
  );

  return (
    <div className={[styles.typed, className].filter(Boolean).join(' ')}>
      <ul className={styles.list}>
        {phrases.map((phrase) => (
          <li key={phrase}>{phrase}</li>
        ))}
      </ul>
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
          <span
            ref={target}
            className={styles.caret}
            {...{ [TYPED_TARGET_ATTRIBUTE]: '' }}
            data-testid="typed-text"
          />
        </span>
      </span>
    </div>
  );
}
