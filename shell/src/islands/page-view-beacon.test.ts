// The page-view beacon (shell/server/page-view-beacon.ts, docs/decisions/180), run as the page
// runs it: the island loader's text, evaluated on its own, in jsdom.
import { PageViewSchema, VIEWPORT_MIN_WIDTHS, check } from '@portfolio/contract';
import { islandLoaderScript } from '../../server/island-loader';
import { PAGE_VIEW_BEACON } from '../../server/page-view-beacon';

const sent: { url: string; body: unknown }[] = [];
const listeners: [EventTarget, string, EventListenerOrEventListenerObject][] = [];

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}
function setReferrer(referrer: string) {
  Object.defineProperty(document, 'referrer', { configurable: true, value: referrer });
}
function setPrerendering(prerendering: boolean) {
  Object.defineProperty(document, 'prerendering', { configurable: true, value: prerendering });
}
/** The document's state as the page's head sees it ('loading') or after its load ('complete'). */
function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { configurable: true, value: state });
}

/** The page's inline script, with the beacon when views are counted. */
function runPage(path: string, beacon = true) {
  history.replaceState(null, '', path);
  new Function(
    islandLoaderScript(
      { scripts: ['/main.1.js'], startByMs: 3000 },
      beacon ? PAGE_VIEW_BEACON : undefined,
    ),
  )();
}

beforeEach(() => {
  sent.length = 0;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  setWidth(1280);
  setReferrer('');
  setPrerendering(false);
  setReadyState('complete');
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      sent.push({ url, body: JSON.parse(body) as unknown });
      return true;
    },
  });
  // The page's listeners go with the test.
  for (const target of [document, window] as EventTarget[]) {
    const add = target.addEventListener.bind(target);
    jest
      .spyOn(target, 'addEventListener')
      .mockImplementation((type: string, listener, options?: boolean | AddEventListenerOptions) => {
        if (listener) listeners.push([target, type, listener]);
        add(type, listener, options);
      });
  }
});

afterEach(() => {
  jest.restoreAllMocks();
  for (const [target, type, listener] of listeners.splice(0)) {
    target.removeEventListener(type, listener);
  }
});

it("tells the API once that the page was shown: its path, viewport class, no referrer of the site's own", () => {
  setReferrer(`${location.origin}/blog`);
  runPage('/article/tls-in-practice');
  expect(sent).toEqual([
    { url: '/api/page-views', body: { path: '/article/tls-in-practice', viewport: 'desktop' } },
  ]);
  expect(check(PageViewSchema, sent[0]!.body)).toBe(true);
});

it("sends another site's origin only, never its path or query", () => {
  setReferrer('https://news.example.org/item?id=42&user=ada');
  runPage('/blog');
  expect(sent[0]!.body).toEqual({
    path: '/blog',
    viewport: 'desktop',
    referrer: 'https://news.example.org',
  });
});

it.each([
  [VIEWPORT_MIN_WIDTHS.tablet - 1, 'phone'],
  [VIEWPORT_MIN_WIDTHS.tablet, 'tablet'],
  [VIEWPORT_MIN_WIDTHS.desktop - 1, 'tablet'],
  [VIEWPORT_MIN_WIDTHS.desktop, 'desktop'],
])('counts a window %i pixels wide as a %s', (width, viewport) => {
  setWidth(width);
  runPage('/');
  expect(sent[0]!.body).toEqual({ path: '/', viewport });
});

it("says when the newsletter's link led to the page, and nothing of any other query", () => {
  runPage('/article/tls-in-practice?ref=newsletter&utm_source=mail');
  expect(sent[0]!.body).toEqual({
    path: '/article/tls-in-practice',
    viewport: 'desktop',
    newsletter: true,
  });
  sent.length = 0;
  runPage('/blog?ref=twitter');
  expect(sent[0]!.body).toEqual({ path: '/blog', viewport: 'desktop' });
});

it('counts a prerendered page when it is shown, not when it is prerendered', () => {
  setPrerendering(true);
  runPage('/about');
  expect(sent).toEqual([]);
  setWidth(500);
  setPrerendering(false);
  document.dispatchEvent(new Event('prerenderingchange'));
  expect(sent).toEqual([{ url: '/api/page-views', body: { path: '/about', viewport: 'phone' } }]);
  document.dispatchEvent(new Event('prerenderingchange'));
  expect(sent).toHaveLength(1);
});

it('waits for the load while the page is loading, then sends in a task of its own', () => {
  jest.useFakeTimers();
  try {
    setReadyState('loading');
    runPage('/blog');
    expect(sent).toEqual([]);
    setReadyState('complete');
    window.dispatchEvent(new Event('load'));
    expect(sent).toEqual([]);
    jest.runAllTimers();
    expect(sent).toEqual([
      { url: '/api/page-views', body: { path: '/blog', viewport: 'desktop' } },
    ]);
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(sent).toHaveLength(1);
  } finally {
    jest.useRealTimers();
  }
});

it('counts a visitor who leaves before the load, once', () => {
  jest.useFakeTimers();
  try {
    setReadyState('loading');
    runPage('/about');
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(sent).toEqual([
      { url: '/api/page-views', body: { path: '/about', viewport: 'desktop' } },
    ]);
    window.dispatchEvent(new Event('load'));
    jest.runAllTimers();
    expect(sent).toHaveLength(1);
  } finally {
    jest.useRealTimers();
  }
});

it('counts a page shown again from the back-forward cache, and not a first show twice', () => {
  runPage('/store');
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
  expect(sent).toHaveLength(1);
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  expect(sent).toHaveLength(2);
});

it('leaves nothing in the browser: no cookie, no stored item', () => {
  setReferrer('https://news.example.org/');
  runPage('/article/tls-in-practice?ref=newsletter');
  expect(sent).toHaveLength(1);
  expect(document.cookie).toBe('');
  expect(localStorage.length).toBe(0);
  expect(sessionStorage.length).toBe(0);
});

it('sends nothing when views are not counted (ANALYTICS=off)', () => {
  runPage('/blog', false);
  expect(sent).toEqual([]);
});
