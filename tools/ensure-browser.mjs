// Before the browser specs: Debian's chromium must be there (test tools cannot download one
// here). Installs it when missing and this user may; otherwise says how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `No browser at ${chromePath}. Install Debian's chromium (sudo apt-get install -y chromium) or set CHROME_PATH.`,
    );
    process.exit(1);
  }
  console.log(`No browser at ${chromePath}: installing Debian's chromium...`);
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}
