// npm run types — the types of what a remote exposes (docs/decisions/194).
//   npm run types -- <remote>                 makes its build's types (dist/@mf-types.zip,
//                                             advertised in its mf-manifest.json; kept by a hash
//                                             of their sources) and checks them against the shell
//   npm run types -- <remote> --from-site [--version <id>] [--site <origin>]
//                                             fetches the live version's types (or a kept
//                                             version's) from the site, unpacks them into
//                                             @mf-types/<remote>/ for a team's own tooling, and
//                                             checks them against this checkout's shell
import path from 'node:path';
import { REMOTES } from '@portfolio/platform/apps';
import { loadSettingsFile } from '@portfolio/platform/settings';
// By path: the platform's package names no entry for it (docs/decisions/147).
import { readStackSettings } from './stack/settings';
import { readCommandLine } from './command-line';
import {
  checkTypesAgainstShell,
  exposedModules,
  fetchTypes,
  publishExposedTypes,
  unpackTypes,
} from './compat/exposed-types';
import { ROOT } from './root';
import { readFileSync } from 'node:fs';

const USAGE = `Usage: npm run types -- <${REMOTES.map((app) => app.name).join('|')}> [--from-site [--version <id>] [--site <origin>]]`;

async function main(): Promise<void> {
  const { values, positionals } = readCommandLine({
    usage: USAGE,
    options: {
      'from-site': { type: 'boolean' },
      version: { type: 'string' },
      site: { type: 'string' },
    },
    positionals: { min: 1, max: 1, allowed: REMOTES.map((app) => app.name) },
  });
  if (!values['from-site'] && (values.version !== undefined || values.site !== undefined)) {
    console.error(`--version and --site go with --from-site\n${USAGE}`);
    process.exit(2);
  }
  const app = REMOTES.find((remote) => remote.name === positionals[0])!;
  const exposes = Object.keys(exposedModules(app));
  let zip: Buffer;
  if (values['from-site']) {
    loadSettingsFile(process.env);
    const settings = readStackSettings(process.env);
    const site = values.site ?? settings.SITE_URL ?? `http://localhost:${settings.SHELL_PORT}`;
    zip = await fetchTypes(site, app.name, values.version);
    const where = unpackTypes(zip, app.name);
    console.log(
      `${app.name}: the ${values.version ? `version ${values.version}` : 'live version'}'s types ` +
        `from ${site} are in ${path.relative(ROOT, where)}/ (import type … from '@mf-types/${app.name}/<Module>')`,
    );
  } else {
    const dist = path.join(ROOT, app.dir, 'dist');
    const started = Date.now();
    const { made } = await publishExposedTypes(app, dist);
    console.log(
      `${app.name}: types ${made ? 'made' : 'kept from before'} in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s: ${path.relative(ROOT, dist)}/@mf-types.zip`,
    );
    zip = readFileSync(path.join(dist, '@mf-types.zip'));
  }
  const problems = checkTypesAgainstShell({ remote: app.name, zip, exposes });
  if (problems.length > 0) {
    console.error(problems.map((problem) => `  - ${problem}`).join('\n'));
    process.exit(1);
  }
  console.log(`${app.name}: its exposed modules' types fit the shell (${exposes.join(', ')})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
