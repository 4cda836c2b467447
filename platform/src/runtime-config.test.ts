/** @jest-environment node */
import { buildRuntimeConfig, isLoopbackHost, publicHostCheck } from './runtime-config';

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
  it('points at the local services on the given host name by default', () => {
    const config = buildRuntimeConfig({ hostname: 'localhost', env: {} });
    expect(config.apiBase).toBe('http://localhost:4000/api');
    expect(config.remotes.blog).toBe('http://localhost:3002/mf-manifest.json');
    expect(config.remoteOrigins).toContain('http://localhost:3002');
    expect(config.authEmulatorUrl).toBe('http://localhost:9099');
  });

  it('lists the origins of configured remotes, once each', () => {
    const config = buildRuntimeConfig({
      env: {
        REMOTE_BLOG_URL: 'https://blog.example/v/1/mf-manifest.json',
        REMOTE_SHOP_URL: 'https://blog.example/shop/mf-manifest.json',
      },
    });
    expect(config.remoteOrigins.filter((origin) => origin === 'https://blog.example')).toHaveLength(
      1,
    );
  });

  it('stops at a setting that makes an invalid config, naming it', () => {
    expect(() => buildRuntimeConfig({ env: { REMOTE_BLOG_URL: 'blog.example/x' } })).toThrow(
      /REMOTE_\*_URL/,
    );
    expect(() => buildRuntimeConfig({ env: { REMOTE_LOAD_TIMEOUT_MS: '5' } })).toThrow(
      'REMOTE_LOAD_TIMEOUT_MS must be a whole number from 100 to 120000',
    );
    expect(() => buildRuntimeConfig({ env: { SITE_URL: 'ftp://x' } })).toThrow('SITE_URL');
  });
});
