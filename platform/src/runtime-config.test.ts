/** @jest-environment node */
import {
  buildRuntimeConfig,
  isLoopbackHost,
  publicHostCheck,
  siteUpstreams,
} from './runtime-config';

describe('host names', () => {
  it('knows the loopback names, with or without a port', () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect(isLoopbackHost(host)).toBe(true);
    }
    for (const host of ['example.com', 'localhost.example.com:3000', '', undefined, 'a b']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });

  it('answers loopback names and the configured public hosts only', () => {
    const isPublicHost = publicHostCheck({ PUBLIC_HOSTS: 'www.example.com' });
    expect(isPublicHost('localhost:3000')).toBe(true);
    expect(isPublicHost('www.example.com')).toBe(true);
    expect(isPublicHost('evil.example')).toBe(false);
    expect(isPublicHost(undefined)).toBe(false);
  });
});

describe('buildRuntimeConfig', () => {
  it("puts every address the browser uses on the site's own origin", () => {
    const config = buildRuntimeConfig({ hostname: 'localhost', env: {} });
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.apiBase).toBe('http://localhost:3000/api');
    expect(config.remotes.blog).toBe('http://localhost:3000/remotes/blog/mf-manifest.json');
    expect(config.remoteOrigins).toEqual(['http://localhost:3000']);
    expect(config.authEmulatorUrl).toBe('http://localhost:9099');
    const published = buildRuntimeConfig({
      env: {
        SITE_URL: 'https://alex.example',
        REMOTE_BLOG_URL: 'https://blog.cdn.example/v/1/mf-manifest.json',
        API_BASE_URL: 'http://10.0.0.5:4000/api',
      },
    });
    // Where the services really are is the edge's business, never the page's.
    expect(published.remotes.blog).toBe('https://alex.example/remotes/blog/mf-manifest.json');
    expect(published.apiBase).toBe('https://alex.example/api');
    expect(JSON.stringify(published)).not.toMatch(/cdn\.example|10\.0\.0\.5/);
  });

  it('stops at a setting that makes an invalid config, naming it', () => {
    expect(() => buildRuntimeConfig({ env: { REMOTE_BLOG_URL: 'blog.example/x' } })).toThrow(
      /REMOTE_BLOG_URL/,
    );
    expect(() => buildRuntimeConfig({ env: { API_BASE_URL: 'ftp://api' } })).toThrow(
      /API_BASE_URL/,
    );
    expect(() => buildRuntimeConfig({ env: { REMOTE_LOAD_TIMEOUT_MS: '5' } })).toThrow(
      'REMOTE_LOAD_TIMEOUT_MS must be a whole number from 100 to 120000',
    );
    expect(() => buildRuntimeConfig({ env: { SITE_URL: 'ftp://x' } })).toThrow('SITE_URL');
  });
});

describe('siteUpstreams', () => {
  it('finds each service at its own origin: the local ports by default, or the settings', () => {
    expect(siteUpstreams({ hostname: 'localhost', env: {} })).toEqual({
      api: 'http://127.0.0.1:4000/api',
      remotes: {
        portfolio: 'http://127.0.0.1:3001/mf-manifest.json',
        blog: 'http://127.0.0.1:3002/mf-manifest.json',
        auth: 'http://127.0.0.1:3003/mf-manifest.json',
        shop: 'http://127.0.0.1:3004/mf-manifest.json',
      },
    });
    const set = siteUpstreams({
      env: {
        API_BASE_URL: 'http://api:4000/api/',
        REMOTE_BLOG_URL: 'https://blog.cdn.example/mf-manifest.json',
        BLOG_PORT: '3999',
      },
    });
    expect(set.api).toBe('http://api:4000/api');
    expect(set.remotes.blog).toBe('https://blog.cdn.example/mf-manifest.json');
    expect(siteUpstreams({ hostname: 'site.lan', env: { SHOP_PORT: '3999' } }).remotes.shop).toBe(
      'http://site.lan:3999/mf-manifest.json',
    );
  });
});
