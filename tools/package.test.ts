/** @jest-environment node */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyPackages, importsOf } from './package';

/** A package in a node_modules tree: its manifest and one file. */
function installed(dir: string, name: string, version: string, dependencies = {}) {
  const folder = path.join(dir, 'node_modules', name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name, version, dependencies }));
  writeFileSync(path.join(folder, 'index.js'), `module.exports = '${name}@${version}';`);
  writeFileSync(path.join(folder, 'index.js.map'), '{}');
  return folder;
}

const versionAt = (file: string) =>
  (JSON.parse(readFileSync(path.join(file, 'package.json'), 'utf8')) as { version: string })
    .version;

describe('tools/package.ts', () => {
  it('reads the npm packages a bundle loads by name, and no built-in or own module', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
    const file = path.join(dir, 'main.mjs');
    writeFileSync(
      file,
      [
        'import Fastify from "fastify";',
        'import { readFile } from "node:fs/promises";',
        'import path from "path";',
        "import '@fastify/static';",
        'import { x } from "./local.mjs";',
        'export { y } from "lru-cache";',
        'const r = __require("@scope/pkg/sub/path");',
        'const m = await import("eventsource");',
        'import "@portfolio/contract";',
      ].join('\n'),
    );
    expect(importsOf(file)).toEqual([
      '@fastify/static',
      '@scope/pkg',
      'eventsource',
      'fastify',
      'lru-cache',
    ]);
  });

  it("copies packages with their own dependencies in npm's layout, another version nested", () => {
    const repo = mkdtempSync(path.join(os.tmpdir(), 'repo-'));
    const workspace = path.join(repo, 'site');
    mkdirSync(workspace);
    installed(repo, 'a', '1.0.0', { c: '^1.0.0' });
    const b = installed(repo, 'b', '1.0.0', { c: '^2.0.0' });
    installed(repo, 'c', '1.0.0');
    installed(b, 'c', '2.0.0');
    installed(repo, 'unused', '1.0.0');
    const out = mkdtempSync(path.join(os.tmpdir(), 'out-'));
    expect(copyPackages(['a', 'b'], workspace, out)).toEqual({ a: '1.0.0', b: '1.0.0' });
    expect(versionAt(path.join(out, 'node_modules', 'c'))).toBe('1.0.0');
    expect(versionAt(path.join(out, 'node_modules', 'b', 'node_modules', 'c'))).toBe('2.0.0');
    expect(existsSync(path.join(out, 'node_modules', 'unused'))).toBe(false);
    expect(existsSync(path.join(out, 'node_modules', 'a', 'index.js.map'))).toBe(false);
    expect(() => copyPackages(['missing'], workspace, out)).toThrow(/missing is not installed/);
  });
});
