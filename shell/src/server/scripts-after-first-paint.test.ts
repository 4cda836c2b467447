/** @jest-environment node */
import { SCRIPTS_START_BY_MS, scriptsAfterFirstPaint } from '../../page-scripts.mjs';

const HEAD =
  '<head><title>x</title><script defer="defer" src="/main.1.js"></script>' +
  '<script defer="defer" src="/extra.2.js"></script><link rel="stylesheet" href="/a.css"/>';

/** Runs the loader against stand-ins for the browser: returns what it appended, and the hooks. */
function runLoader(readyState: 'loading' | 'complete') {
  const appended: string[] = [];
  const listeners: Record<string, () => void> = {};
  const timers: { ms: number; run: () => void }[] = [];
  const frames: (() => void)[] = [];
  const document = {
    readyState,
    createElement: () => ({ src: '', async: true }),
    head: {
      appendChild: (element: { src: string; async: boolean }) => {
        expect(element.async).toBe(false);
        appended.push(element.src);
      },
    },
  };
  const code = /<script>([\s\S]*)<\/script>$/.exec(scriptsAfterFirstPaint(HEAD))?.[1] ?? '';
  new Function('document', 'addEventListener', 'requestAnimationFrame', 'setTimeout', code)(
    document,
    (type: string, listener: () => void) => (listeners[type] = listener),
    (frame: () => void) => frames.push(frame),
    (run: () => void, ms = 0) => timers.push({ ms, run }),
  );
  const flush = () => {
    while (frames.length || timers.some(({ ms }) => ms === 0)) {
      frames.splice(0).forEach((frame) => frame());
      const due = timers.filter(({ ms }) => ms === 0);
      due.forEach((timer) => timers.splice(timers.indexOf(timer), 1));
      due.forEach(({ run }) => run());
    }
  };
  return { appended, listeners, timers, flush };
}

describe('scriptsAfterFirstPaint', () => {
  it("replaces the template's deferred scripts with one loader and keeps the rest", () => {
    const head = scriptsAfterFirstPaint(HEAD);
    expect(head).not.toContain('defer');
    expect(head).toContain('<title>x</title>');
    expect(head).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(head.match(/<script>/g)).toHaveLength(1);
    expect(scriptsAfterFirstPaint('<head><title>x</title>')).toBe('<head><title>x</title>');
  });

  it('starts the scripts, in order, after the load event and the next frame', () => {
    const page = runLoader('loading');
    page.flush();
    expect(page.appended).toEqual([]);
    page.listeners.load?.();
    page.flush();
    expect(page.appended).toEqual(['/main.1.js', '/extra.2.js']);
    // The fallback timer later does nothing more.
    page.timers.find(({ ms }) => ms === SCRIPTS_START_BY_MS)?.run();
    page.flush();
    expect(page.appended).toHaveLength(2);
  });

  it('starts them at the latest after its time limit, or at once on a loaded page', () => {
    const slow = runLoader('loading');
    slow.timers.find(({ ms }) => ms === SCRIPTS_START_BY_MS)?.run();
    slow.flush();
    expect(slow.appended).toEqual(['/main.1.js', '/extra.2.js']);

    const loaded = runLoader('complete');
    loaded.flush();
    expect(loaded.appended).toEqual(['/main.1.js', '/extra.2.js']);
  });
});
