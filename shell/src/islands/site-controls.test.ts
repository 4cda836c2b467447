// The site's controls (shell/server/site-controls.ts), run as the page runs them: the text of the
// inline script, evaluated on its own, against a page in jsdom.
import { CODE_COPIED_TEXT, CODE_COPY_FAILED_TEXT } from '@portfolio/shared/island-protocol';
import { renderMarkdown } from '@portfolio/shared/markdown';
import { SITE_CONTROLS_OPTIONS, siteControlsScript } from '../../server/site-controls';

const { attribute, themeToggle, themeKey, themeAttribute, themeColors } = SITE_CONTROLS_OPTIONS;

/** The theme the page's cookie holds, as the browser would send it. */
const cookieTheme = () =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${themeKey}=`))
    ?.split('=')[1];
const setCookieTheme = (value: string) => {
  document.cookie = `${themeKey}=${value}; Path=/`;
};
const root = document.documentElement;

let systemLight = false;
let removers: (() => void)[] = [];

/** The head as the server writes it, then the inline script, as the browser runs it. */
function load(body: string) {
  document.head.innerHTML = (['light', 'dark'] as const)
    .map(
      (scheme) =>
        `<meta name="theme-color" content="${themeColors[scheme]}" media="(prefers-color-scheme: ${scheme})" data-scheme="${scheme}">`,
    )
    .join('');
  document.body.innerHTML = body;
  new Function(siteControlsScript())();
}

const metaColors = () =>
  Array.from(document.querySelectorAll('meta[name="theme-color"]'), (meta) =>
    meta.getAttribute('content'),
  );

const toggle = `<button type="button" ${attribute}="${themeToggle}">Theme</button>`;
const press = (selector: string) =>
  document
    .querySelector<HTMLElement>(selector)!
    .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

beforeEach(() => {
  systemLight = false;
  document.cookie = `${themeKey}=; Path=/; Max-Age=0`;
  localStorage.clear();
  root.removeAttribute(themeAttribute);
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: query.includes('light') ? systemLight : !systemLight }),
  });
  // Each script's listeners go with its test.
  removers = [];
  for (const target of [document, window] as EventTarget[]) {
    const add = target.addEventListener.bind(target);
    jest
      .spyOn(target, 'addEventListener')
      .mockImplementation((...args: Parameters<EventTarget['addEventListener']>) => {
        removers.push(() => target.removeEventListener(...args));
        add(...args);
      });
  }
});

afterEach(() => {
  removers.forEach((remove) => remove());
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('the theme', () => {
  it('follows the system until the visitor chooses: no attribute, each scheme its own bar', () => {
    load(toggle);
    expect(root.hasAttribute(themeAttribute)).toBe(false);
    expect(metaColors()).toEqual([themeColors.light, themeColors.dark]);
  });

  it('reads nothing while the page loads: the server wrote the chosen theme on the root', () => {
    setCookieTheme('light');
    const cookie = jest.spyOn(document, 'cookie', 'get');
    const storage = jest.spyOn(Storage.prototype, 'getItem');
    root.setAttribute(themeAttribute, 'light');
    load(toggle);
    expect(cookie).not.toHaveBeenCalled();
    expect(storage).not.toHaveBeenCalled();
    expect(root.getAttribute(themeAttribute)).toBe('light');
  });

  it.each([
    [false, 'light'],
    [true, 'dark'],
  ] as const)(
    'switches away from the system theme (light: %s) to %s, and keeps the choice in its cookie',
    (light, next) => {
      systemLight = light;
      load(toggle);
      press('button');
      expect(root.getAttribute(themeAttribute)).toBe(next);
      expect(metaColors()).toEqual([themeColors[next], themeColors[next]]);
      expect(cookieTheme()).toBe(next);
      press('button');
      expect(root.getAttribute(themeAttribute)).toBe(light ? 'light' : 'dark');
      expect(cookieTheme()).toBe(light ? 'light' : 'dark');
    },
  );

  it('switches the page even where cookies are refused', () => {
    const refused = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    // On the document itself, over the prototype's accessor, until the test ends.
    Object.defineProperty(document, 'cookie', { configurable: true, get: refused, set: refused });
    try {
      load(toggle);
      press('button');
      expect(root.getAttribute(themeAttribute)).toBe('light');
      // Shown again: what it shows stays.
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      expect(root.getAttribute(themeAttribute)).toBe('light');
    } finally {
      Reflect.deleteProperty(document, 'cookie');
    }
  });

  it('follows a choice made elsewhere when the page is shown again from the back-forward cache', () => {
    load(toggle);
    setCookieTheme('light');
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(root.hasAttribute(themeAttribute)).toBe(false);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(root.getAttribute(themeAttribute)).toBe('light');
    expect(metaColors()).toEqual([themeColors.light, themeColors.light]);
  });

  it("follows another tab's choice when the page is shown again, and ignores a value that is no theme", () => {
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    load(toggle);
    setCookieTheme('light');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(root.hasAttribute(themeAttribute)).toBe(false);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(root.getAttribute(themeAttribute)).toBe('light');
    setCookieTheme('red');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(root.hasAttribute(themeAttribute)).toBe(false);
  });
});

describe("a code block's copy button", () => {
  const CODE = 'const a = 1 < 2;\n  echo "$HOME"';
  // As the Markdown renderer writes it (render-markdown.ts).
  const block = renderMarkdown('```ts\nconst a = 1 < 2;\n  echo "$HOME"\n```');
  const status = () => document.querySelector('[role="status"]')!.textContent;

  function clipboard(writeText: ((text: string) => Promise<void>) | undefined) {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: writeText ? { writeText } : undefined,
    });
  }

  it("copies the block's exact text, says so, then clears the message", async () => {
    jest.useFakeTimers();
    const writeText = jest.fn(async () => {});
    clipboard(writeText);
    load(block);
    press('button');
    await Promise.resolve();
    await Promise.resolve();
    expect(writeText).toHaveBeenCalledWith(CODE);
    expect(status()).toBe(CODE_COPIED_TEXT);
    jest.advanceTimersByTime(4000);
    expect(status()).toBe('');
  });

  it('selects the code and says how to copy it when the browser refuses', async () => {
    clipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    load(block);
    press('button');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(status()).toBe(CODE_COPY_FAILED_TEXT);
    expect(getSelection()?.toString()).toBe(CODE);
  });

  it('selects the code where there is no clipboard (a page not served securely)', () => {
    clipboard(undefined);
    load(block);
    press('button');
    expect(status()).toBe(CODE_COPY_FAILED_TEXT);
  });
});
