/** @jest-environment node */
// Each environment's TypeScript program has the globals of where its code runs, and only those
// (docs/decisions/217): a snippet that uses the DOM, Node or Jest is compiled with the options of
// each program in turn (tsconfig.browser.json, .server, .tools, .tests), as `npm run typecheck`
// compiles the files it includes. The tests' program takes all three: the snippets themselves
// are sound.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
type Environment = 'browser' | 'server' | 'tools' | 'tests';

const SNIPPETS = {
  dom: 'export const here: string = window.location.href;\n',
  node: 'export const mode: string | undefined = process.env.NODE_ENV;\n',
  jest: 'export const stand = jest.fn();\n',
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'environments-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the compiler says of `code` as a file of `environment`'s program. */
function compile(environment: Environment, code: string): string[] {
  const file = path.join(dir, `${environment}-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, code);
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, `tsconfig.${environment}.json`),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`tsconfig.${environment}.json could not be read`);
  const program = ts.createProgram([file], {
    ...parsed.options,
    composite: false,
    incremental: false,
    declaration: false,
    declarationDir: undefined,
    emitDeclarationOnly: false,
    noEmit: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

it('a file of the server that uses the DOM does not compile; one of the browser does', () => {
  expect(compile('server', SNIPPETS.dom).join('\n')).toMatch(/Cannot find name 'window'/);
  expect(compile('browser', SNIPPETS.dom)).toEqual([]);
});

it("a file of the browser that uses Node's globals does not compile", () => {
  expect(compile('browser', SNIPPETS.node).join('\n')).toMatch(/Cannot find name 'process'/);
  expect(compile('server', SNIPPETS.node)).toEqual([]);
  expect(compile('tools', SNIPPETS.node)).toEqual([]);
});

it.each(['browser', 'server', 'tools'] as const)("%s code cannot call Jest's globals", (env) => {
  expect(compile(env, SNIPPETS.jest).join('\n')).toMatch(/Cannot find name 'jest'/);
});

it('a test may use all three', () => {
  for (const code of Object.values(SNIPPETS)) expect(compile('tests', code)).toEqual([]);
});
