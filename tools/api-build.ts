// The content API's build (content-api/dist) and the contract's it runs with (contract/dist):
// each TypeScript file of their src/ becomes the JavaScript module at the same place under dist/,
// by esbuild, one file at a time (docs/decisions/219). No type check here: `npm test` checks the
// same sources (`npm run typecheck:api`), and `isolatedModules` in the compiler's settings keeps
// every file compilable alone. Tests and their support are left out; tools/build.ts then checks
// the output for test code (docs/decisions/071).
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './root';

/** The packages built, each with what of its src/ is not built besides the tests. */
const PACKAGES: { dir: string; testSupport: string[] }[] = [
  { dir: 'contract', testSupport: [] },
  { dir: 'content-api', testSupport: ['testing'] },
];

/** The sources a package's build compiles: src/ without tests, declarations and test support. */
export function apiBuildSources(dir: string, testSupport: readonly string[] = []): string[] {
  const src = path.join(ROOT, dir, 'src');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !/\.(test|d)\.ts$/.test(file))
    .filter((file) => !testSupport.some((folder) => file.startsWith(`${folder}${path.sep}`)))
    .sort()
    .map((file) => path.join(src, file));
}

export async function buildApiPackages(): Promise<void> {
  for (const { dir, testSupport } of PACKAGES) {
    const outdir = path.join(ROOT, dir, 'dist');
    rmSync(outdir, { recursive: true, force: true });
    await build({
      entryPoints: apiBuildSources(dir, testSupport),
      outdir,
      outbase: path.join(ROOT, dir, 'src'),
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
    });
  }
}
