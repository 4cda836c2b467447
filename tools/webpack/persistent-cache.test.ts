/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { ROOT } from '../root';
import { InstalledBuildCode } from './persistent-cache';

describe('InstalledBuildCode', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'installed-build-code-'));
    writeFileSync(path.join(dir, 'entry.js'), 'export const answer = 42;\n');
    writeFileSync(path.join(dir, 'config.js'), '// the build configuration\n');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The build dependencies webpack hands its cache after a real build, with or without the plugin. */
  async function storedBuildDependencies(withPlugin: boolean): Promise<string[]> {
    const stored: string[] = [];
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: './entry.js',
      output: { path: path.join(dir, 'dist') },
      // A loader named as the project's configs name theirs (build-context.ts).
      module: { rules: [{ test: /\.js$/, loader: 'swc-loader' }] },
      resolveLoader: { modules: [path.join(ROOT, 'node_modules')] },
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(dir, 'cache'),
        buildDependencies: { config: [path.join(dir, 'config.js')] },
      },
      plugins: withPlugin ? [new InstalledBuildCode()] : [],
    });
    compiler.cache.hooks.storeBuildDependencies.tap('test', (dependencies) => {
      stored.push(...dependencies);
    });
    await new Promise<void>((resolve, reject) =>
      compiler.run((error, stats) =>
        error || stats?.hasErrors() ? reject(error ?? new Error(String(stats))) : resolve(),
      ),
    );
    await new Promise<void>((resolve) => compiler.close(() => resolve()));
    return stored;
  }

  const installed = (file: string) => file.includes(`${path.sep}node_modules${path.sep}`);

  it('leaves the loaders and webpack itself to the cache version, keeping the configs’ code', async () => {
    const without = await storedBuildDependencies(false);
    // What webpack would walk: the loader's file, its own lib/ folder, the config.
    expect(without.some((file) => installed(file) && file.includes('swc-loader'))).toBe(true);
    expect(without.some((file) => installed(file) && /webpack[\\/]lib/.test(file))).toBe(true);
    expect(without).toContain(path.join(dir, 'config.js'));

    const kept = await storedBuildDependencies(true);
    expect(kept.filter(installed)).toEqual([]);
    expect(kept).toContain(path.join(dir, 'config.js'));
  }, 30_000);
});
