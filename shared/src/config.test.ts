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
});
