// npm run bench:build -- [remote…] [--five-apps] — how long a team waits for a production build
// (docs/decisions/193). For each remote named (every remote by default), `npm run build -- <remote>`:
//   - without the cache (PORTFOLIO_WEBPACK_CACHE=off): every build before the cache;
//   - cold: the first build with the cache, none there yet (a fresh clone);
//   - warm: again, nothing changed;
//   - warm after a one-line change of the remote's texts (a comment line added, then taken out);
// then the five apps together (`npm run build` of the apps) without the cache, first with it and
// warm (with remotes named, only with --five-apps).
// A build without the cache and a warm one must write the same files (compared by hash), or the
// bench fails. The machine's load is recorded before each build: these figures are only
// comparable on a quiet machine. Results in bench-results/build.json (BENCH_RESULTS_DIR:
// elsewhere). It deletes node_modules/.cache/webpack/ first (always safe: ADR 193), and leaves
// production builds in the apps' dist/ (npm run e2e makes its test build again).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTES } from '@portfolio/platform/apps';
import type { AppInfo } from '@portfolio/platform/apps';
import { ROOT } from '../root';
import { WEBPACK_CACHE_DIR } from '../webpack/persistent-cache';
import { readCommandLine } from '../command-line';
import { BUILD_SCRIPT, writeResults } from './bench-site';

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

/** A hash of every file a build wrote (its stamp, which holds the time, left out). */
function distHash(app: AppInfo): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
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

function main(): void {
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
    results[app.name] = { withoutCache, cold, warm, oneLine };
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

main();
