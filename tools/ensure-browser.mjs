// @ts-check
// Before the tests: Debian's Chromium headless shell (the browser specs, ./test-browser.mjs; test
// tools cannot download one here) and Debian's nginx (the production edge's tests,
// tools/edge.test.ts, and the smoke through it) must be there. Installs what is missing when this
// user may; otherwise says how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { TEST_BROWSER_PACKAGE, testBrowserPath } from './test-browser.mjs';

const needed = [
  {
    what: 'browser',
    path: testBrowserPath(),
    pkg: TEST_BROWSER_PACKAGE,
    env: 'CHROME_PATH',
  },
  { what: 'nginx', path: process.env.NGINX || '/usr/sbin/nginx', pkg: 'nginx', env: 'NGINX' },
];
const missing = needed.filter((tool) => !existsSync(tool.path));
if (missing.length > 0) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    for (const tool of missing) {
      console.error(
        `No ${tool.what} at ${tool.path}. Install Debian's ${tool.pkg} (sudo apt-get install -y ${tool.pkg}) or set ${tool.env}.`,
      );
    }
    process.exit(1);
  }
  const packages = missing.map((tool) => tool.pkg).join(' ');
  console.log(`Installing Debian's ${packages}...`);
  // RUNLEVEL=1: nginx's own service is not started (the tests start their own, unprivileged).
  execSync(
    `apt-get update -qq && RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
    { stdio: 'inherit' },
  );
}
