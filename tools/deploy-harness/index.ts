// The deploy harness (./harness.mjs): the site's server over the shop served from a deploy folder
// (tools/deploy.ts), as a process of its own. The redeploy and rollout specs (e2e/deploys/) and
// `npm run bench:rollout` start it here: it is ready when it says so, its log is shown if it
// stops on its own, and stop() ends it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HARNESS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'harness.mjs');
const READY = 'deploy-harness ready';
/** How much of its log is kept to show when it stops on its own. */
const LOG_TAIL_CHARS = 20_000;

export interface DeployHarnessOptions {
  deployRoot: string;
  shellPort: number;
  shopPort: number;
  /** GET /heap and /share-scope (./harness.mjs). */
  controlPort: number;
  /** More of the site's settings (SITE_URL, PREVIEW_SECRET, RENDER_CACHE…). */
  env?: Record<string, string>;
}

export interface DeployHarness {
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

export async function startDeployHarness({
  deployRoot,
  shellPort,
  shopPort,
  controlPort,
  env = {},
}: DeployHarnessOptions): Promise<DeployHarness> {
  const child = spawn(
    process.execPath,
    // --expose-gc for GET /heap; the site's server built from its TypeScript sources.
    ['--expose-gc', '--conditions=@portfolio/source', '--import', 'tsx', HARNESS],
    {
      env: {
        ...process.env,
        ...env,
        DEPLOY_ROOT: deployRoot,
        SHELL_PORT: String(shellPort),
        SHOP_PORT: String(shopPort),
        CONTROL_PORT: String(controlPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Its log (the site's with DEPLOY_HARNESS_LOG=on, on stdout; its errors on stderr), read as it
  // comes so a full pipe never stalls it.
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`deploy-harness exited with ${code}:\n${log}`);
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(READY)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`deploy-harness exited (${code})`)));
  });
  return {
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
