/** @jest-environment node */
import { SCRIPTS_START_BY_MS, scriptLoader } from './page-scripts';

const SCRIPTS = ['/main.1.js', '/extra.2.js'];

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
  const code = scriptLoader(SCRIPTS);
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

describe('scriptLoader', () => {
  it('cannot close its script element, whatever a file is called', () => {
    expect(scriptLoader(['/</script><x>.js'])).not.toContain('</script>');
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
