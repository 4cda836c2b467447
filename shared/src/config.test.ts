import { TEST_RUNTIME_CONFIG } from '@portfolio/testing';
import { RuntimeConfigError, parseRuntimeConfig } from '@portfolio/shared/config';

describe('parseRuntimeConfig', () => {
  it('accepts a complete config and trims a trailing slash from the API base', () => {
    const config = parseRuntimeConfig({ ...TEST_RUNTIME_CONFIG, apiBase: 'http://api.test/api/' });
    expect(config.apiBase).toBe('http://api.test/api');
    expect(config.remotes.shop).toBe(TEST_RUNTIME_CONFIG.remotes.shop);
  });

  it('names the missing remote', () => {
    const { shop: _shop, ...remotes } = TEST_RUNTIME_CONFIG.remotes;
    expect(() => parseRuntimeConfig({ ...TEST_RUNTIME_CONFIG, remotes })).toThrow('"remotes.shop"');
  });

  it('refuses a non-object', () => {
    expect(() => parseRuntimeConfig('nope')).toThrow(RuntimeConfigError);
  });

  it('defaults the profile store to the API and ignores unknown values', () => {
    expect(parseRuntimeConfig({ ...TEST_RUNTIME_CONFIG, profileStore: 'mongo' }).profileStore).toBe(
      'api',
    );
    expect(
      parseRuntimeConfig({ ...TEST_RUNTIME_CONFIG, profileStore: 'firestore' }).profileStore,
    ).toBe('firestore');
  });

  it('keeps an http(s) site URL without its trailing slash, and drops anything else', () => {
    const siteUrl = (value: unknown) =>
      parseRuntimeConfig({ ...TEST_RUNTIME_CONFIG, siteUrl: value }).siteUrl;
    expect(siteUrl('https://alex.example/')).toBe('https://alex.example');
    expect(siteUrl('javascript:alert(1)')).toBeUndefined();
    expect(siteUrl(undefined)).toBeUndefined();
  });

  it('keeps the emulator URL only when one is given', () => {
    expect(parseRuntimeConfig(TEST_RUNTIME_CONFIG).authEmulatorUrl).toBeUndefined();
    expect(
      parseRuntimeConfig({ ...TEST_RUNTIME_CONFIG, authEmulatorUrl: 'http://127.0.0.1:9099' })
        .authEmulatorUrl,
    ).toBe('http://127.0.0.1:9099');
  });

  it('accepts a bounded remote timeout and refuses anything else', () => {
    expect(
      parseRuntimeConfig({ ...TEST_RUNTIME_CONFIG, remoteLoadTimeoutMs: 3000 }).remoteLoadTimeoutMs,
    ).toBe(3000);
    for (const bad of [50, 1.5, '3000', 500_000]) {
      expect(() =>
        parseRuntimeConfig({ ...TEST_RUNTIME_CONFIG, remoteLoadTimeoutMs: bad }),
      ).toThrow('"remoteLoadTimeoutMs"');
    }
  });

  describe('remote origins (docs/decisions/080)', () => {
    const origins = [
      'http://portfolio.test',
      'http://blog.test',
      'http://auth.test',
      'http://shop.test',
    ];

    it('allows the origins of the remotes when a config names none (one written before the list)', () => {
      const { remoteOrigins: _list, ...older } = { ...TEST_RUNTIME_CONFIG, remoteOrigins: [] };
      expect(parseRuntimeConfig(older).remoteOrigins).toEqual(origins);
    });

    it('keeps a list that holds every remote', () => {
      const remoteOrigins = [...origins, 'https://cdn.example'];
      expect(parseRuntimeConfig({ ...TEST_RUNTIME_CONFIG, remoteOrigins }).remoteOrigins).toEqual(
        remoteOrigins,
      );
    });

    it('refuses a remote outside the list, so a forged config cannot point one elsewhere', () => {
      const remotes = {
        ...TEST_RUNTIME_CONFIG.remotes,
        blog: 'https://evil.example/mf-manifest.json',
      };
      expect(() =>
        parseRuntimeConfig({ ...TEST_RUNTIME_CONFIG, remotes, remoteOrigins: origins }),
      ).toThrow('"remotes.blog" is not on one of the allowed remote origins');
    });

    it.each([
      ['a relative URL', '/mf-manifest.json'],
      ['a javascript: URL', 'javascript:alert(1)'],
      ['a data: URL', 'data:text/javascript,alert(1)'],
      ['a URL with credentials', 'http://user:pass@blog.test/mf-manifest.json'],
    ])('refuses %s for a remote', (_what, url) => {
      const remotes = { ...TEST_RUNTIME_CONFIG.remotes, blog: url };
      expect(() => parseRuntimeConfig({ ...TEST_RUNTIME_CONFIG, remotes })).toThrow(
        '"remotes.blog" must be an absolute http(s) URL',
      );
    });

    it.each([
      ['not a list', 'http://blog.test'],
      ['a path', ['http://blog.test/x']],
      ['a number', [1]],
    ])('refuses a list that is %s', (_what, remoteOrigins) => {
      expect(() => parseRuntimeConfig({ ...TEST_RUNTIME_CONFIG, remoteOrigins })).toThrow(
        '"remoteOrigins"',
      );
    });
  });
});
