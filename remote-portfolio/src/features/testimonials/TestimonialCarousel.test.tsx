import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setReducedMotion } from '@portfolio/testing';
import { makeSiteSettings } from '@portfolio/testing/fixtures';
import {
  CAROUSEL_AUTOPLAY_MS,
  CAROUSEL_NEXT_LABEL,
  CAROUSEL_PAUSE_LABEL,
  CAROUSEL_PLAY_LABEL,
  CAROUSEL_PREVIOUS_LABEL,
  CAROUSEL_SPEED_MS,
  carouselDotLabel,
} from '../../texts';
import { TestimonialCarousel } from './TestimonialCarousel';

const TESTIMONIALS = makeSiteSettings().portfolio.testimonials;

/** The slide a visitor (and a screen reader) can perceive: react-slick aria-hides the others. */
function shownQuote(): string {
  const slides = screen.getAllByRole('group');
  expect(slides).toHaveLength(1);
  return within(slides[0]!).getByRole('blockquote').textContent ?? '';
}

/**
 * Advances the fake clock in small steps, letting React commit between them as a browser would
 * between tasks (one long act() would hold react-slick's "animation ended" state back).
 */
function tick(ms: number) {
  for (let left = ms; left > 0; left -= 10) {
    act(() => jest.advanceTimersByTime(Math.min(10, left)));
  }
}
/** One autoplay period (react-slick adds 50 ms to its interval). */
const ONE_SLIDE = CAROUSEL_AUTOPLAY_MS + 50;

const focus = (element: HTMLElement) => act(() => element.focus());

function renderCarousel() {
  // No delay between simulated keys: user-event then never runs the fake clock itself, so
  // react-slick's timers only fire inside tick(), where React commits what they change.
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <h2 id="t">Testimonials</h2>
      <TestimonialCarousel testimonials={TESTIMONIALS} labelledBy="t" />
      <button type="button">outside</button>
    </>,
  );
  return user;
}

describe('TestimonialCarousel', () => {
  const originalMatchMedia = window.matchMedia;

  beforeEach(() => {
    jest.useFakeTimers();
    setReducedMotion(false);
  });

  afterEach(() => {
    jest.useRealTimers();
    window.matchMedia = originalMatchMedia;
  });

  it('is a labelled carousel showing one of the three testimonials', () => {
    renderCarousel();
    expect(screen.getByRole('region', { name: 'Testimonials' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    expect(TESTIMONIALS).toHaveLength(3);
    expect(shownQuote()).toBe(TESTIMONIALS[0]!.quote);
  });

  it('moves on by itself every 4000 ms, one slide at a time, and wraps around', () => {
    renderCarousel();
    tick(CAROUSEL_AUTOPLAY_MS - 100);
    expect(shownQuote()).toBe(TESTIMONIALS[0]!.quote);
    tick(100 + CAROUSEL_SPEED_MS);
    expect(shownQuote()).toBe(TESTIMONIALS[1]!.quote);
    tick(ONE_SLIDE);
    expect(shownQuote()).toBe(TESTIMONIALS[2]!.quote);
    tick(ONE_SLIDE);
    expect(shownQuote()).toBe(TESTIMONIALS[0]!.quote);
  });

  it('pauses and plays with its button', async () => {
    const user = renderCarousel();
    await user.click(screen.getByRole('button', { name: CAROUSEL_PAUSE_LABEL }));
    await user.click(screen.getByRole('button', { name: 'outside' }));
    tick(3 * ONE_SLIDE);
    expect(shownQuote()).toBe(TESTIMONIALS[0]!.quote);
    await user.click(screen.getByRole('button', { name: CAROUSEL_PLAY_LABEL }));
    await user.click(screen.getByRole('button', { name: 'outside' }));
    tick(ONE_SLIDE);
    expect(shownQuote()).toBe(TESTIMONIALS[1]!.quote);
  });

  it('goes to the next and previous testimonial by keyboard', async () => {
    // Real timers here: react-slick runs each button's move on a zero-delay timer, which
    // user-event would otherwise fire outside React's act() and leave uncommitted.
    jest.useRealTimers();
    const user = userEvent.setup();
    render(<TestimonialCarousel testimonials={TESTIMONIALS} labelledBy="t" />);
    await user.tab();
    expect(screen.getByRole('button', { name: CAROUSEL_PAUSE_LABEL })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: CAROUSEL_NEXT_LABEL })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shownQuote()).toBe(TESTIMONIALS[1]!.quote));
    // Let the slide finish moving (react-slick ignores presses during its 500 ms animation).
    await act(() => new Promise((resolve) => setTimeout(resolve, CAROUSEL_SPEED_MS + 200)));
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: CAROUSEL_PREVIOUS_LABEL })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shownQuote()).toBe(TESTIMONIALS[0]!.quote));
  });

  it('has a dot per testimonial that goes to it and marks the current one', async () => {
    const user = renderCarousel();
    const third = screen.getByRole('button', { name: carouselDotLabel(2, 3) });
    await user.click(third);
    tick(CAROUSEL_SPEED_MS);
    expect(shownQuote()).toBe(TESTIMONIALS[2]!.quote);
    expect(third).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: carouselDotLabel(0, 3) })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('does not rotate while keyboard focus is inside, and resumes when it leaves', async () => {
    const user = renderCarousel();
    focus(screen.getByRole('button', { name: CAROUSEL_NEXT_LABEL }));
    tick(2 * ONE_SLIDE);
    expect(shownQuote()).toBe(TESTIMONIALS[0]!.quote);
    await user.click(screen.getByRole('button', { name: 'outside' }));
    tick(ONE_SLIDE);
    expect(shownQuote()).toBe(TESTIMONIALS[1]!.quote);
  });

  it('does not rotate while the pointer is over it', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Testimonials' });
    fireEvent.mouseEnter(region);
    tick(2 * ONE_SLIDE);
    expect(shownQuote()).toBe(TESTIMONIALS[0]!.quote);
    fireEvent.mouseLeave(region);
    tick(ONE_SLIDE);
    expect(shownQuote()).toBe(TESTIMONIALS[1]!.quote);
  });

  it('keeps hidden slides out of the tab order and announces changes only when paused', async () => {
    const user = renderCarousel();
    const slides = document.querySelectorAll('.slick-slide');
    expect(slides.length).toBeGreaterThan(3);
    for (const slide of Array.from(slides)) {
      if (slide.classList.contains('slick-active')) continue;
      expect(slide).toHaveAttribute('aria-hidden', 'true');
      expect(slide).toHaveAttribute('tabindex', '-1');
    }
    const live = document.querySelector('[aria-live]');
    expect(live).toHaveAttribute('aria-live', 'off');
    await user.click(screen.getByRole('button', { name: CAROUSEL_PAUSE_LABEL }));
    expect(live).toHaveAttribute('aria-live', 'polite');
  });

  it('starts paused when the visitor prefers reduced motion', () => {
    setReducedMotion(true);
    renderCarousel();
    expect(screen.getByRole('button', { name: CAROUSEL_PLAY_LABEL })).toBeInTheDocument();
    tick(3 * ONE_SLIDE);
    expect(shownQuote()).toBe(TESTIMONIALS[0]!.quote);
  });
});
