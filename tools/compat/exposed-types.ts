// The types of what a remote exposes (docs/decisions/194): its pages (component, loader, head) and
// its islands, as Module Federation's type plugin writes them (@module-federation/dts-plugin:
// `@mf-types.zip` beside the build's mf-manifest.json, advertised in its `metaData.types`).
//
// - publishExposedTypes(): a remote's build gets its types. Making them runs the TypeScript
//   compiler over the remote and what it imports (about 20 s of CPU for the shop), so it is not
//   in the build's path: `npm run types -- <remote>` and every deploy of a candidate call it, and
//   it is kept by a hash of everything the types come from (node_modules/.cache/mf-types/).
// - checkExposedTypes(): check:compat's type check. The shell uses each exposed page module as a
//   PageModule and the islands module as an island registry: a candidate whose types no longer
//   fit there (a page's default export that is no component, a loader that wants another
//   argument…) is refused, with the compiler's words.
// - fetchTypes(): the types of the live version, or of a chosen kept version, from the site, for
//   a team's own tooling to check against (`npm run types -- <remote> --from-site`).
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import AdmZip from 'adm-zip';
import ts from 'typescript';
import type { AppInfo } from '@portfolio/platform/apps';
import { ROOT } from '../root';
import { buildContext } from '../webpack/build-context';

export const TYPES_ZIP = '@mf-types.zip';
const TYPES_CACHE = path.join(ROOT, 'node_modules', '.cache', 'mf-types');

/** What each kind of exposed module must be to the shell (its own types, from its sources). */
const SHELL_CONTRACT = {
  page: { from: 'shell/src/federation/page-module.ts', type: 'PageModule' },
  islands: {
    from: 'shared/src/island.tsx',
    type: '{ islands?: IslandRegistry }',
    name: 'IslandRegistry',
  },
} as const;

/** The modules a remote exposes (its build's list): `./StorePage` → `./src/pages/…`. */
export function exposedModules(app: AppInfo): Record<string, string> {
  return buildContext(
    { name: app.name, dir: path.join(ROOT, app.dir), title: app.name },
    { production: true, testBuild: false },
  ).exposes;
}

/** Every file below `dir` (sources only), for the cache key. */
function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
      }
      return /\.(tsx?|json|css)$/.test(entry.name) ? [full] : [];
    })
    .sort();
}

/** A hash of everything a remote's types come from. */
export function typesKey(app: AppInfo): string {
  const hash = createHash('sha256').update(JSON.stringify(exposedModules(app)));
  const inputs = [
    ...sourceFiles(path.join(ROOT, app.dir, 'src')),
    ...sourceFiles(path.join(ROOT, 'shared', 'src')),
    ...sourceFiles(path.join(ROOT, 'contract', 'src')),
    ...sourceFiles(path.join(ROOT, 'types')),
    path.join(ROOT, 'tsconfig.base.json'),
    path.join(ROOT, 'package-lock.json'),
  ];
  for (const file of inputs) hash.update(path.relative(ROOT, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** The remote's types zip, made with Module Federation's type plugin, or kept from before. */
export async function exposedTypesZip(app: AppInfo): Promise<{ zip: string; made: boolean }> {
  const folder = path.join(TYPES_CACHE, app.name, typesKey(app));
  const zip = path.join(folder, TYPES_ZIP);
  if (existsSync(zip)) return { zip, made: false };
  const staging = `${folder}.${randomBytes(4).toString('hex')}.tmp`;
  // Loaded here: only this step needs the plugin's compiler driver.
  const { generateTypes } = await import('@module-federation/dts-plugin/core');
  await generateTypes({
    remote: {
      moduleFederationConfig: {
        name: app.name,
        filename: 'remoteEntry.js',
        exposes: exposedModules(app),
      },
      context: path.join(ROOT, app.dir),
      outputDir: staging,
      tsConfigPath: path.join(ROOT, 'tsconfig.base.json'),
      generateAPITypes: false,
      compileInChildProcess: false,
      abortOnError: true,
    },
  } as Parameters<typeof generateTypes>[0]);
  if (!existsSync(path.join(staging, TYPES_ZIP))) {
    throw new Error(`${app.name}: the type plugin wrote no ${TYPES_ZIP}`);
  }
  mkdirSync(folder, { recursive: true });
  copyFileSync(path.join(staging, TYPES_ZIP), zip);
  rmSync(staging, { recursive: true, force: true });
  return { zip, made: true };
}

/**
 * Puts the remote's types beside its build (`dist/@mf-types.zip`) and advertises them in its
 * mf-manifest.json (`metaData.types.zip`), as the type plugin does inside a build.
 */
export async function publishExposedTypes(
  app: AppInfo,
  dist: string = path.join(ROOT, app.dir, 'dist'),
): Promise<{ made: boolean }> {
  const manifestFile = path.join(dist, 'mf-manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${dist} is not a remote's build: build it first`);
  const { zip, made } = await exposedTypesZip(app);
  copyFileSync(zip, path.join(dist, TYPES_ZIP));
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    metaData?: { types?: Record<string, string> };
  };
  const types = { path: '', name: '', zip: TYPES_ZIP, api: '' };
  if (JSON.stringify(manifest.metaData?.types) !== JSON.stringify(types)) {
    manifest.metaData = { ...manifest.metaData, types };
    writeFileSync(manifestFile, JSON.stringify(manifest));
  }
  return { made };
}

/** `./StorePage` → `StorePage`: the file a module's types are in, inside @mf-types/. */
const typesFileOf = (exposed: string) => exposed.replace(/^\.\//, '');

/**
 * Checks a remote's types zip against what the shell makes of each exposed module; each problem
 * is one line (empty: it fits). `exposes` names the modules (`./StorePage`, `./islands`).
 */
export function checkTypesAgainstShell({
  remote,
  zip,
  exposes,
}: {
  remote: string;
  zip: Buffer;
  exposes: readonly string[];
}): string[] {
  const work = path.join(
    ROOT,
    'node_modules',
    '.cache',
    'mf-types-check',
    randomBytes(6).toString('hex'),
  );
  try {
    // The zip holds `<module>.d.ts` at its root (and the compiled sources in compiled-types/):
    // unpacked as the plugin's consumers unpack it, into an @mf-types folder.
    const typesDir = path.join(work, '@mf-types');
    new AdmZip(zip).extractAllTo(typesDir, true);
    const relative = (file: string) =>
      path
        .relative(work, path.join(ROOT, file))
        .replace(/\.tsx?$/, '')
        .split(path.sep)
        .join('/');
    const lines = [
      `import type { ${SHELL_CONTRACT.page.type} } from '${relative(SHELL_CONTRACT.page.from)}';`,
      `import type { ${SHELL_CONTRACT.islands.name} } from '${relative(SHELL_CONTRACT.islands.from)}';`,
    ];
    const checked: { exposed: string; line: number }[] = [];
    for (const [index, exposed] of exposes.entries()) {
      const file = typesFileOf(exposed);
      if (exposed === './island-scripts') continue;
      if (!existsSync(path.join(typesDir, `${file}.d.ts`))) {
        lines.push(`// ${exposed}: no types`);
        continue;
      }
      const contract =
        exposed === './islands' ? SHELL_CONTRACT.islands.type : SHELL_CONTRACT.page.type;
      lines.push(`import * as module${index} from './@mf-types/${file}';`);
      lines.push(`export const check${index}: ${contract} = module${index};`);
      // 1-based, as the compiler counts lines.
      checked.push({ exposed, line: lines.length });
    }
    const missing = exposes.filter(
      (exposed) =>
        exposed !== './island-scripts' &&
        !existsSync(path.join(typesDir, `${typesFileOf(exposed)}.d.ts`)),
    );
    const checkFile = path.join(work, 'check.ts');
    writeFileSync(checkFile, `${lines.join('\n')}\n`);
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(ROOT, 'tsconfig.base.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    );
    // The project's ambient declarations (CSS modules, assets) beside the check.
    const ambient = readdirSync(path.join(ROOT, 'types'))
      .filter((file) => file.endsWith('.d.ts'))
      .map((file) => path.join(ROOT, 'types', file));
    const program = ts.createProgram([checkFile, ...ambient], {
      ...config?.options,
      noEmit: true,
      skipLibCheck: true,
    });
    const problems = missing.map((exposed) => `${remote} exposes ${exposed} without its types`);
    for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
      if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').split('\n');
      const where = diagnostic.file?.fileName;
      const line =
        diagnostic.file && diagnostic.start !== undefined
          ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1
          : 0;
      const exposed =
        where === checkFile ? checked.find((entry) => entry.line === line)?.exposed : undefined;
      problems.push(
        exposed
          ? `${remote}'s ${exposed} no longer fits the shell (its types): ${message.slice(0, 3).join(' ')}`
          : `${remote}'s types do not compile${where ? ` (${path.relative(work, where)})` : ''}: ${message.join(' ')}`,
      );
    }
    return problems;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * check:compat's type check of a remote's candidate build: its types made (or kept) and checked
 * against the shell. Each problem is one line.
 */
export async function checkExposedTypes({
  remote,
  candidateDir,
}: {
  remote: AppInfo;
  candidateDir: string;
  site?: string;
}): Promise<string[]> {
  const inBuild = path.join(candidateDir, TYPES_ZIP);
  const zip = existsSync(inBuild) ? inBuild : (await exposedTypesZip(remote)).zip;
  return checkTypesAgainstShell({
    remote: remote.name,
    zip: readFileSync(zip),
    exposes: Object.keys(exposedModules(remote)),
  });
}

/**
 * The types zip of a remote's live version (or of a kept `version`), as the site serves it:
 * `<site>/remotes/<remote>/[v/<id>/]@mf-types.zip`, found through its mf-manifest.json.
 */
export async function fetchTypes(site: string, remote: string, version?: string): Promise<Buffer> {
  const folder = `${site.replace(/\/+$/, '')}/remotes/${remote}/${version ? `v/${version}/` : ''}`;
  const manifest = await fetch(`${folder}mf-manifest.json`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (!manifest.ok) throw new Error(`${folder}mf-manifest.json: HTTP ${manifest.status}`);
  const { metaData } = (await manifest.json()) as { metaData?: { types?: { zip?: string } } };
  const zipName = metaData?.types?.zip;
  if (!zipName) throw new Error(`${remote}${version ? ` ${version}` : ''} publishes no types`);
  const answer = await fetch(new URL(zipName, `${folder}`), {
    signal: AbortSignal.timeout(30_000),
  });
  if (!answer.ok) throw new Error(`${folder}${zipName}: HTTP ${answer.status}`);
  return Buffer.from(await answer.arrayBuffer());
}

/** Unpacks a types zip as the type plugin's consumers do: `@mf-types/<remote>/…`. */
export function unpackTypes(zip: Buffer, remote: string, into: string = ROOT): string {
  const target = path.join(into, '@mf-types', remote);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const staging = path.join(into, '@mf-types', `.${remote}-${randomBytes(4).toString('hex')}`);
  new AdmZip(zip).extractAllTo(staging, true);
  for (const entry of readdirSync(staging)) {
    copyTree(path.join(staging, entry), path.join(target, entry));
  }
  rmSync(staging, { recursive: true, force: true });
  return target;
}

function copyTree(from: string, to: string): void {
  if (statSync(from).isDirectory()) {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from)) copyTree(path.join(from, entry), path.join(to, entry));
  } else {
    copyFileSync(from, to);
  }
}
