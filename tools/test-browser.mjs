// @ts-check
// The Chromium the browser specs and the skew checks drive: Debian's `chromium-headless-shell`
// (Chromium's old headless mode, the browser Playwright itself runs headless tests in), or
// CHROME_PATH. The benchmarks keep driving the full browser (`chromium`): Lighthouse and the
// navigation timings measure what a visitor's Chromium does. Plain JavaScript: ensure-browser.mjs
// reads it before anything is installed (docs/decisions/156).

/** Debian's package and the binary it installs. */
export const TEST_BROWSER_PACKAGE = 'chromium-headless-shell';
const DEFAULT_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The browser to drive in tests: CHROME_PATH when it is set (another Chromium, the full one
 * included), otherwise Debian's headless shell.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string}
 */
export function testBrowserPath(env = process.env) {
  return env.CHROME_PATH || DEFAULT_PATH;
}
