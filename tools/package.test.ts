/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_ENTRIES, bundle, copyPackages, importsOf } from './package';
import { ROOT } from './root';

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

  it("bundles the API's SVG worker where the bundled server looks for it, and a check runs", async () => {
    // Inside the repository, so the bundle's npm packages resolve from its node_modules.
    const out = mkdtempSync(path.join(ROOT, 'node_modules', '.cache', 'package-test-'));
    try {
      // The server's own code, with the checks as an entry of their own to call: both look for
      // the worker beside their bundle, as dist/server.mjs does in the package.
      const checks = path.join(ROOT, 'content-api', 'src', 'features', 'images', 'svg-checks.ts');
      await bundle({ ...API_ENTRIES, 'svg-checks': checks }, out);
      expect(existsSync(path.join(out, 'svg-worker.mjs'))).toBe(true);
      const script = [
        `const { createSvgChecks } = await import(${JSON.stringify(pathToFileURL(path.join(out, 'svg-checks.mjs')).href)});`,
        'const checks = createSvgChecks({ onWorkerError: (error) => console.log("worker error", error.message) });',
        'const svg = \'<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><circle r="4"/></svg>\';',
        'const result = await checks.check(Buffer.from(svg));',
        'console.log(JSON.stringify({ ok: result.ok }));',
        'await checks.close();',
      ].join('\n');
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: out,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).toBe('');
      expect(run.stdout.trim()).toBe(JSON.stringify({ ok: true }));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
