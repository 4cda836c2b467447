/** @jest-environment node */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testCodeIn } from './check-production-build';

/** A build folder with these files (relative path: content). */
function fakeBuild(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'production-build-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const cleanRemote = {
  'remoteEntry.js': 'var shop;shop={"./StorePage":()=>import("./1.js")}',
  'mf-manifest.json': JSON.stringify({ exposes: [{ name: 'StorePage' }] }),
  'main.1a2b3c4d.js.map': JSON.stringify({
    sources: ['webpack://shop/./src/pages/StorePage/StorePage.tsx'],
    // What the sources say is not what was bundled.
    sourcesContent: ['// window.__portfolioDiagnostics is for test builds'],
  }),
  'server/routes.json': '{"routes":[]}',
  'assets/cover.png': 'not text',
};

describe('testCodeIn', () => {
  it('finds nothing in a clean production build', () => {
    expect(testCodeIn(fakeBuild(cleanRemote))).toEqual([]);
  });

  it('finds the federation diagnostics: the global, the expose and the module', () => {
    const found = testCodeIn(
      fakeBuild({
        ...cleanRemote,
        'main.js': 'window.__portfolioDiagnostics={compare}',
        'remoteEntry.js': '{"./Diagnostics":()=>import("./9.js")}',
        'mf-manifest.json': JSON.stringify({ exposes: [{ name: 'Diagnostics' }] }),
        '9.js.map': JSON.stringify({ sources: ['../../testing/src/federation-diagnostics.ts'] }),
      }),
    ).map(({ file }) => file);
    expect(found).toEqual(
      expect.arrayContaining(['main.js', 'remoteEntry.js', 'mf-manifest.json', '9.js.map']),
    );
  });

  it('finds test support, fast-check, test files and the single bundle stand-in', () => {
    const found = testCodeIn(
      fakeBuild({
        'resilience/hostile-requests.js': 'export const INJECTIONS = [];',
        'lib/campaign.js': "import fc from 'fast-check';",
        'app.test.js': '',
        'main.js.map': JSON.stringify({
          sources: ['../../testing/src/index.tsx', '../../tools/webpack/single-bundle-remotes.ts'],
        }),
        'shell.js': 'throw new Error("No page shop/X in the single bundle")',
      }),
    );
    expect(found.map(({ file }) => file).sort()).toEqual([
      'app.test.js',
      'lib/campaign.js',
      'main.js.map',
      'main.js.map',
      'resilience/hostile-requests.js',
      'shell.js',
    ]);
  });

  it("finds React Router's development build, in a browser bundle's map or a server chunk", () => {
    const found = testCodeIn(
      fakeBuild({
        ...cleanRemote,
        'main.js.map': JSON.stringify({
          sources: ['webpack://shop/../node_modules/react-router/dist/development/chunk-X.mjs'],
        }),
        'server/305.js': 'var ENABLE_DEV_WARNINGS = true;',
        'server/306.js': 'var ENABLE_DEV_WARNINGS = false;',
      }),
    );
    expect(found.map(({ file }) => file).sort()).toEqual(['main.js.map', 'server/305.js']);
  });
});
