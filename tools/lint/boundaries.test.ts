/** @jest-environment node */
// Each boundary and naming rule of eslint.config.js fires where it should, and only there
// (docs/decisions/073). ESLint runs in a child process: it loads its ESM config with import(),
// which Jest's CommonJS sandbox cannot do. One child for the whole file, asked for each group of
// snippets in turn: a child per group loaded the config again and parsed again, for the cycle and
// folder rules, every file the snippets' imports reach (most of the suite's time). import-x keeps
// a file's parse only while its modification time is unchanged, so a second group sees the same
// files a fresh child would.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

// The first group pays for the child's start, its config and the parse of every file the
// snippets' imports reach: a few seconds on a quiet machine, over 15 s (Jest's default here)
// under Node 24 beside the niced production build on a loaded CI host (2026-12-02).
jest.setTimeout(90_000);

interface Snippet {
  /** Where the code would live, relative to the repository root. */
  file: string;
  code: string;
}

/** The child's answer to one group: its rule ids per snippet, or why it could not lint them. */
interface Answer {
  id: number;
  ruleIds?: string[][];
  error?: string;
}

/**
 * The child: one ESLint, linting each group of snippets it is sent over its IPC channel (not
 * stdout, which anything ESLint loads may print to) as if each were its file.
 */
const LINTER = `
  import { ESLint } from 'eslint';
  const eslint = new ESLint({ cwd: process.cwd() });
  process.on('message', async ({ id, snippets }) => {
    try {
      const ruleIds = [];
      for (const { file, code } of snippets) {
        const [result] = await eslint.lintText(code, { filePath: file });
        ruleIds.push((result?.messages ?? []).map((message) => message.ruleId ?? message.message));
      }
      process.send({ id, ruleIds });
    } catch (error) {
      process.send({ id, error: error instanceof Error ? error.stack : String(error) });
    }
  });
`;

let linter: ChildProcess;
let linterStderr = '';
let nextId = 0;
const waiting = new Map<number, { resolve(ids: string[][]): void; reject(error: Error): void }>();

beforeAll(() => {
  linter = spawn(process.execPath, ['--input-type=module', '-e', LINTER], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  linter.stderr?.on('data', (chunk: Buffer) => (linterStderr += chunk.toString()));
  linter.on('message', (message) => {
    // What LINTER sends.
    const answer = message as Answer;
    const asker = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.ruleIds) asker?.resolve(answer.ruleIds);
    else asker?.reject(new Error(`ESLint failed: ${answer.error ?? 'no answer'}`));
  });
  linter.on('exit', (code, signal) => {
    for (const { reject } of waiting.values()) {
      reject(new Error(`ESLint's process exited (${code ?? signal}): ${linterStderr}`));
    }
    waiting.clear();
  });
});

afterAll(async () => {
  if (linter.exitCode !== null || linter.signalCode !== null) return;
  const exited = new Promise((resolve) => linter.once('exit', resolve));
  linter.kill();
  await exited;
});

/** The rule ids ESLint reports for each snippet, linted as if it were that file. */
function ruleIds(snippets: Snippet[]): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    if (linter.exitCode !== null || linter.signalCode !== null) {
      return reject(new Error(`ESLint's process exited: ${linterStderr}`));
    }
    const id = nextId;
    nextId += 1;
    waiting.set(id, { resolve, reject });
    linter.send({ id, snippets });
  });
}

const BOUNDARY = 'no-restricted-imports';
const CYCLE = 'portfolio/no-cycle';
const FOLDERS = 'import-x/no-restricted-paths';
const PACKAGES = 'import-x/no-relative-packages';

describe('lint boundaries', () => {
  it('a remote never imports another remote, by package or by path', async () => {
    const [byPackage, byPath, sameRemote, shared] = await ruleIds([
      {
        file: 'remote-blog/src/features/x.ts',
        code: "import { TEXT } from '@portfolio/remote-portfolio/src/texts';\nexport const x = TEXT;\n",
      },
      {
        file: 'remote-shop/src/pages/x.ts',
        code: "import { TEXT } from '../../../remote-auth/src/texts';\nexport const x = TEXT;\n",
      },
      {
        file: 'remote-blog/src/features/x.ts',
        code: "import { BLOG_TITLE } from '../texts';\nexport const x = BLOG_TITLE;\n",
      },
      {
        file: 'remote-blog/src/features/x.ts',
        code: "import { formatPostDate } from '@portfolio/shared/format';\nexport const x = formatPostDate;\n",
      },
    ]);
    expect(byPackage).toContain(BOUNDARY);
    expect(byPath).toContain(BOUNDARY);
    expect(sameRemote).toEqual([]);
    expect(shared).toEqual([]);
  });

  it('run-time code never imports tools/: the shell, its server, the platform, the API', async () => {
    const code = (depth: number) =>
      `import { ROOT } from '${'../'.repeat(depth)}tools/root.ts';\nexport const x = ROOT;\n`;
    const results = await ruleIds([
      { file: 'shell/src/federation/x.ts', code: code(3) },
      { file: 'shell/server/plugins/x.ts', code: code(3) },
      { file: 'platform/src/x.ts', code: code(2) },
      { file: 'content-api/src/features/x.ts', code: code(3) },
      // Tests too: their support is the @portfolio/testing package.
      { file: 'shell/server/x.test.ts', code: code(2) },
    ]);
    for (const ids of results) expect(ids).toContain(BOUNDARY);
    // Test ports too: they are test support (@portfolio/testing/free-ports), below the apps, and
    // tools/ imports the shell, so a test of its server importing tools/ would close a cycle.
    const [toolsPorts, toolsPortsByName, testingPorts] = await ruleIds([
      {
        file: 'shell/server/x.test.ts',
        code: "import { claimBlock } from '../../tools/free-ports.mjs';\nexport const x = claimBlock;\n",
      },
      {
        file: 'shell/server/x.test.ts',
        code: "import { claimBlock } from '@portfolio/tools/free-ports';\nexport const x = claimBlock;\n",
      },
      {
        file: 'shell/server/x.test.ts',
        code: "import { claimBlock } from '@portfolio/testing/free-ports';\nexport const x = claimBlock;\n",
      },
    ]);
    expect(toolsPorts).toContain(BOUNDARY);
    expect(toolsPorts).toContain(FOLDERS);
    expect(toolsPortsByName).toContain(FOLDERS);
    expect(testingPorts).toEqual([]);
  });

  it('no data is set on the global object in run-time code', async () => {
    const [patched, server, test] = await ruleIds([
      { file: 'shell/src/x.ts', code: 'globalThis.fetch = () => null;\n' },
      { file: 'shell/server/x.ts', code: '(globalThis as any).__bases = {};\nwindow.x = 1;\n' },
      { file: 'shell/src/x.test.ts', code: 'globalThis.fetch = () => null;\n' },
    ]);
    expect(patched).toContain('no-restricted-syntax');
    expect(server).toContain('no-restricted-syntax');
    expect(test).not.toContain('no-restricted-syntax');
  });

  it('apps reach shared code only through its exports map', async () => {
    const results = await ruleIds([
      {
        file: 'remote-auth/src/features/x.ts',
        code: "import { loadConfig } from '@portfolio/shared/src/config';\nexport const x = loadConfig;\n",
      },
      {
        file: 'shell/src/x.ts',
        code: "import { loadConfig } from '../../shared/src/config';\nexport const x = loadConfig;\n",
      },
      {
        file: 'remote-shop/src/pages/x.test.ts',
        code: "import { Button } from '../../../shared/src/ui/Button';\nexport const x = Button;\n",
      },
    ]);
    for (const ids of results) expect(ids).toContain(BOUNDARY);
  });

  it('file names: components PascalCase.tsx, everything else kebab-case', async () => {
    const code = 'export const x = 1;\n';
    const [camelTs, camelTsx, pascalTs, kebabTs, pascalTsx, kebabTsx, pascalTest] = await ruleIds([
      { file: 'remote-blog/src/features/useThing.ts', code },
      { file: 'shared/src/testing/renderThing.tsx', code },
      { file: 'shell/src/federation/Plugin.ts', code },
      { file: 'remote-blog/src/features/use-thing.ts', code },
      { file: 'remote-blog/src/features/ArticleThing.tsx', code },
      { file: 'shell/src/render/render-thing.tsx', code },
      { file: 'shared/src/ui/ArticleThing.test.tsx', code },
    ]);
    const NAMING = 'check-file/filename-naming-convention';
    expect(camelTs).toContain(NAMING);
    expect(camelTsx).toContain(NAMING);
    expect(pascalTs).toContain(NAMING);
    expect(kebabTs).toEqual([]);
    expect(pascalTsx).toEqual([]);
    expect(kebabTsx).toEqual([]);
    expect(pascalTest).toEqual([]);
  });

  it('no import cycles, type-only imports included', async () => {
    const dir = path.join(ROOT, 'tools', 'lint', `cycle-fixture-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    const files = {
      'first.ts': "import { b } from './second';\nexport const a = b;\n",
      'second.ts': "import { a } from './first';\nexport const b = a;\n",
      'third.ts': 'export const c = 1;\n',
      // Only types, both ways: import-x/no-cycle would not see it.
      'type-first.ts':
        "import type { B } from './type-second';\nexport interface A {\n  b?: B;\n}\n",
      'type-second.ts':
        "import type { A } from './type-first';\nexport interface B {\n  a?: A;\n}\n",
      // A type-only re-export closes a cycle too.
      're-first.ts': "import { d } from './re-second';\nexport const e = d;\n",
      're-second.ts': "export type { A } from './re-first';\nexport const d = 1;\n",
    };
    try {
      for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, name), code);
      const relative = path.relative(ROOT, dir);
      const [cycle, typeCycle, reExportCycle, none] = await ruleIds([
        { file: `${relative}/first.ts`, code: files['first.ts'] },
        { file: `${relative}/type-first.ts`, code: files['type-first.ts'] },
        { file: `${relative}/re-first.ts`, code: files['re-first.ts'] },
        {
          file: `${relative}/fourth.ts`,
          code: "import { c } from './third';\nexport const d = c;\n",
        },
      ]);
      expect(cycle).toContain(CYCLE);
      expect(typeCycle).toContain(CYCLE);
      expect(reExportCycle).toContain(CYCLE);
      expect(none).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no folder imports a folder above it, so none imports one that imports it back', async () => {
    const [down, up, typeUp, contractToShared, testingToE2e] = await ruleIds([
      // The shell's server imports the platform…
      {
        file: 'shell/server/x.ts',
        code: "import { readSettings } from '@portfolio/platform/settings';\nexport const x = readSettings;\n",
      },
      // …so the platform never imports the shell, by path or for a type only.
      {
        file: 'platform/src/x.ts',
        code: "import { SiteServerSettingsSchema } from '../../shell/server/settings';\nexport const x = SiteServerSettingsSchema;\n",
      },
      {
        file: 'platform/src/x.ts',
        code: "import type { SiteServerSettings } from '../../shell/server/settings';\nexport type X = SiteServerSettings;\n",
      },
      // Shared code imports the contract, so the contract never imports shared code.
      {
        file: 'contract/src/x.ts',
        code: "import { formatPostDate } from '@portfolio/shared/format';\nexport const x = formatPostDate;\n",
      },
      {
        file: 'testing/src/x.ts',
        code: "import { SITE_ORIGIN } from '../../e2e/fixtures';\nexport const x = SITE_ORIGIN;\n",
      },
    ]);
    expect(down).toEqual([]);
    expect(up).toContain(FOLDERS);
    expect(typeUp).toContain(FOLDERS);
    expect(contractToShared).toContain(FOLDERS);
    expect(testingToE2e).toContain(FOLDERS);
  });

  it("what the apps' bundles carry sits between shared code and the apps", async () => {
    const [toShared, toShell, toTools, fromShared, fromRemote] = await ruleIds([
      {
        file: 'federation-runtime/src/x.ts',
        code: "import { renderStandalone } from '@portfolio/shared/standalone';\nexport const x = renderStandalone;\n",
      },
      {
        file: 'federation-runtime/src/x.ts',
        code: "import * as routes from '../../shell/src/routes';\nexport const x = routes;\n",
      },
      {
        file: 'federation-runtime/src/x.ts',
        code: "import { ROOT } from '@portfolio/tools/root';\nexport const x = ROOT;\n",
      },
      {
        file: 'shared/src/x.ts',
        code: "import core from '@portfolio/federation-runtime/provide-runtime-core';\nexport const x = core;\n",
      },
      {
        file: 'remote-blog/src/x.ts',
        code: "import core from '@portfolio/federation-runtime/provide-runtime-core';\nexport const x = core;\n",
      },
    ]);
    expect(toShared).toEqual([]);
    expect(toShell).toContain(FOLDERS);
    expect(toTools).toContain(FOLDERS);
    expect(fromShared).toContain(FOLDERS);
    expect(fromRemote).toEqual([]);
  });

  it('a test takes @portfolio/testing, whatever its folder', async () => {
    const [sharedTest, sharedCode, toolsToShell] = await ruleIds([
      {
        file: 'shared/src/x.test.ts',
        code: "import { renderAt } from '@portfolio/testing';\nexport const x = renderAt;\n",
      },
      {
        file: 'shared/src/x.ts',
        code: "import { renderAt } from '@portfolio/testing';\nexport const x = renderAt;\n",
      },
      // The build tools sit above the apps they build and run.
      {
        file: 'tools/bench/x.mjs',
        code: "import { buildSiteServer } from '@portfolio/shell/server/app';\nexport const x = buildSiteServer;\n",
      },
    ]);
    expect(sharedTest).toEqual([]);
    expect(sharedCode).toContain(FOLDERS);
    expect(toolsToShell).toEqual([]);
  });

  it('no file of an app imports tools/, a webpack config beside it included', async () => {
    // The apps' webpack configs are tools/webpack/app-configs.ts's: one beside an app, importing
    // the factory, would make the app and tools/ import each other (docs/decisions/149).
    const results = await ruleIds([
      {
        file: 'shell/webpack.config.mjs',
        code: "import { createWebpackConfig } from '@portfolio/tools/webpack';\nexport default createWebpackConfig;\n",
      },
      {
        file: 'remote-blog/webpack.config.mjs',
        code: "import { createWebpackConfig } from '@portfolio/tools/webpack';\nexport default createWebpackConfig;\n",
      },
      {
        file: 'remote-shop/webpack.config.mjs',
        code: "import { ROOT } from '../tools/root.ts';\nexport default ROOT;\n",
      },
      {
        file: 'remote-auth/src/x.ts',
        code: "import { ROOT } from '@portfolio/tools/root';\nexport const x = ROOT;\n",
      },
      {
        file: 'shell/server/x.ts',
        code: "import { createWebpackConfig } from '@portfolio/tools/webpack';\nexport const x = createWebpackConfig;\n",
      },
    ]);
    for (const ids of results) expect(ids).toContain(FOLDERS);
  });

  it('packages meet only at their exports: no relative import into another workspace', async () => {
    const [specByPath, specByExport, specOwnFile, benchByPath, benchByExport] = await ruleIds([
      // A browser spec takes a remote's texts from the remote's package, not its folder…
      {
        file: 'e2e/x.spec.ts',
        code: "import { BLOG_TITLE } from '../remote-blog/src/texts';\nexport const x = BLOG_TITLE;\n",
      },
      {
        file: 'e2e/x.spec.ts',
        code: "import { BLOG_TITLE } from '@portfolio/remote-blog/texts';\nexport const x = BLOG_TITLE;\n",
      },
      // …and its own package's files by path, as before.
      {
        file: 'e2e/x.spec.ts',
        code: "import { SITE_ORIGIN } from './fixtures';\nexport const x = SITE_ORIGIN;\n",
      },
      // The API benches reach the API's internals through its `./bench` export, types included.
      {
        file: 'tools/bench/api/x.ts',
        code: "import type { Database } from '../../../content-api/src/db/connect';\nexport type X = Database;\n",
      },
      {
        file: 'tools/bench/api/x.ts',
        code: "import type { Database } from '@portfolio/content-api/bench';\nexport type X = Database;\n",
      },
    ]);
    expect(specByPath).toContain(PACKAGES);
    expect(specByExport).toEqual([]);
    expect(specOwnFile).toEqual([]);
    expect(benchByPath).toContain(PACKAGES);
    expect(benchByExport).toEqual([]);
  });

  it('the one exception for a script plain node runs before install, and only there', async () => {
    const code =
      "import { freeBlock } from '../testing/src/free-ports.mjs';\nexport const x = freeBlock;\n";
    const [excepted, beside] = await ruleIds([
      { file: 'tools/free-ports.mjs', code },
      { file: 'tools/other-ports.mjs', code },
    ]);
    expect(excepted).not.toContain(PACKAGES);
    expect(beside).toContain(PACKAGES);
  });
});
