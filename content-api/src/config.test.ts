import path from 'node:path';
import { DEFAULT_CORS_ORIGINS, readConfig, startupRefusal } from './config.js';
import { packageRoot } from './paths.js';

describe('readConfig', () => {
  it('has defaults for everything', () => {
    const config = readConfig({});
    expect(config).toEqual({
      host: '127.0.0.1',
      port: 4000,
      databaseUrl: undefined,
      redisUrl: undefined,
      dataDir: path.join(packageRoot, 'data', 'pglite'),
      corsOrigins: DEFAULT_CORS_ORIGINS,
      siteUrl: 'http://localhost:3000',
      firebaseProjectId: 'demo-portfolio',
      authEmulatorHost: undefined,
      contactRateLimit: 5,
      devAdmin: { email: 'admin@portfolio.local', password: 'admin-password-123' },
      production: false,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(DEFAULT_CORS_ORIGINS).toHaveLength(10);
    expect(DEFAULT_CORS_ORIGINS).toContain('http://localhost:3004');
    expect(DEFAULT_CORS_ORIGINS).toContain('http://127.0.0.1:3000');
  });

  it('reads every variable', () => {
    const config = readConfig({
      HOST: '0.0.0.0',
      PORT: '8080',
      DATABASE_URL: 'postgres://db/app',
      REDIS_URL: 'redis://:secret@cache:6379/0',
      DATA_DIR: '/var/data/pglite',
      CORS_ORIGINS: 'https://a.example, https://b.example/',
      SITE_URL: 'https://site.example/',
      FIREBASE_PROJECT_ID: 'prod-project',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      CONTACT_RATE_LIMIT: '20',
      DEV_ADMIN_EMAIL: 'me@x.test',
      DEV_ADMIN_PASSWORD: 'secret-pass',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      databaseUrl: 'postgres://db/app',
      redisUrl: 'redis://:secret@cache:6379/0',
      dataDir: '/var/data/pglite',
      corsOrigins: ['https://a.example', 'https://b.example'],
      siteUrl: 'https://site.example',
      firebaseProjectId: 'prod-project',
      authEmulatorHost: '127.0.0.1:9099',
      contactRateLimit: 20,
      devAdmin: { email: 'me@x.test', password: 'secret-pass' },
      production: true,
      logLevel: 'warn',
      trustProxy: true,
    });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer between 0 and 65535/],
    [{ CONTACT_RATE_LIMIT: '0' }, /CONTACT_RATE_LIMIT/],
    [{ SITE_URL: 'ftp://x' }, /SITE_URL must be an http\(s\) URL/],
    [{ REDIS_URL: 'cache:6379' }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL\.$/],
  ])('rejects %j', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});

describe('startupRefusal', () => {
  it('refuses production with the Auth emulator variable set', () => {
    expect(startupRefusal({ production: true, authEmulatorHost: '127.0.0.1:9099' })).toMatch(
      /Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production/,
    );
  });

  // firebase-admin switches to emulator mode for any non-empty value, blank included.
  it.each(['127.0.0.1:9099', ' ', 'localhost'])(
    'refuses NODE_ENV=production with FIREBASE_AUTH_EMULATOR_HOST=%j',
    (host) => {
      const config = readConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: host });
      expect(startupRefusal(config)).toMatch(/^Refusing to start/);
    },
  );

  it('an empty FIREBASE_AUTH_EMULATOR_HOST is unset (firebase-admin ignores it too)', () => {
    const config = readConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '' });
    expect(startupRefusal(config)).toBeUndefined();
  });

  it.each([
    { production: true, authEmulatorHost: undefined },
    { production: false, authEmulatorHost: '127.0.0.1:9099' },
    { production: false, authEmulatorHost: undefined },
  ])('allows %j', (config) => {
    expect(startupRefusal(config)).toBeUndefined();
  });
});
