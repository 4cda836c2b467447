/** @jest-environment node */
// The site's server's settings: the defaults of today's variables, and a wrong value refused at
// start with the variable's name and what it accepts.
import { siteServerOptions } from './options';
import { readSiteServerSettings } from './settings';

describe("the site's server's settings", () => {
  it('has a default for every setting that needs one', () => {
    const settings = readSiteServerSettings({});
    expect(settings).toMatchObject({
      HOST: '127.0.0.1',
      SHELL_PORT: 3000,
      SITE_HOSTNAME: 'localhost',
      SSR_RENDER_BUDGET_MS: 1000,
      REMOTE_POLL_MS: 2000,
      RENDER_CACHE: true,
      CONTENT_CACHE: true,
      LOG_LEVEL: 'info',
      LOG_REQUESTS: true,
      HOT_RELOAD: false,
      PROFILE_STORE: 'api',
    });
    expect(settings.SITE_WORKERS).toBeUndefined();
    expect(settings.CONTENT_EVENTS_KEY).toBeUndefined();
  });

  it('reads each variable as its type', () => {
    const settings = readSiteServerSettings({
      SHELL_PORT: '3800',
      SSR_RENDER_BUDGET_MS: ' 250 ',
      RENDER_CACHE: 'OFF',
      HOT_RELOAD: 'yes',
      LOG_LEVEL: 'warn',
      CONTENT_EVENTS_KEY: ' key ',
      AUTH_EMULATOR_URL: '',
    });
    expect(settings).toMatchObject({
      SHELL_PORT: 3800,
      SSR_RENDER_BUDGET_MS: 250,
      RENDER_CACHE: false,
      HOT_RELOAD: true,
      LOG_LEVEL: 'warn',
      CONTENT_EVENTS_KEY: 'key',
      // Set but empty: no emulator.
      AUTH_EMULATOR_URL: '',
    });
    expect(siteServerOptions(settings, '/dist')).toMatchObject({
      renderBudgetMs: 250,
      renderCache: false,
      hotReload: true,
      logger: { level: 'warn' },
      contentEventsKey: 'key',
    });
  });

  it.each([
    [
      'SSR_RENDER_BUDGET_MS',
      'x',
      'SSR_RENDER_BUDGET_MS must be a whole number from 50 to 60000, got "x"',
    ],
    ['SSR_RENDER_BUDGET_MS', '10', 'from 50 to 60000, got "10"'],
    ['REMOTE_POLL_MS', '1.5', 'REMOTE_POLL_MS must be a whole number from 100 to 3600000'],
    ['SHELL_PORT', '70000', 'SHELL_PORT must be a port number (1-65535), got "70000"'],
    ['BLOG_PORT', 'blog', 'BLOG_PORT must be a port number (1-65535), got "blog"'],
    ['RENDER_CACHE', 'maybe', 'RENDER_CACHE must be on or off, got "maybe"'],
    [
      'LOG_LEVEL',
      'loud',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    ['PROFILE_STORE', 'disk', 'PROFILE_STORE must be one of api, firestore, got "disk"'],
    ['SITE_URL', 'alex.example', 'SITE_URL must be an http(s) URL, got "alex.example"'],
    ['API_BASE_URL', 'ftp://api', 'API_BASE_URL must be an absolute http(s) URL'],
    ['REMOTE_LOAD_TIMEOUT_MS', '5', 'REMOTE_LOAD_TIMEOUT_MS must be a whole number from 100'],
  ])('refuses %s=%j, saying what it accepts', (name, value, message) => {
    expect(() => readSiteServerSettings({ [name]: value })).toThrow(message);
  });
});
