import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { setReducedMotion } from '@portfolio/testing';
import { BACK_SPEED_MS, TYPE_SPEED_MS, TYPED_PHRASES } from '../../texts';
import { TypedPhrases } from './TypedPhrases';
import { startTypedPhrases, typePhrases } from './typed-phrases';

const line = { phrases: TYPED_PHRASES, typeSpeedMs: TYPE_SPEED_MS, backSpeedMs: BACK_SPEED_MS };
const typedText = () => screen.getByTestId('typed-text').textContent ?? '';
const tick = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('TypedPhrases, and the typing line as a script (typed-phrases.ts)', () => {
  const originalMatchMedia = window.matchMedia;

  beforeEach(() => {
    jest.useFakeTimers();
    // typed.js humanises its speed with Math.random (speed .. 1.5 × speed); 0 makes it exact.
    jest.spyOn(Math, 'random').mockReturnValue(0);
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    window.matchMedia = originalMatchMedia;
    document.body.innerHTML = '';
  });

  it('types at 50 ms per character', () => {
    setReducedMotion(false);
    render(<TypedPhrases {...line} />);
    while (typedText() === '') tick(1);
    tick(10 * TYPE_SPEED_MS);
    // The fake clock adds 1 ms to each zero-delay step of typed.js, hence not exactly 11.
    expect(typedText().length).toBeGreaterThanOrEqual(10);
    expect(typedText().length).toBeLessThanOrEqual(11);
    expect('Find Vulnerabilities'.startsWith(typedText())).toBe(true);
  });

  it('backspaces at 50 ms per character once a phrase is complete', () => {
    setReducedMotion(false);
    render(<TypedPhrases {...line} />);
    while (typedText() !== 'Find Vulnerabilities') tick(1);
    while (typedText() === 'Find Vulnerabilities') tick(1);
    const start = typedText().length;
    tick(10 * BACK_SPEED_MS);
    expect(start - typedText().length).toBeGreaterThanOrEqual(9);
    expect(start - typedText().length).toBeLessThanOrEqual(10);
  });

  it('cycles the four phrases in order and starts again (looped)', () => {
    setReducedMotion(false);
    render(<TypedPhrases {...line} />);
    const completed: string[] = [];
    for (let elapsed = 0; elapsed < 20_000 && completed.length < 6; elapsed += 5) {
      tick(5);
      const text = typedText();
      if ((TYPED_PHRASES as readonly string[]).includes(text) && completed.at(-1) !== text) {
        completed.push(text);
      }
    }
    expect(completed).toEqual([...TYPED_PHRASES, TYPED_PHRASES[0], TYPED_PHRASES[1]]);
  });

  it('reserves the space of every phrase from the first render and lists them for screen readers', () => {
    setReducedMotion(false);
    render(<TypedPhrases {...line} />);
    const stage = screen.getByTestId('typed-stage');
    expect(stage).toHaveAttribute('aria-hidden', 'true');
    for (const phrase of TYPED_PHRASES) expect(stage).toHaveTextContent(phrase);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([...TYPED_PHRASES]);
  });

  it("draws its caret on the text itself, not as typed.js's moving cursor element", () => {
    setReducedMotion(false);
    render(<TypedPhrases {...line} />);
    tick(500);
    expect(typedText()).not.toBe('');
    expect(document.querySelector('.typed-cursor')).toBeNull();
  });

  it('stops typing when unmounted', () => {
    setReducedMotion(false);
    const { unmount } = render(<TypedPhrases {...line} />);
    tick(200);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('does not animate when the visitor prefers reduced motion: the list is the line', () => {
    setReducedMotion(true);
    render(<TypedPhrases {...line} />);
    // The stylesheet shows the list and hides the stage under the media query (the browser
    // specs look at it); here: the phrases are listed and nothing types or waits.
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([...TYPED_PHRASES]);
    tick(1000);
    expect(typedText()).toBe('');
    expect(jest.getTimerCount()).toBe(0);
  });

  it("types into the server's HTML of the line, as the home page's script island", () => {
    setReducedMotion(false);
    document.body.innerHTML = `<div data-island="portfolio/TypedPhrases">${renderToString(
      <TypedPhrases {...line} />,
    )}</div>`;
    const island = document.body.firstElementChild as HTMLElement;
    startTypedPhrases(island, line);
    jest.advanceTimersByTime(2000);
    expect(typedText()).not.toBe('');
    expect(TYPED_PHRASES[0].startsWith(typedText())).toBe(true);
  });

  it('stops and empties the line when the visitor switches to reduced motion, and starts again', () => {
    const motion = setReducedMotion(false);
    const target = document.createElement('span');
    const stop = typePhrases(target, line);
    jest.advanceTimersByTime(1000);
    expect(target.textContent).not.toBe('');
    motion.change(true);
    expect(target.textContent).toBe('');
    expect(jest.getTimerCount()).toBe(0);
    motion.change(false);
    jest.advanceTimersByTime(1000);
    expect(target.textContent).not.toBe('');
    stop();
    expect(jest.getTimerCount()).toBe(0);
    expect(motion.listenerCount()).toBe(0);
  });
});
