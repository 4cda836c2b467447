/** @jest-environment node */
// Each boundary and naming rule of eslint.config.js fires where it should, and only there
// (docs/decisions/073). ESLint runs in a child process: it loads its ESM config with import(),
// which Jest's CommonJS sandbox cannot do.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

interface Snippet {
  /** Where the code would live, relative to the repository root. */
  file: string;
  code: string;
}

/** The rule ids ESLint reports for each snippet, linted as if it were that file. */
function ruleIds(snippets: Snippet[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const snippets = JSON.parse(process.argv[1]);
    const out = [];
    for (const { file, code } of snippets) {
      const [result] = await eslint.lintText(code, { filePath: file });
      out.push((result?.messages ?? []).map((message) => message.ruleId ?? message.message));
    }
    console.log(JSON.stringify(out));
  `;
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(snippets)],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return JSON.parse(output) as string[][];
}

const BOUNDARY = 'no-restricted-imports';

describe('lint boundaries', () => {
  it('a remote never imports another remote, by package or by path', () => {
    const [byPackage, byPath, sameRemote, shared] = ruleIds([
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

  it('run-time code never imports tools/: the shell, its server, the platform, the API', () => {
    const code = (depth: number) =>
      `import { ROOT } from '${'../'.repeat(depth)}tools/root.mjs';\nexport const x = ROOT;\n`;
    const results = ruleIds([
      { file: 'shell/src/federation/x.ts', code: code(3) },
      { file: 'shell/server/plugins/x.ts', code: code(3) },
      { file: 'platform/src/x.ts', code: code(2) },
      { file: 'content-api/src/features/x.ts', code: code(3) },
      // Tests too: their support is the @portfolio/testing package.
      { file: 'shell/server/x.test.ts', code: code(2) },
    ]);
    for (const ids of results) expect(ids).toContain(BOUNDARY);
    // …but the server's tests claim their test ports as every test that starts a process does.
    const [ports, runtimePorts] = ruleIds([
      {
        file: 'shell/server/x.test.ts',
        code: "import { claimBlock } from '../../tools/free-ports.mjs';\nexport const x = claimBlock;\n",
      },
      {
        file: 'shell/server/x.ts',
        code: "import { claimBlock } from '../../tools/free-ports.mjs';\nexport const x = claimBlock;\n",
      },
    ]);
    expect(ports).toEqual([]);
    expect(runtimePorts).toContain(BOUNDARY);
  });

  it('no data is set on the global object in run-time code', () => {
    const [patched, server, test] = ruleIds([
      { file: 'shell/src/x.ts', code: 'globalThis.fetch = () => null;\n' },
      { file: 'shell/server/x.ts', code: '(globalThis as any).__bases = {};\nwindow.x = 1;\n' },
      { file: 'shell/src/x.test.ts', code: 'globalThis.fetch = () => null;\n' },
    ]);
    expect(patched).toContain('no-restricted-syntax');
    expect(server).toContain('no-restricted-syntax');
    expect(test).not.toContain('no-restricted-syntax');
  });

  it('apps reach shared code only through its exports map', () => {
    const results = ruleIds([
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

  it('file names: components PascalCase.tsx, everything else kebab-case', () => {
    const code = 'export const x = 1;\n';
    const [camelTs, camelTsx, pascalTs, kebabTs, pascalTsx, kebabTsx, pascalTest] = ruleIds([
      { file: 'remote-blog/src/features/useThing.ts', code },
      { file: 'shared/src/testing/renderThing.tsx', code },
      { file: 'shell/src/federation/Plugin.ts', code },
      { file: 'remote-blog/src/features/use-thing.ts', code },
      { file: 'remote-blog/src/features/ArticleThing.tsx', code },
      { file: 'shell/src/server/render-thing.tsx', code },
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

  it('no import cycles', () => {
    const dir = path.join(ROOT, 'tools', 'lint', `cycle-fixture-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(
        path.join(dir, 'first.ts'),
        "import { b } from './second';\nexport const a = b;\n",
      );
      writeFileSync(
        path.join(dir, 'second.ts'),
        "import { a } from './first';\nexport const b = a;\n",
      );
      writeFileSync(path.join(dir, 'third.ts'), 'export const c = 1;\n');
      const relative = path.relative(ROOT, dir);
      const [cycle, none] = ruleIds([
        {
          file: `${relative}/first.ts`,
          code: "import { b } from './second';\nexport const a = b;\n",
        },
        {
          file: `${relative}/fourth.ts`,
          code: "import { c } from './third';\nexport const d = c;\n",
        },
      ]);
      expect(cycle).toContain('import-x/no-cycle');
      expect(none).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
