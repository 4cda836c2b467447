// npm run bench:build -- [remote…] [--five-apps] — how long a team waits for a production build
// (docs/decisions/193). For each remote named (every remote by default), `npm run build -- <remote>`:
//   - without the cache (PORTFOLIO_WEBPACK_CACHE=off): every build before the cache;
//   - cold: the first build with the cache, none there yet (a fresh clone);
//   - warm: again, nothing changed;
//   - warm after a one-line change of the remote's texts (a comment line added, then taken out);
//   - with --keep-warm (the kept-warm build process, ADR 196): from an empty cache, the process
//     started by the build, then after the same one-line change;
//   - `npm run dev -w <remote>` (tools/dev.ts --remote): seconds until its dev server answers its
//     standalone page, twice (the second is warm: the development cache written by the first), on
//     ports of the bench's own (BENCH_PORTS: site,api,emulator; default 4700,4720,4730) with a
//     throwaway database, so it runs beside an `npm start`;
// then the five apps together (`npm run build` of the apps) without the cache, first with it and
// warm (with remotes named, only with --five-apps).
// A build without the cache and a warm one must write the same files (compared by hash), or the
// bench fails. The machine's load is recorded before each build: these figures are only
// comparable on a quiet machine. Results in bench-results/build.json (BENCH_RESULTS_DIR:
// elsewhere). It deletes node_modules/.cache/webpack/ first (always safe: ADR 193), and leaves
// production builds in the apps' dist/ (npm run e2e makes its test build again).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTES, appPort } from '@portfolio/platform/apps';
import type { AppInfo } from '@portfolio/platform/apps';
import { ROOT } from '../root';
import { WEBPACK_CACHE_DIR, cacheFoldersOf } from '../webpack/persistent-cache';
import { stopBuildServer } from '../build-server';
import { readCommandLine } from '../command-line';
import {
  BUILD_SCRIPT,
  benchPortBases,
  benchSitePorts,
  throwawayDataEnv,
  waitForUrl,
  writeResults,
} from './bench-site';

interface Timing {
  /** The command's whole time, as the team waits for it (tsx's start and the checks included). */
  seconds: number;
  /** The build's own figure ("Built … in n s": webpack, and the site's server for the shell). */
  webpackSeconds: number | null;
  /** The one-minute load average when it started (2 cores: above 2 the build waits for CPU). */
  load: number;
}

/** Runs `npm run build -- <names>` (this Node, tsx); its timing. */
function timedBuild(label: string, names: string[], cache: boolean): Timing {
  const load = os.loadavg()[0] ?? 0;
  const started = Date.now();
  const output = execFileSync(process.execPath, [...process.execArgv, BUILD_SCRIPT, ...names], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORTFOLIO_WEBPACK_CACHE: cache ? 'on' : 'off' },
  });
  const seconds = (Date.now() - started) / 1000;
  const built = /Built .* in ([\d.]+) s/.exec(output);
  const webpackSeconds = built ? Number(built[1]) : null;
  console.log(
    `[bench] ${label}: ${seconds.toFixed(1)} s (build ${webpackSeconds ?? '?'} s, load ${load.toFixed(2)})`,
  );
  return { seconds, webpackSeconds, load };
}

/**
 * Module Federation's build statistics (`mf-stats.json`) with its lists of names sorted: the
 * order of a shared module's `usedIn` follows the order webpack finished the modules in, which
 * differs from build to build (nothing loads the file; the manifest the site reads does not vary).
 */
function canonicalStats(text: string): string {
  const sortNames = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const items = value.map(sortNames);
      return items.every((item) => typeof item === 'string') ? [...items].sort() : items;
    }
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, sortNames(item)]));
    return value;
  };
  return JSON.stringify(sortNames(JSON.parse(text)));
}

/** A hash of every file a build wrote (its stamp, which holds the time, left out). */
function distHash(app: AppInfo): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (entry === 'mf-stats.json')
        hash.update(path.relative(ROOT, file)).update(canonicalStats(readFileSync(file, 'utf8')));
      else if (entry !== '.build-stamp')
        hash.update(path.relative(ROOT, file)).update(readFileSync(file));
    }
  };
  walk(path.join(ROOT, app.dir, 'dist'));
  return hash.digest('hex');
}

/** Runs `during` with one comment line added to the remote's texts, then takes it out. */
function withOneLineChange<T>(app: AppInfo, during: () => T): T {
  const file = path.join(ROOT, app.dir, 'src', 'texts.ts');
  const before = readFileSync(file, 'utf8');
  writeFileSync(file, `${before}// bench:build, a one-line change (${new Date().toISOString()})\n`);
  try {
    return during();
  } finally {
    writeFileSync(file, before);
  }
}

const DEV_SCRIPT = path.join(ROOT, 'tools', 'dev.ts');

/** The newest modification time of the files of an app's development caches (0: none yet). */
function developmentCacheMtime(app: AppInfo): number {
  let newest = 0;
  for (const dir of cacheFoldersOf(app.name, 'development')) {
    for (const file of readdirSync(dir)) {
      newest = Math.max(newest, statSync(path.join(dir, file)).mtimeMs);
    }
  }
  return newest;
}

/**
 * Waits until a dev server has stored its development cache: webpack stores it once the
 * compiler has been idle for 5 s (idleTimeoutForInitialStore), and a dev server stopped before
 * the store is written leaves the next start cold. Stored: written after the page answered and
 * unchanged for 3 s since, or nothing written for 15 s (at most a minute).
 */
async function developmentCacheStored(app: AppInfo): Promise<void> {
  const answered = Date.now();
  const deadline = answered + 60_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const written = developmentCacheMtime(app);
    if (written > answered && Date.now() - written >= 3_000) return;
    // Nothing to store: nothing was compiled.
    if (written <= answered && Date.now() - answered >= 15_000) return;
  }
  console.log(`[bench] ${app.name}: its development cache was still being written after a minute`);
}

/**
 * Seconds from `npm run dev -w <remote>` (tools/dev.ts --remote, this Node and tsx) to its dev
 * server's first answer for the standalone page, then the dev stack ended (by its process group).
 */
async function timedDevStart(label: string, app: AppInfo, runDir: string): Promise<Timing> {
  const ports = benchPortBases({ site: 4700, api: 4720, emulator: 4730 });
  const env = benchSitePorts(ports.site, ports.api, ports.emulator);
  const load = os.loadavg()[0] ?? 0;
  const started = Date.now();
  const child = spawn(process.execPath, [...process.execArgv, DEV_SCRIPT, '--remote', app.name], {
    cwd: ROOT,
    env: { ...process.env, ...env, ...throwawayDataEnv(runDir) },
    stdio: 'ignore',
    detached: true,
  });
  let seconds = NaN;
  try {
    await waitForUrl(`http://127.0.0.1:${appPort(app, env)}/`, 120_000, {
      intervalMs: 100,
      requestTimeoutMs: 'deadline',
    });
    seconds = (Date.now() - started) / 1000;
    await developmentCacheStored(app);
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
    // What the dev stack started and did not end (a content API still starting under `tsx
    // watch` can outlive it) is in its process group: nothing of a run is left to slow the next.
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group has ended
    }
  }
  console.log(`[bench] ${label}: ${seconds.toFixed(1)} s (load ${load.toFixed(2)})`);
  return { seconds, webpackSeconds: null, load };
}

async function main(): Promise<void> {
  const { values, positionals } = readCommandLine({
    usage: `Usage: npm run bench:build -- [${REMOTES.map((app) => app.name).join('|')}…] [--five-apps]`,
    options: { 'five-apps': { type: 'boolean' } },
    positionals: { max: REMOTES.length, allowed: REMOTES.map((app) => app.name) },
  });
  const remotes = REMOTES.filter(
    (app) => positionals.length === 0 || positionals.includes(app.name),
  );
  // The five apps together: always without names; with names, when asked.
  const fiveApps = positionals.length === 0 || values['five-apps'] === true;
  rmSync(WEBPACK_CACHE_DIR, { recursive: true, force: true });
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  };
  for (const app of remotes) {
    const withoutCache = timedBuild(`${app.name}, without the cache`, [app.name], false);
    const uncachedFiles = distHash(app);
    const cold = timedBuild(`${app.name}, cold (empty cache)`, [app.name], true);
    const warm = timedBuild(`${app.name}, warm (no change)`, [app.name], true);
    if (distHash(app) !== uncachedFiles) {
      throw new Error(`${app.name}: a warm build wrote other files than a build without the cache`);
    }
    const oneLine = withOneLineChange(app, () =>
      timedBuild(`${app.name}, warm after a one-line change`, [app.name], true),
    );
    // The kept-warm build process (ADR 196) from an empty cache, as a fresh clone's first
    // `--keep-warm` build (its caches stored after the answer), then after a one-line change;
    // then ended, its caches stored before the next measure.
    await stopBuildServer();
    rmSync(WEBPACK_CACHE_DIR, { recursive: true, force: true });
    const keptCold = timedBuild(`${app.name}, kept warm, cold`, [app.name, '--keep-warm'], true);
    if (distHash(app) !== uncachedFiles) {
      throw new Error(
        `${app.name}: the kept-warm process wrote other files than a build without the cache`,
      );
    }
    // Its first store (webpack's, 5 s after the build, then as long as it takes) is not timed.
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    // (The one-line change's files differ: the source maps carry the sources, comment included.)
    const keptOneLine = withOneLineChange(app, () =>
      timedBuild(`${app.name}, kept warm, a one-line change`, [app.name, '--keep-warm'], true),
    );
    // The change taken out again: the kept process must write the first files again.
    timedBuild(`${app.name}, kept warm, the change taken out`, [app.name, '--keep-warm'], true);
    if (distHash(app) !== uncachedFiles) {
      throw new Error(`${app.name}: the kept-warm process did not follow the change taken out`);
    }
    await stopBuildServer();
    const runDir = mkdtempSync(path.join(os.tmpdir(), `bench-build-${app.name}-`));
    try {
      const devFirst = await timedDevStart(`${app.name}, npm run dev, first`, app, runDir);
      const devWarm = await timedDevStart(`${app.name}, npm run dev, warm`, app, runDir);
      results[app.name] = {
        withoutCache,
        cold,
        warm,
        oneLine,
        keptCold,
        keptOneLine,
        devFirst,
        devWarm,
      };
    } finally {
      rmSync(runDir, { recursive: true, force: true });
    }
  }
  if (fiveApps) {
    const five = ['shell', ...REMOTES.map((app) => app.name)];
    results.all = {
      withoutCache: timedBuild('five apps, without the cache', five, false),
      cold: timedBuild(
        'five apps, first with the cache (the remotes named already warm)',
        five,
        true,
      ),
      warm: timedBuild('five apps, warm (no change)', five, true),
    };
  }
  console.log(`[bench] results in ${writeResults('build.json', results)}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
