// The inline island loader (shell/server/island-loader.ts), run as the page runs it: its text,
// evaluated on its own, against a page of islands in jsdom.
import { islandLoaderScript } from '../../server/island-loader';
import {
  ISLAND_LOADER_PROTOCOL as PROTOCOL,
  ISLAND_SCRIPTS_FILE,
  SITE_CONTROLS,
} from '@portfolio/shared/island-protocol';
import { SITE_DATA_ELEMENT_ID } from '../site-data';

const SCRIPTS = ['/main.1.js', '/extra.2.js'];

type Observed = { callback: IntersectionObserverCallback; targets: Set<Element> };
let observers: Observed[] = [];

class FakeIntersectionObserver {
  private readonly observed: Observed;
  constructor(callback: IntersectionObserverCallback) {
    this.observed = { callback, targets: new Set() };
    observers.push(this.observed);
  }
  observe(target: Element) {
    this.observed.targets.add(target);
  }
  unobserve(target: Element) {
    this.observed.targets.delete(target);
  }
  disconnect() {
    this.observed.targets.clear();
  }
}

function scrollIntoView(target: Element) {
  for (const { callback, targets } of observers) {
    if (!targets.has(target)) continue;
    callback(
      [{ target, isIntersecting: true } as unknown as IntersectionObserverEntry],
      {} as IntersectionObserver,
    );
  }
}

const appended = () =>
  Array.from(document.head.querySelectorAll('script[src]'), (script) => script.getAttribute('src'));

/** The page's island key, as the server writes it (docs/decisions/161). */
const KEY = 'Xq3v9RkT2mWbZc7LpN4dHg';

/** The page's data block in the head, as the server writes it. */
const siteData = ({
  remotes = {},
  islandKey = KEY,
}: { remotes?: Record<string, string>; islandKey?: string } = {}) =>
  `<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">${JSON.stringify({ config: { remotes }, islandKey })}</script>`;

function page(body: string, data: Parameters<typeof siteData>[0] = {}) {
  document.head.innerHTML = siteData(data);
  document.body.innerHTML = body;
  delete document.documentElement.dataset.hydrated;
  // The page's own inline script, as the browser runs it: its text alone.
  new Function(islandLoaderScript({ scripts: SCRIPTS, startByMs: 3000 }))();
}

/** An island as the server renders it: its key is an id React made with the page's key. */
const island = (name: string, when: string, inner: string, key = `_${KEY}R_1_`) =>
  `<div data-island="${name}" data-island-key="${key}" data-island-when="${when}" data-island-props="{}">${inner}</div>`;

// The loader listens on the document: each test's listeners go with the test.
type Added = [
  string,
  EventListenerOrEventListenerObject,
  boolean | AddEventListenerOptions | undefined,
];
let added: Added[] = [];
const addToDocument = document.addEventListener.bind(document);

beforeEach(() => {
  added = [];
  jest.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    added.push([type, listener, options]);
    addToDocument(type, listener, options);
  });
  observers = [];
  Object.defineProperty(window, 'IntersectionObserver', {
    configurable: true,
    value: FakeIntersectionObserver,
  });
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 0 });
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  for (const [type, listener, options] of added) {
    document.removeEventListener(type, listener, options);
  }
});

it('arms an island pressed while the page is still arriving (listening on the document)', () => {
  document.head.innerHTML = siteData();
  document.body.innerHTML = '';
  new Function(islandLoaderScript({ scripts: SCRIPTS, startByMs: 3000 }))();
  // Parsed after the loader ran, before anything armed it.
  document.body.innerHTML = island(
    'shell/Navbar',
    'interaction',
    '<button type="button">Menu</button>',
  );
  const press = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  document.querySelector('button')!.dispatchEvent(press);
  expect(press.defaultPrevented).toBe(true);
  expect(document.querySelector('[data-island]')!.hasAttribute(PROTOCOL.awake)).toBe(true);
  expect(appended()).toEqual(SCRIPTS);
});

describe('the island loader', () => {
  it("leaves a control the page's script runs itself alone: no wake, no fetch, no replay", () => {
    page(
      island(
        'shell/Navbar',
        'interaction',
        `<button type="button" ${SITE_CONTROLS.attribute}="${SITE_CONTROLS.themeToggle}">Theme</button>`,
      ),
    );
    const toggle = document.querySelector('button')!;
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    for (const type of ['pointerover', 'pointerdown', 'focusin']) {
      toggle.dispatchEvent(new Event(type, { bubbles: true }));
    }
    toggle.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(false);
    expect(toggle.hasAttribute(PROTOCOL.replay)).toBe(false);
    expect(document.querySelector('[data-island]')!.hasAttribute(PROTOCOL.awake)).toBe(false);
    expect(appended()).toEqual([]);
  });

  it('fetches no script before the visitor does anything, and says the page is live', () => {
    page(
      island('shell/Navbar', 'interaction', '<button type="button">Menu</button>') +
        island('portfolio/Form', 'visible', '<form><input name="a"/></form>'),
    );
    jest.runAllTimers();
    expect(appended()).toEqual([]);
    expect(document.documentElement.dataset.hydrated).toBe('islands');
  });

  it('wakes an interaction island at the first press, fetching the scripts once, in order', () => {
    page(island('shell/Navbar', 'interaction', '<button type="button">Menu</button>'));
    const woken: Element[] = [];
    document.addEventListener(PROTOCOL.wakeEvent, (event) =>
      woken.push((event as CustomEvent<Element>).detail),
    );
    const element = document.querySelector('[data-island]')!;
    const button = element.querySelector('button')!;
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    button.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(woken).toEqual([element]);
    expect(element.hasAttribute(PROTOCOL.awake)).toBe(true);
    expect(appended()).toEqual(SCRIPTS);
  });

  it('fetches the code ahead when a pointer rests over an island, without waking it', () => {
    page(island('shell/Navbar', 'interaction', '<button type="button">Menu</button>'));
    const element = document.querySelector('[data-island]')!;
    element.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(appended()).toEqual(SCRIPTS);
    expect(element.hasAttribute(PROTOCOL.awake)).toBe(false);
  });

  it('keeps a press on a button for the hydrated island, and lets a link navigate by itself', () => {
    page(
      island(
        'shell/Navbar',
        'interaction',
        '<button type="button"><span>Menu</span></button><a href="/blog">Blog</a>',
      ),
    );
    const label = document.querySelector('button span')!;
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    label.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
    expect(document.querySelector('button')!.hasAttribute(PROTOCOL.replay)).toBe(true);

    const follow = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')!.dispatchEvent(follow);
    expect(follow.defaultPrevented).toBe(false);
  });

  it('leaves presses alone once the island is live', () => {
    page(island('shell/Navbar', 'interaction', '<button type="button">Menu</button>'));
    document.querySelector('[data-island]')!.setAttribute(PROTOCOL.live, '');
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('button')!.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(false);
    expect(document.querySelector(`[${PROTOCOL.replay}]`)).toBeNull();
  });

  it('wakes a visible island when its content comes into view (its own element has no box)', () => {
    page(island('portfolio/Form', 'visible', '<form><input name="a"/></form>'));
    expect(appended()).toEqual([]);
    scrollIntoView(document.querySelector('form')!);
    expect(document.querySelector('[data-island]')!.hasAttribute(PROTOCOL.awake)).toBe(true);
    expect(appended()).toEqual(SCRIPTS);
  });

  it('wakes a load island after the page has loaded and painted', () => {
    page(island('portfolio/TypedPhrases', 'load', '<span>Hello</span>'));
    // jsdom's document is complete already: the next frame, then a task.
    expect(appended()).toEqual([]);
    jest.runAllTimers();
    expect(document.querySelector('[data-island]')!.hasAttribute(PROTOCOL.awake)).toBe(true);
    expect(appended()).toEqual(SCRIPTS);
  });

  describe('a script island', () => {
    const MANIFEST = 'http://localhost:3000/remotes/portfolio/v/abc123/mf-manifest.json';
    const FILE = `http://localhost:3000/remotes/portfolio/v/abc123/${ISLAND_SCRIPTS_FILE}`;
    const scriptIsland = (name: string, when = 'load') =>
      island(name, when, '<span>Hello</span>').replace('<div ', '<div data-island-script ');

    it("runs from its owner's island scripts file, beside the manifest that rendered the page, with no script of the shell's", () => {
      page(scriptIsland('portfolio/TypedPhrases') + scriptIsland('portfolio/Other'), {
        remotes: { portfolio: MANIFEST },
      });
      const woken: Element[] = [];
      document.addEventListener(PROTOCOL.scriptWakeEvent, (event) =>
        woken.push((event as CustomEvent<Element>).detail),
      );
      document.addEventListener(PROTOCOL.wakeEvent, () => {
        throw new Error('handed to the shell');
      });
      jest.runAllTimers();
      const islands = Array.from(document.querySelectorAll('[data-island]'));
      expect(woken).toEqual(islands);
      for (const element of islands) {
        expect(element.getAttribute(PROTOCOL.awake)).toBe(PROTOCOL.scriptAwake);
      }
      // Added once for the owner, and nothing else; told the page's key.
      expect(appended()).toEqual([FILE]);
      expect(document.head.querySelector('script[src]')!.getAttribute('data-island-key')).toBe(KEY);
    });

    it("finds its owner's file after the shell's scripts took the data block out of the page", () => {
      page(scriptIsland('portfolio/TypedPhrases', 'visible'), { remotes: { portfolio: MANIFEST } });
      document.getElementById(SITE_DATA_ELEMENT_ID)!.remove();
      scrollIntoView(document.querySelector('[data-island] span')!);
      expect(appended()).toEqual([FILE]);
    });

    it("goes to the shell's scripts when its owner's file cannot be loaded", () => {
      page(scriptIsland('portfolio/TypedPhrases'), { remotes: { portfolio: MANIFEST } });
      const woken: Element[] = [];
      document.addEventListener(PROTOCOL.wakeEvent, (event) =>
        woken.push((event as CustomEvent<Element>).detail),
      );
      jest.runAllTimers();
      document.head.querySelector('script[src]')!.dispatchEvent(new Event('error'));
      const element = document.querySelector('[data-island]')!;
      expect(woken).toEqual([element]);
      expect(element.getAttribute(PROTOCOL.awake)).toBe('');
      expect(appended()).toEqual([FILE, ...SCRIPTS]);
    });

    it("goes to the shell's scripts when the page names no manifest for its owner", () => {
      page(scriptIsland('portfolio/TypedPhrases'), { remotes: { blog: MANIFEST } });
      jest.runAllTimers();
      expect(document.querySelector('[data-island]')!.getAttribute(PROTOCOL.awake)).toBe('');
      expect(appended()).toEqual(SCRIPTS);
    });
  });

  it("keeps the navbar's scrolled style past its threshold without any script", () => {
    page(
      island(
        'shell/Navbar',
        'interaction',
        '<header data-scroll-flag="50" data-scrolled="false"></header>',
      ),
    );
    const header = document.querySelector('header')!;
    window.scrollY = 50;
    window.dispatchEvent(new Event('scroll'));
    expect(header.dataset.scrolled).toBe('false');
    window.scrollY = 51;
    window.dispatchEvent(new Event('scroll'));
    expect(header.dataset.scrolled).toBe('true');
    expect(appended()).toEqual([]);
  });
  describe("only the server's islands (docs/decisions/161)", () => {
    const forgeries = [
      ['no key', island('shell/Navbar', 'load', '<button type="button">x</button>', '')],
      [
        'another key',
        island('shell/Navbar', 'load', '<button type="button">x</button>', '_Zz9R_1_'),
      ],
      ['a key that names the page', island('shell/Navbar', 'load', '<b>x</b>', 'site-data')],
    ] as const;

    it.each(forgeries)(
      'wakes, flags and fetches nothing for an element with %s, however it is touched',
      (_what, forged) => {
        page(
          forged +
            island('portfolio/Form', 'visible', '<p>real</p>').replace('portfolio/Form', 'x/y') +
            forged.replace(
              '<button type="button">x</button>',
              '<header data-scroll-flag="0"></header>',
            ),
        );
        const woken: unknown[] = [];
        for (const type of [PROTOCOL.wakeEvent, PROTOCOL.scriptWakeEvent]) {
          document.addEventListener(type, (event) => woken.push((event as CustomEvent).detail));
        }
        const forgedElements = Array.from(
          document.querySelectorAll('[data-island="shell/Navbar"]'),
        );
        for (const element of forgedElements) {
          const target = element.firstElementChild ?? element;
          for (const type of ['pointerover', 'pointerdown', 'keydown', 'focusin']) {
            target.dispatchEvent(new Event(type, { bubbles: true }));
          }
          const press = new MouseEvent('click', { bubbles: true, cancelable: true });
          target.dispatchEvent(press);
          expect(press.defaultPrevented).toBe(false);
          scrollIntoView(target);
        }
        window.scrollY = 100;
        window.dispatchEvent(new Event('scroll'));
        jest.runAllTimers();
        expect(woken).toEqual([]);
        expect(appended()).toEqual([]);
        for (const element of forgedElements) {
          expect(element.hasAttribute(PROTOCOL.awake)).toBe(false);
        }
        expect(document.querySelector('[data-scrolled], [data-island-replay]')).toBeNull();
      },
    );

    it("wakes nothing on a page whose head says no key, or a key too short, or only the body's block says one", () => {
      for (const data of [{ islandKey: '' }, { islandKey: 'R' }, { islandKey: 'short-key' }]) {
        page(island('shell/Navbar', 'load', '<b>x</b>', `_${data.islandKey}R_1_`), data);
        jest.runAllTimers();
        expect(appended()).toEqual([]);
      }
      // A block in the body (where content is) is never the page's.
      page(island('shell/Navbar', 'load', '<b>x</b>', '_ForgedKeyForgedKeyForgedR_1_'), {
        islandKey: '',
      });
      document.body.insertAdjacentHTML(
        'afterbegin',
        siteData({ islandKey: 'ForgedKeyForgedKeyForged' }),
      );
      jest.runAllTimers();
      expect(appended()).toEqual([]);
    });

    it("wakes the server's island beside a forged one of the same name", () => {
      page(
        island('shell/Navbar', 'interaction', '<button type="button">forged</button>', '') +
          island('shell/Navbar', 'interaction', '<button type="button">real</button>'),
      );
      const [forged, real] = Array.from(document.querySelectorAll('button'));
      forged!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      expect(appended()).toEqual([]);
      real!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      expect(real!.closest('[data-island]')!.hasAttribute(PROTOCOL.awake)).toBe(true);
      expect(forged!.closest('[data-island]')!.hasAttribute(PROTOCOL.awake)).toBe(false);
      expect(appended()).toEqual(SCRIPTS);
    });
  });
});
