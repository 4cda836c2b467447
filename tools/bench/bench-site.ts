// What the benches share. The site as a benchmark measures it: exactly what `npm start` serves
// (tools/start.ts --no-build: the five production builds, the content API, the Auth emulator,
// the mail catcher),
// on ports of the benchmark's own with a throwaway database and emulator accounts in `runDir`, so
// it runs beside a live `npm start` (bench:lighthouse, bench:images, bench:navigation,
// bench:scale, bench:ssr). And the rest each bench would otherwise repeat: building what is stale, the
// Chromium the browser benches drive, waiting for a server, writing results.
//   CHROME_PATH         Chromium to drive (default /usr/bin/chromium)
//   BENCH_RESULTS_DIR   where results files go (default bench-results/ at the repository's root)
//   BENCH_PORTS         site,api,emulator: the first ports of a bench's stack instead of its own
//                       (the site takes five from its first, the emulator three, and the
//                       mail catcher the two after the emulator's)
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import type { Browser } from 'playwright';
import { tagPath } from '@portfolio/remote-blog/article-paths';
import { ROOT } from '../root';

/** The stack's entry point and the build, as the benches run them (with this process's loader). */
const START_SCRIPT = path.join(ROOT, 'tools', 'start.ts');
export const BUILD_SCRIPT = path.join(ROOT, 'tools', 'build.ts');

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/** The first ports of a bench's stack: its own defaults, or BENCH_PORTS. */
export function benchPortBases(defaults: { site: number; api: number; emulator: number }): {
  site: number;
  api: number;
  emulator: number;
} {
  const [site, api, emulator] = (process.env.BENCH_PORTS ?? '').split(',').map(Number);
  if (!process.env.BENCH_PORTS) return defaults;
  if (!site || !api || !emulator) {
    throw new Error(
      `BENCH_PORTS is site,api,emulator (three ports), not ${process.env.BENCH_PORTS}`,
    );
  }
  return { site, api, emulator };
}

/**
 * The environment that puts the stack on ports `base` (site) … and `apiPort`, `emulatorPort`
 * (and the two after the emulator's three for the mail catcher: SMTP, then its page).
 */
export function benchSitePorts(
  base: number,
  apiPort: number,
  emulatorPort: number,
): Record<string, string> {
  return {
    SHELL_PORT: String(base),
    PORTFOLIO_PORT: String(base + 1),
    BLOG_PORT: String(base + 2),
    AUTH_PORT: String(base + 3),
    SHOP_PORT: String(base + 4),
    API_PORT: String(apiPort),
    AUTH_EMULATOR_PORT: String(emulatorPort),
    MAIL_SMTP_PORT: String(emulatorPort + 3),
    MAIL_WEB_PORT: String(emulatorPort + 4),
  };
}

export interface BenchSite {
  /** Resolves once every service answers; rejects if the stack exits or takes too long. */
  ready: Promise<void>;
  /** Ends that stack only (by its process). */
  stop: () => Promise<void>;
  /** What the stack printed so far. */
  output: string[];
}

/**
 * Where a bench's stack keeps its data: a fresh seeded database and emulator accounts in
 * `runDir`, never those of the developer's `npm start`.
 */
export function throwawayDataEnv(runDir: string): Record<string, string> {
  return {
    DATA_DIR: path.join(runDir, 'pglite'),
    EMULATOR_DATA_DIR: path.join(runDir, 'emulator'),
  };
}

/** Starts the stack; `ready` resolves once start.ts prints the site's URL. */
export function startBenchSite({
  env,
  runDir,
  timeoutMs = 180_000,
}: {
  env: Record<string, string>;
  runDir: string;
  timeoutMs?: number;
}): BenchSite {
  const child = spawn(process.execPath, [...process.execArgv, START_SCRIPT, '--no-build'], {
    cwd: ROOT,
    env: { ...process.env, ...env, ...throwawayDataEnv(runDir) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const stop = (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      // start.ts stops the API and the emulator it started on SIGINT.
      child.kill('SIGINT');
    });
  };
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the site did not start in ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (/\[start\] site:/.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(`${path.relative(ROOT, START_SCRIPT)} exited (${code}):\n${output.join('')}`),
      );
    });
  });
  return { ready, stop, output };
}

const DEV_ADMIN = { email: 'admin@portfolio.local', password: 'admin-password-123' };

/** The dev admin's ID token from the stack's emulator, once the API has created the account. */
export async function devAdminToken(emulatorPort: number): Promise<string> {
  const url = `http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`;
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...DEV_ADMIN, returnSecureToken: true }),
    });
    if (response.ok) return ((await response.json()) as { idToken: string }).idToken;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the dev admin was not created within 60 s');
}

/** Builds what is stale (tools/build.ts --if-stale), in this process's loader, output shown. */
export function buildIfStale(): void {
  execFileSync(process.execPath, [...process.execArgv, BUILD_SCRIPT, '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/** A headless Chromium (CHROME_PATH) for a browser bench, with that bench's extra flags. */
export function launchChromium(args: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args });
}

/**
 * Waits until `url` answers 2xx, or throws after `timeoutMs`: asks every `intervalMs`, giving
 * each request `requestTimeoutMs` (a dev server holds a request until its first bundle is done:
 * it is given until the deadline with `requestTimeoutMs: 'deadline'`).
 */
export async function waitForUrl(
  url: string,
  timeoutMs = 120_000,
  {
    intervalMs = 500,
    requestTimeoutMs = 2000,
  }: { intervalMs?: number; requestTimeoutMs?: number | 'deadline' } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const wait = requestTimeoutMs === 'deadline' ? deadline - Date.now() : requestTimeoutMs;
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(wait) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer`);
}

/** Where results files go: BENCH_RESULTS_DIR, or bench-results/ (recorded with the repository). */
export const RESULTS_DIR = process.env.BENCH_RESULTS_DIR
  ? path.resolve(process.env.BENCH_RESULTS_DIR)
  : path.join(ROOT, 'bench-results');

/** Writes `data` as JSON to `name` in RESULTS_DIR; returns the file's path, for the log. */
export function writeResults(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, name);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return path.relative(ROOT, file).startsWith('..') ? file : path.relative(ROOT, file);
}

/** The machine a result was measured on, and how busy it was: the load averages, rounded. */
export const loadAverage = () => os.loadavg().map((load) => Number(load.toFixed(2)));

/** The middle of the values (the mean of the two middle ones for an even count; NaN for none). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

export function machineAtStart() {
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    loadAverageAtStart: loadAverage(),
  };
}

/** An article as the benches read the API's list. */
export interface ListedArticle {
  _id: string;
  tags?: string[];
}

/**
 * The API's article list (newest first), asked once a second until it has articles (10 s): the
 * stack may still be filling its database. Throws the last failure.
 */
export async function listedArticles(
  apiPort: number,
): Promise<[ListedArticle, ...ListedArticle[]]> {
  let failure: unknown;
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${apiPort}/api/articles`);
      const articles: unknown = await response.json();
      if (Array.isArray(articles) && articles.length > 0)
        return articles as [ListedArticle, ...ListedArticle[]];
      failure = new Error(`no articles to open (HTTP ${response.status})`);
    } catch (error) {
      failure = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw failure;
}

/**
 * The public pages the reading page's benches measure, as [label, path]: issue 48's seven (the
 * newest article and a tag's page among them), then the site's other public pages.
 */
export function readingPages(articles: [ListedArticle, ...ListedArticle[]]): {
  issue: [string, string][];
  others: [string, string][];
} {
  const id = articles[0]._id;
  const tag = articles.find((article) => article.tags?.[0])?.tags?.[0];
  if (!tag) throw new Error('no article has a tag: there is no tag page to measure');
  return {
    issue: [
      ['/', '/'],
      ['/blog', '/blog'],
      ['/article/{id}', `/article/${id}`],
      ['/portfolio', '/portfolio'],
      ['/about', '/about'],
      ['/store', '/store'],
      ['/tags/{tag}', tagPath(tag)],
    ],
    others: [
      ['/contact', '/contact'],
      ['/articles/{id}', `/articles/${id}`],
      ['/search-article?query=security', '/search-article?query=security'],
      ['/ebook', '/ebook'],
    ],
  };
}
