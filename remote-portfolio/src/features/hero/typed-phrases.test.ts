import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { BACK_SPEED_MS, TYPED_PHRASES, TYPE_SPEED_MS } from '../../texts';
import { TypedPhrases } from './TypedPhrases';
import { startTypedPhrases, typePhrases } from './typed-phrases';

/** A matchMedia whose reduced-motion answer the test switches, telling its listeners. */
function controllableMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  let matches = reduce;
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && matches;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    listeners,
    set(next: boolean) {
      matches = next;
      listeners.forEach((listener) => listener());
    },
  };
}

const line = { phrases: TYPED_PHRASES, typeSpeedMs: TYPE_SPEED_MS, backSpeedMs: BACK_SPEED_MS };

describe('the typing line as a script', () => {
  const originalMatchMedia = window.matchMedia;

  beforeEach(() => {
    jest.useFakeTimers();
    // typed.js humanises its speed with Math.random; 0 makes it exact.
    jest.spyOn(Math, 'random').mockReturnValue(0);
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    window.matchMedia = originalMatchMedia;
    document.body.innerHTML = '';
  });

  it("types into the server's HTML of the line, as the home page's script island", () => {
    controllableMotion(false);
    document.body.innerHTML = `<div data-island="portfolio/TypedPhrases">${renderToString(
      createElement(TypedPhrases, line),
    )}</div>`;
    const island = document.body.firstElementChild as HTMLElement;
    const text = island.querySelector('[data-testid="typed-text"]')!;
    startTypedPhrases(island, line);
    jest.advanceTimersByTime(2000);
    expect(text.textContent).not.toBe('');
    expect(TYPED_PHRASES[0].startsWith(text.textContent!)).toBe(true);
  });

  it('stops and empties the line when the visitor switches to reduced motion, and starts again', () => {
    const motion = controllableMotion(false);
    const target = document.createElement('span');
    const stop = typePhrases(target, line);
    jest.advanceTimersByTime(1000);
    expect(target.textContent).not.toBe('');
    motion.set(true);
    expect(target.textContent).toBe('');
    expect(jest.getTimerCount()).toBe(0);
    motion.set(false);
    jest.advanceTimersByTime(1000);
    expect(target.textContent).not.toBe('');
    stop();
    expect(jest.getTimerCount()).toBe(0);
    expect(motion.listeners.size).toBe(0);
  });
});
