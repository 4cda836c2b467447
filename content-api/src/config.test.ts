import path from 'node:path';
import {
  DEFAULT_CORS_ORIGINS,
  DEFAULT_PUBLIC_HOSTS,
  EMULATOR_OPT_IN,
  readConfig,
  startupRefusal,
  startupWarning,
} from './config.js';
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
      allowAuthEmulatorOnNetwork: false,
      publicHosts: DEFAULT_PUBLIC_HOSTS,
      contactRateLimit: 5,
      pageViewRateLimit: 60,
      analytics: true,
      allowNotificationsToLoopback: false,
      smtpUrl: undefined,
      mailFrom: 'Portfolio <no-reply@localhost>',
      cacheMaxBytes: 32 * 1024 * 1024,
      devAdmin: { email: 'admin@portfolio.local', password: 'admin-password-123' },
      production: false,
      logLevel: 'info',
      logRequests: true,
      trustProxy: false,
      contentEventsKey: undefined,
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
      CACHE_MAX_BYTES: '1048576',
      DEV_ADMIN_EMAIL: 'me@x.test',
      DEV_ADMIN_PASSWORD: 'secret-pass',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      LOG_REQUESTS: 'off',
      TRUST_PROXY: '10.0.3.7, 10.0.4.0/24',
      ALLOW_AUTH_EMULATOR_ON_NETWORK: EMULATOR_OPT_IN,
      PUBLIC_HOSTS: 'api.example.com, API2.example.com:8443',
      CONTENT_EVENTS_KEY: 'k'.repeat(64),
      ALLOW_NOTIFICATIONS_TO_LOOPBACK: 'off',
      SMTP_URL: 'smtp://site:pass@127.0.0.1:1025',
      MAIL_FROM: 'Ada <ada@site.example>',
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
      cacheMaxBytes: 1_048_576,
      devAdmin: { email: 'me@x.test', password: 'secret-pass' },
      production: true,
      logLevel: 'warn',
      logRequests: false,
      trustProxy: ['10.0.3.7', '10.0.4.0/24'],
      allowAuthEmulatorOnNetwork: true,
      publicHosts: ['api.example.com', 'api2.example.com:8443'],
      contentEventsKey: 'k'.repeat(64),
      allowNotificationsToLoopback: false,
      smtpUrl: 'smtp://site:pass@127.0.0.1:1025',
      mailFrom: 'Ada <ada@site.example>',
    });
    // On where development runs (npm start sets it), never in production (below).
    expect(readConfig({ ALLOW_NOTIFICATIONS_TO_LOOPBACK: 'on' }).allowNotificationsToLoopback).toBe(
      true,
    );
  });

  it.each([
    ['0.0.0.0', DEFAULT_PUBLIC_HOSTS],
    ['::', DEFAULT_PUBLIC_HOSTS],
    ['192.168.1.20', [...DEFAULT_PUBLIC_HOSTS, '192.168.1.20']],
    ['fd00::2', [...DEFAULT_PUBLIC_HOSTS, '[fd00::2]']],
  ])('derives PUBLIC_HOSTS from HOST=%s', (host, expected) => {
    expect(readConfig({ HOST: host }).publicHosts).toEqual(expected);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer between 0 and 65535/],
    [{ CONTACT_RATE_LIMIT: '0' }, /CONTACT_RATE_LIMIT/],
    [{ CACHE_MAX_BYTES: '32MB' }, /CACHE_MAX_BYTES must be an integer/],
    [{ SITE_URL: 'ftp://x' }, /SITE_URL must be an http\(s\) URL/],
    [{ REDIS_URL: 'cache:6379' }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL\.$/],
    [{ ALLOW_AUTH_EMULATOR_ON_NETWORK: 'yes' }, /ALLOW_AUTH_EMULATOR_ON_NETWORK must be unset/],
    [{ PUBLIC_HOSTS: 'http://api.example.com' }, /PUBLIC_HOSTS must be/],
    [{ LOG_REQUESTS: 'false' }, /LOG_REQUESTS must be "on" or "off"/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of fatal, error, warn, info/],
    [{ CONTENT_EVENTS_KEY: 'short-secret' }, /CONTENT_EVENTS_KEY must be 32 to 512 visible/],
    [{ CONTENT_EVENTS_KEY: `${'k'.repeat(40)} x` }, /CONTENT_EVENTS_KEY must be 32 to 512/],
    [{ ALLOW_NOTIFICATIONS_TO_LOOPBACK: 'yes' }, /ALLOW_NOTIFICATIONS_TO_LOOPBACK must be "on"/],
    // The site's own mail server is on this machine, by its address (docs/decisions/205); the
    // refusal never repeats the URL, which may hold a password.
    [{ SMTP_URL: 'mail.example.com:25' }, /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL on/],
    [{ SMTP_URL: 'smtp://u:hunter2@mail.example.com' }, /^SMTP_URL must be .*not such an address/],
    [{ SMTP_URL: 'smtp://localhost:1025' }, /not such an address/],
    [{ SMTP_URL: 'smtp://0x7f000001:1025' }, /not such an address/],
    [{ SMTP_URL: 'smtp://10.0.0.5:25' }, /not such an address/],
    [
      { ALLOW_NOTIFICATIONS_TO_LOOPBACK: 'on', NODE_ENV: 'production' },
      /ALLOW_NOTIFICATIONS_TO_LOOPBACK=on is for development only/,
    ],
  ])('rejects %j', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });

  it('never repeats the password of a refused SMTP_URL', () => {
    for (const url of ['smtp://u:hunter2@mail.example.com', 'mail://u:hunter2@127.0.0.1']) {
      expect(() => readConfig({ SMTP_URL: url })).toThrow(/SMTP_URL must be/);
      expect(() => readConfig({ SMTP_URL: url })).not.toThrow(/hunter2/);
    }
  });
});

describe('TRUST_PROXY (security round 4, finding 1)', () => {
  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1,::1', ['127.0.0.1', '::1']],
    ['loopback', ['loopback']],
    ['uniquelocal, 203.0.113.0/24', ['uniquelocal', '203.0.113.0/24']],
    ['10.0.0.0/8,fd00:1234::/32', ['10.0.0.0/8', 'fd00:1234::/32']],
    ['::ffff:10.1.0.0/112', ['::ffff:10.1.0.0/112']],
  ])('takes %j as %j', (raw, expected) => {
    expect(readConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it.each([
    ['true', /Got "true", which would believe the X-Forwarded-For any client writes/],
    ['TRUE', /Got "TRUE", which would believe/],
    ['*', /Got "\*", which would believe/],
    ['all', /Got "all", which would believe/],
    [
      '0.0.0.0/0',
      /"0\.0\.0\.0\/0" takes in far more than a proxy network \(at most \/8 for IPv4\)/,
    ],
    ['::/0', /"::\/0" takes in far more than a proxy network \(at most \/32 for IPv6\)/],
    ['10.0.0.1, 0.0.0.0/1', /"0\.0\.0\.0\/1" takes in far more/],
    ['::ffff:0.0.0.0/96', /at most \/104 for IPv4-mapped IPv6/],
    ['11', /a hop count, 1 to 10\); unset or "false" believes no one\. Got the hop count 11\./],
    ['10.0.0.0/33', /"10\.0\.0\.0\/33" has no valid prefix length/],
    ['10.0.0.0/255.0.0.0', /has no valid prefix length/],
    ['proxy.internal', /"proxy\.internal" is not an address or a range/],
    ['10.0.0.1,,10.0.0.2', /an entry is empty/],
  ])('refuses %j with the variable and what it accepts', (raw, reason) => {
    expect(() => readConfig({ TRUST_PROXY: raw })).toThrow(
      /^TRUST_PROXY must say which proxies stand in front of the API: their addresses or ranges/,
    );
    expect(() => readConfig({ TRUST_PROXY: raw })).toThrow(reason);
  });
});

describe('startupRefusal', () => {
  const local = {
    production: false,
    host: '127.0.0.1',
    firebaseProjectId: 'demo-portfolio',
    authEmulatorHost: '127.0.0.1:9099',
    allowAuthEmulatorOnNetwork: false,
  };

  it('refuses production with the Auth emulator variable set', () => {
    expect(startupRefusal({ ...local, production: true })).toMatch(
      /Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production/,
    );
  });

  it('refuses production even with the network opt-in', () => {
    expect(
      startupRefusal({ ...local, production: true, allowAuthEmulatorOnNetwork: true }),
    ).toMatch(/NODE_ENV=production/);
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

  // Unsigned tokens are accepted in emulator mode: only this machine may reach it.
  it.each([
    [{ host: '0.0.0.0' }, /HOST 0\.0\.0\.0 is not a loopback address/],
    [{ host: '::' }, /HOST :: is not a loopback address/],
    [{ host: '192.168.1.20' }, /HOST 192\.168\.1\.20/],
    [{ firebaseProjectId: 'my-real-project' }, /does not start with "demo-"/],
    [{ authEmulatorHost: '10.0.0.5:9099' }, /FIREBASE_AUTH_EMULATOR_HOST is not a loopback/],
    [{ authEmulatorHost: ' ' }, /FIREBASE_AUTH_EMULATOR_HOST is not a loopback/],
    [{ authEmulatorHost: 'emulator.example:9099' }, /FIREBASE_AUTH_EMULATOR_HOST is not/],
  ])('refuses emulator mode with %j', (change, message) => {
    const refusal = startupRefusal({ ...local, ...change });
    expect(refusal).toMatch(/^Refusing to start/);
    expect(refusal).toMatch(message);
    expect(refusal).toContain(`ALLOW_AUTH_EMULATOR_ON_NETWORK=${EMULATOR_OPT_IN}`);
  });

  it('starts exposed with the opt-in, with a loud warning', () => {
    const config = { ...local, host: '0.0.0.0', allowAuthEmulatorOnNetwork: true };
    expect(startupRefusal(config)).toBeUndefined();
    expect(startupWarning(config)).toMatch(/^WARNING: .*can act as any emulator account/);
  });

  it.each([
    local,
    { ...local, host: 'localhost', authEmulatorHost: 'localhost:9099' },
    { ...local, host: '::1', authEmulatorHost: '[::1]:9099' },
    { ...local, host: '127.0.0.2' },
    { ...local, production: true, authEmulatorHost: undefined },
    { ...local, host: '0.0.0.0', firebaseProjectId: 'real', authEmulatorHost: undefined },
  ])('allows %j without a warning', (config) => {
    expect(startupRefusal(config)).toBeUndefined();
    expect(startupWarning(config)).toBeUndefined();
  });
});
