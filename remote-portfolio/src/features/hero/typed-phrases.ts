// The hero's typing line, as a script on its element: typed.js types each phrase, backspaces and
// loops, while the visitor's system allows motion. The same code runs in the React component
// (TypedPhrases.tsx, in the client-side app) and as the home page's script island (ADR 148: a
// page of islands loads no React for an animation that takes no input).
//
// The speeds come with the phrases, as the island's props: this module imports none of the
// remote's texts, which would bring the contract's schemas into the home page's first script.
import Typed from 'typed.js';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The element the phrases are typed into, inside the line's markup (TypedPhrases.tsx). */
export const TYPED_TARGET_ATTRIBUTE = 'data-typed-target';

export interface TypingLine {
  phrases: readonly string[];
  /** Milliseconds per character typed, and per character erased. */
  typeSpeedMs: number;
  backSpeedMs: number;
}

/**
 * Types `phrases` into `target` in a loop, and stops (the text emptied) whenever the visitor asks
 * for reduced motion: the stylesheet then shows the phrases as a plain list instead. Returns what
 * stops it for good.
 */
export function typePhrases(
  target: HTMLElement,
  { phrases, typeSpeedMs, backSpeedMs }: TypingLine,
): () => void {
  const motion = window.matchMedia(REDUCED_MOTION);
  let typed: Typed | undefined;
  const update = () => {
    typed?.destroy();
    typed = undefined;
    target.textContent = '';
    if (motion.matches) return;
    typed = new Typed(target, {
      strings: [...phrases],
      typeSpeed: typeSpeedMs,
      backSpeed: backSpeedMs,
      loop: true,
      // Plain text: the phrases are never parsed as HTML.
      contentType: 'null',
      // typed.js's cursor is a sibling that moves as the text grows, which browsers count as
      // layout shift; the caret is the text's own border instead (TypedPhrases.module.css).
      showCursor: false,
    });
  };
  update();
  motion.addEventListener('change', update);
  return () => {
    motion.removeEventListener('change', update);
    typed?.destroy();
    typed = undefined;
  };
}

/** The script island (src/island-scripts.ts): the line the server rendered, set typing. */
export function startTypedPhrases(island: HTMLElement, line: TypingLine): void {
  const target = island.querySelector<HTMLElement>(`[${TYPED_TARGET_ATTRIBUTE}]`);
  if (target) typePhrases(target, line);
}
