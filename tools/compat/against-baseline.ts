// CI: can this commit's builds go live, one app at a time, on a site running the previous main
// build? The previous main build is represented by its five mf-manifest.json files, kept in
// COMPAT_BASELINE_DIR between CI runs (a manifest is all check:compat reads). The order tried
// is the documented one: the shell first, then each remote next to the new shell.
//   tsx tools/compat/against-baseline.ts              check; on main, then keep these manifests
//   COMPAT_ALLOW_LOCKSTEP=1 ...                        report a refusal without failing (a
//                                                      deliberate breaking change, deployed as one release)
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS } from '@portfolio/platform/apps';
import type { AppInfo } from '@portfolio/platform/apps';
import { ROOT } from '../root';
import { checkCompat, loadApp } from './check-compat';
import type { App } from './check-compat';

const BASELINE =
  process.env.COMPAT_BASELINE_DIR ??
  path.join(
    process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
    'portfolio-ci',
    'main-manifests',
  );
const built = (app: AppInfo): string => path.join(ROOT, app.dir, 'dist', 'mf-manifest.json');
const kept = (app: AppInfo): string => path.join(BASELINE, `${app.name}.json`);

function onMain(): boolean {
  try {
    const branch = execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    return branch.trim() === 'main' || process.env.COMPAT_SAVE_BASELINE === '1';
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  for (const app of APPS)
    if (!existsSync(built(app))) throw new Error(`${built(app)} is missing: build first`);
  const refusals: string[] = [];
  if (APPS.every((app) => existsSync(kept(app)))) {
    const baseline = await Promise.all(APPS.map((app) => loadApp(kept(app))));
    const candidates = await Promise.all(APPS.map((app) => loadApp(built(app))));
    const shell = candidates.find((app) => app.manifest.name === 'shell');
    if (!shell) throw new Error("no shell among this build's manifests");
    // The shell first, onto the previous site; then each remote onto the site with the new shell.
    const steps: { candidate: App; live: App[] }[] = [
      { candidate: shell, live: baseline },
      ...candidates
        .filter((app) => app !== shell)
        .map((candidate) => ({
          candidate,
          live: baseline.map((app) => (app.manifest.name === 'shell' ? shell : app)),
        })),
    ];
    for (const { candidate, live } of steps) {
      const { errors } = checkCompat({ live, candidate });
      const name = candidate.manifest.name;
      console.log(`check:compat ${name}: ${errors.length === 0 ? 'can go live' : 'REFUSED'}`);
      refusals.push(...errors.map((error) => `${name}: ${error}`));
    }
  } else {
    console.log(`check:compat: no previous main build in ${BASELINE}; nothing to compare with.`);
  }
  if (refusals.length > 0) {
    console.error(
      `\nThese builds cannot go live one app at a time (shell first):\n${refusals.map((r) => `  - ${r}`).join('\n')}`,
    );
    if (process.env.COMPAT_ALLOW_LOCKSTEP !== '1') {
      console.error('Deliberate (one release of all apps)? Re-run with COMPAT_ALLOW_LOCKSTEP=1.');
      process.exit(1);
    }
  }
  if (onMain()) {
    mkdirSync(BASELINE, { recursive: true });
    for (const app of APPS) copyFileSync(built(app), kept(app));
    console.log(`check:compat: kept this build's manifests in ${BASELINE} for the next run.`);
  }
}

main().catch((error) => {
  console.error(`check:compat: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
});
