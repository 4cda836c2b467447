/** @jest-environment node */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  buildVersion,
  deployBuild,
  endCanary,
  promoteCanary,
  readCanary,
  readPointer,
  startCanary,
  uploadCandidate,
} from './deploy';
import { createStaticServer } from '@portfolio/platform/static-server';

/** A remote's build as webpack leaves it: browser files and server/, `marker` in each. */
function fakeBuild(marker: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'build-'));
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ marker }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var shop = "${marker}";`);
  writeFileSync(path.join(dir, `chunk.${marker}.js`), `/* ${marker} */`);
  writeFileSync(path.join(dir, 'index.html'), `<title>${marker}</title>`);
  writeFileSync(
    path.join(dir, 'server', 'routes.json'),
    JSON.stringify({ version: marker, routes: [{ path: '/store', module: './StorePage' }] }),
  );
  return dir;
}

describe('deployBuild', () => {
  it('copies a build to a versioned folder, says where it is served, and points at it', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'deploys-'));
    const build = fakeBuild('aaaaaaaa');
    const { version, changed } = deployBuild({ buildDir: build, deployRoot: root });
    expect(changed).toBe(true);
    expect(version).toBe(buildVersion(build));
    expect(readPointer(root)).toEqual({ version, history: [version], kept: [] });
    const routes = JSON.parse(
      readFileSync(path.join(root, 'versions', version, 'server', 'routes.json'), 'utf8'),
    );
    expect(routes.deployment).toBe(`v/${version}/`);
    // The same build again changes nothing.
    expect(deployBuild({ buildDir: build, deployRoot: root })).toEqual({ version, changed: false });
  });

  it('keeps the last few versions and removes older ones', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'deploys-'));
    const build = fakeBuild('bbbbbbbb');
    for (let n = 1; n <= 7; n += 1) {
      deployBuild({ buildDir: build, deployRoot: root, version: `v${n}`, keep: 3 });
    }
    expect(readPointer(root)?.history).toEqual(['v7', 'v6', 'v5']);
    expect(readdirSync(path.join(root, 'versions')).sort()).toEqual(['v5', 'v6', 'v7']);
    // Back to a kept version: a rollback is a pointer switch.
    deployBuild({ buildDir: build, deployRoot: root, version: 'v5', keep: 3 });
    expect(readPointer(root)).toEqual({ version: 'v5', history: ['v5', 'v7', 'v6'], kept: [] });
  });

  it('refuses a folder that is not a build, and a version id that is not a plain name', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'deploys-'));
    expect(() => deployBuild({ buildDir: root, deployRoot: root })).toThrow(/not a remote's build/);
    const build = fakeBuild('cccccccc');
    for (const bad of ['../escape', 'a/b', '']) {
      expect(() => deployBuild({ buildDir: build, deployRoot: root, version: bad })).toThrow(
        /Not a usable version/,
      );
    }
    expect(existsSync(path.join(root, 'current.json'))).toBe(false);
  });
});

describe('candidates and canaries (docs/decisions/191)', () => {
  it('uploads a candidate without making it live, and keeps it through later deploys', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'deploys-'));
    expect(() => uploadCandidate({ buildDir: fakeBuild('x'), deployRoot: root })).toThrow(
      /Nothing is live/,
    );
    deployBuild({ buildDir: fakeBuild('live0000'), deployRoot: root, version: 'live' });
    const { version, live } = uploadCandidate({
      buildDir: fakeBuild('cand0000'),
      deployRoot: root,
      version: 'cand',
    });
    expect({ version, live }).toEqual({ version: 'cand', live: false });
    expect(readPointer(root)).toEqual({ version: 'live', history: ['live'], kept: ['cand'] });
    for (let n = 1; n <= 6; n += 1) {
      deployBuild({ buildDir: fakeBuild('next'), deployRoot: root, version: `v${n}`, keep: 2 });
    }
    // Out of the live history long ago, still servable: it is a kept candidate.
    expect(readdirSync(path.join(root, 'versions')).sort()).toEqual(['cand', 'v5', 'v6']);
  });

  it('starts, changes, promotes and ends a canary through canary.json', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'deploys-'));
    deployBuild({ buildDir: fakeBuild('live0000'), deployRoot: root, version: 'live' });
    expect(() =>
      startCanary(root, { version: 'nope', percent: 10, margin: 2, minViews: 50 }),
    ).toThrow(/not an uploaded candidate/);
    uploadCandidate({ buildDir: fakeBuild('cand0000'), deployRoot: root, version: 'cand' });
    const started = startCanary(root, { version: 'cand', percent: 10, margin: 2, minViews: 50 });
    expect(readCanary(root)).toEqual(started);
    // Another share of the same candidate keeps its start (the site's counts go on).
    const widened = startCanary(root, { version: 'cand', percent: 50, margin: 2, minViews: 50 });
    expect(widened).toEqual({ ...started, percent: 50 });
    expect(promoteCanary(root)).toEqual({ version: 'cand' });
    expect(readPointer(root)).toEqual({ version: 'cand', history: ['cand', 'live'], kept: [] });
    expect(readCanary(root)).toBeNull();
    expect(endCanary(root)).toBeNull();
  });
});

describe('createStaticServer over deploys', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'deploys-'));
  const server = createStaticServer({ deployRoot: root, cors: true, env: {} });
  let base = '';
  const get = async (pathname: string) => {
    const response = await fetch(`${base}${pathname}`);
    return {
      status: response.status,
      cache: response.headers.get('cache-control'),
      text: await response.text(),
    };
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers 404 before the first deploy', async () => {
    expect((await get('/mf-manifest.json')).status).toBe(404);
  });

  it('serves the current version at the usual addresses, and kept versions under /v/', async () => {
    deployBuild({ buildDir: fakeBuild('11111111'), deployRoot: root, version: 'one' });
    expect(await get('/mf-manifest.json')).toMatchObject({ status: 200, cache: 'no-cache' });
    expect((await get('/remoteEntry.js')).text).toContain('11111111');

    deployBuild({ buildDir: fakeBuild('22222222'), deployRoot: root, version: 'two' });
    expect((await get('/remoteEntry.js')).text).toContain('22222222');
    // A page rendered with the first version still gets every one of its files.
    expect(await get('/v/one/remoteEntry.js')).toMatchObject({
      status: 200,
      cache: 'public, max-age=31536000, immutable',
      text: 'var shop = "11111111";',
    });
    expect((await get('/v/one/chunk.11111111.js')).status).toBe(200);
    expect((await get('/v/one/server/routes.json')).text).toContain('"deployment": "v/one/"');
    // No page fallback inside a version, and nothing outside the kept ones.
    expect((await get('/v/one/no-such-page')).status).toBe(404);
    expect((await get('/v/zero/remoteEntry.js')).status).toBe(404);
    expect((await get('/v/..%2F..%2Fetc/passwd')).status).not.toBe(200);
  });

  it("serves the remote's canary.json, asked again each time, and 404 without one", async () => {
    expect(await get('/canary.json')).toMatchObject({ status: 404, cache: 'no-cache' });
    uploadCandidate({ buildDir: fakeBuild('33333333'), deployRoot: root, version: 'three' });
    startCanary(root, { version: 'three', percent: 5, margin: 1, minViews: 10 });
    const canary = await get('/canary.json');
    expect(canary).toMatchObject({ status: 200, cache: 'no-cache' });
    expect(JSON.parse(canary.text)).toMatchObject({ version: 'three', percent: 5 });
    endCanary(root);
    expect((await get('/canary.json')).status).toBe(404);
  });
});
