/** @jest-environment node */
// `npm run lint:dead` (knip, docs/decisions/216) fails on each kind of dead code it is there to
// find: a file nothing reaches, an export nothing imports and a dependency nothing uses. The
// repository itself is at zero (npm test runs the command), so the findings come from a small
// project written for the test, checked by the same knip the command runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const KNIP = path.join(ROOT, 'node_modules', 'knip', 'bin', 'knip.js');

interface Finding {
  file: string;
  files: { name: string }[];
  exports: { name: string }[];
  dependencies: { name: string }[];
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dead-code-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write(
    'package.json',
    JSON.stringify({
      name: 'fixture',
      private: true,
      type: 'module',
      dependencies: { nothing: '1.0.0' },
    }),
  );
  write('knip.json', JSON.stringify({ entry: ['src/main.ts'], project: ['src/**'] }));
  write('src/main.ts', "import { used } from './lib.js';\nconsole.log(used);\n");
  write('src/lib.ts', 'export const used = 1;\nexport const unused = 2;\n');
  write('src/orphan.ts', 'export const orphan = 3;\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function knip(): { status: number | null; findings: Finding[] } {
  const result = spawnSync(
    process.execPath,
    [KNIP, '--directory', dir, '--reporter', 'json', '--no-progress'],
    { encoding: 'utf8' },
  );
  const report = JSON.parse(result.stdout) as { issues: Finding[] };
  return { status: result.status, findings: report.issues };
}

it('fails on an unused file, export and dependency, naming each', () => {
  const { status, findings } = knip();
  expect(status).not.toBe(0);
  const named = (kind: 'files' | 'exports' | 'dependencies') =>
    findings.flatMap((finding) => finding[kind].map((issue) => `${finding.file}: ${issue.name}`));
  expect(named('files')).toEqual(['src/orphan.ts: src/orphan.ts']);
  expect(named('exports')).toEqual(['src/lib.ts: unused']);
  expect(named('dependencies')).toEqual(['package.json: nothing']);
});
