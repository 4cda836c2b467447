/** @jest-environment node */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { cacheControlFor } from './cache-control';
import { SettingsError, readSettings } from './settings';
import { StaticEntrySettingsSchema, createStaticServer } from './static-server';
import { buildRuntimeConfig } from './runtime-config';
import { contentSecurityPolicy, reportingEndpoints } from './security-headers';

describe('cacheControlFor', () => {
  it('never caches the federation entry points and the page', () => {
    expect(cacheControlFor('/dist/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/dist/mf-manifest.json')).toBe('no-cache');
    expect(cacheControlFor('/dist/index.html')).toBe('no-cache');
    expect(cacheControlFor('/dist/server/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/dist/server/routes.json')).toBe('no-cache');
  });

  it('caches content-hashed files for a year', () => {
    expect(cacheControlFor('/dist/main.0a1b2c3d.js')).toBe('public, max-age=31536000, immutable');
  });
});

describe('createStaticServer', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'static-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(
    path.join(root, 'main.0a1b2c3d.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))});`,
  );
  writeFileSync(path.join(root, 'remoteEntry.js'), 'var shop;');
  const server = createStaticServer({ root, cors: true, env: { API_PORT: '4100' } });
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('serves hashed files compressed, immutable and with CORS', async () => {
    const response = await fetch(`${base}/main.0a1b2c3d.js`, {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await response.text()).toContain('xxxx');
  });

  it('answers a deep link with the page (SPA fallback)', async () => {
    const response = await fetch(`${base}/article/some-id`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<title>app</title>');
  });

  it('announces the runtime config with the page only, so it downloads beside the scripts', async () => {
    const page = await fetch(`${base}/blog`);
    expect(page.headers.get('link')).toBe(
      '</runtime-config.json>; rel=preload; as=fetch; crossorigin',
    );
    expect((await fetch(`${base}/main.0a1b2c3d.js`)).headers.get('link')).toBeNull();
  });

  it('answers 404 for a missing asset and refuses to leave its folder', async () => {
    expect((await fetch(`${base}/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/..%2f..%2fetc%2fpasswd`)).status).toBe(403);
  });

  it('answers only for the configured host names, never writing another into the config', async () => {
    const { request } = await import('node:http');
    const withHost = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const call = request(`${base}/runtime-config.json`, { headers: { host } }, (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        });
        call.on('error', reject);
        call.end();
      });
    expect(await withHost('evil.example')).toBe(400);
    expect(await withHost('a;object-src')).toBe(400);
    expect(await withHost('evil.example@localhost')).toBe(400);
    expect(await withHost('localhost:3004')).toBe(200);
  });

  it('never serves source maps', async () => {
    writeFileSync(path.join(root, 'main.0a1b2c3d.js.map'), '{"version":3}');
    expect((await fetch(`${base}/main.0a1b2c3d.js.map`)).status).toBe(404);
  });

  it('serves the runtime config for the host name the browser used', async () => {
    const response = await fetch(`${base}/runtime-config.json`);
    const config = await response.json();
    expect(response.headers.get('cache-control')).toBe('no-cache');
    // Everything on the site's origin for that host name (docs/decisions/101).
    expect(config.apiBase).toBe('http://127.0.0.1:3000/api');
    expect(config.remotes.shop).toBe('http://127.0.0.1:3000/remotes/shop/mf-manifest.json');
  });

  it('reads its settings once, when created: a wrong one stops it there, with its name', () => {
    expect(() => createStaticServer({ root, env: { REMOTE_LOAD_TIMEOUT_MS: 'soon' } })).toThrow(
      /^REMOTE_LOAD_TIMEOUT_MS must be a whole number from 100 to 120000, got "soon"$/,
    );
    // The entry's own: where it listens, besides the server's.
    expect(() => readSettings(StaticEntrySettingsSchema, { PORT: '80800' })).toThrow(SettingsError);
    expect(readSettings(StaticEntrySettingsSchema, {})).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8080,
    });
  });
});

describe('buildRuntimeConfig', () => {
  it('defaults to the local services and the emulator', () => {
    const config = buildRuntimeConfig({ hostname: 'localhost', env: {} });
    expect(config.apiBase).toBe('http://localhost:3000/api');
    expect(config.authEmulatorUrl).toBe('http://localhost:9099');
    expect(config.firebase.projectId).toBe('demo-portfolio');
    expect(config.profileStore).toBe('api');
  });

  it('takes the public site URL from SITE_URL, never from the host it is built for', () => {
    expect(buildRuntimeConfig({ hostname: 'localhost', env: {} }).siteUrl).toBe(
      'http://localhost:3000',
    );
    expect(
      buildRuntimeConfig({ hostname: '127.0.0.1', env: { SITE_URL: 'https://alex.example/' } })
        .siteUrl,
    ).toBe('https://alex.example');
    expect(() => buildRuntimeConfig({ env: { SITE_URL: 'alex.example' } })).toThrow(/SITE_URL/);
  });

  it('drops the emulator for a real Firebase project', () => {
    const config = buildRuntimeConfig({
      env: { FIREBASE_API_KEY: 'real-key', FIREBASE_PROJECT_ID: 'my-project' },
    });
    expect(config.authEmulatorUrl).toBeUndefined();
    expect(config.firebase).toMatchObject({ apiKey: 'real-key', projectId: 'my-project' });
  });
});

describe('contentSecurityPolicy', () => {
  const policy = (env: Record<string, string>) =>
    Object.fromEntries(
      contentSecurityPolicy(buildRuntimeConfig({ hostname: 'localhost', env }))
        .split('; ')
        .map((directive) => {
          const [name, ...sources] = directive.split(' ');
          return [name, sources];
        }),
    ) as Record<string, string[]>;

  it("allows scripts from the site's origin only (the remotes are served there), never inline", () => {
    const csp = policy({ REMOTE_BLOG_URL: 'https://blog.example.com/mf-manifest.json' });
    expect(csp['script-src']).toContain("'self'");
    expect(csp['script-src']).toContain('http://localhost:3000');
    expect(csp['script-src']?.join(' ')).not.toMatch(/blog\.example\.com|:3004/);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
  });

  it("on a server-rendered page: the nonce or the scripts' hashes, and strict-dynamic, still never inline", () => {
    const config = buildRuntimeConfig({ hostname: 'localhost', env: {} });
    const scriptsOf = (csp: string) =>
      csp.split('; ').find((directive) => directive.startsWith('script-src '));
    const signedIn = scriptsOf(contentSecurityPolicy(config, { nonce: 'abc123' }));
    expect(signedIn).toContain("'nonce-abc123' 'strict-dynamic'");
    const shared = scriptsOf(contentSecurityPolicy(config, { scriptHashes: ['A1=', 'B2='] }));
    expect(shared).toContain("'sha256-A1=' 'sha256-B2=' 'strict-dynamic'");
    expect(shared).not.toContain('nonce');
    for (const scripts of [signedIn, shared]) expect(scripts).not.toContain("'unsafe-inline'");
  });

  it('sends violations to the content API', () => {
    const csp = policy({});
    expect(csp['report-uri']).toEqual(['http://localhost:3000/api/csp-reports']);
    expect(csp['report-to']).toEqual(['csp']);
    expect(reportingEndpoints(buildRuntimeConfig({ hostname: 'localhost', env: {} }))).toBe(
      'csp="http://localhost:3000/api/csp-reports"',
    );
  });

  it('lets pages call the API and the auth emulator, and forbids framing', () => {
    const csp = policy({});
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining(['http://localhost:3000', 'http://localhost:9099']),
    );
    expect(csp['img-src']).toContain('http://localhost:3000');
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
  });
});
