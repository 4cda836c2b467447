// The site as a benchmark measures it: exactly what `npm start` serves (tools/start.ts
// --no-build: the five production builds, the content API, the Auth emulator), on ports of the
// benchmark's own with a throwaway database and emulator accounts in `runDir`, so it runs beside
// a live `npm start`. Used by bench:lighthouse, bench:images and bench:scale.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../root.ts';

/** The environment that puts the stack on ports `base` (site) … and `apiPort`, `emulatorPort`. */
export function benchSitePorts(base, apiPort, emulatorPort) {
  return {
    SHELL_PORT: String(base),
    PORTFOLIO_PORT: String(base + 1),
    BLOG_PORT: String(base + 2),
    AUTH_PORT: String(base + 3),
    SHOP_PORT: String(base + 4),
    API_PORT: String(apiPort),
    AUTH_EMULATOR_PORT: String(emulatorPort),
  };
}

/**
 * Starts the stack and resolves once start.ts prints the site's URL (every service answers).
 * Returns `stop()`, which ends that stack only (by its process), and what it printed so far.
 * @param {{ env: Record<string, string>, runDir: string, timeoutMs?: number }} options
 */
export function startBenchSite({ env, runDir, timeoutMs = 180_000 }) {
  const child = spawn(
    process.execPath,
    [...process.execArgv, path.join(ROOT, 'tools', 'start.ts'), '--no-build'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        // A fresh seeded database and emulator accounts, never those of the developer's `npm start`.
        DATA_DIR: path.join(runDir, 'pglite'),
        EMULATOR_DATA_DIR: path.join(runDir, 'emulator'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = [];
  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve(undefined);
      });
      // start.ts stops the API and the emulator it started on SIGINT.
      child.kill('SIGINT');
    });
  };
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the site did not start in ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    child.stdout.on('data', (chunk) => {
      output.push(chunk.toString());
      if (/\[start\] site:/.test(chunk.toString())) {
        clearTimeout(timer);
        resolve(undefined);
      }
    });
    child.stderr.on('data', (chunk) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`tools/start.ts exited (${code}):\n${output.join('')}`));
    });
  });
  return { ready, stop, output };
}

const DEV_ADMIN = { email: 'admin@portfolio.local', password: 'admin-password-123' };

/** The dev admin's ID token from the stack's emulator, once the API has created the account. */
export async function devAdminToken(emulatorPort) {
  const url = `http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`;
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...DEV_ADMIN, returnSecureToken: true }),
    });
    if (response.ok) return (await response.json()).idToken;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the dev admin was not created within 60 s');
}
