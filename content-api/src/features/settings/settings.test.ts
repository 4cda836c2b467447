// The site's settings (docs/decisions/141): GET /settings for everyone, PUT /settings for the
// admin only, every body checked against the contract and answered 4xx with a message, and a
// saved change seen at once by every reader (the settings themselves, the about data, the feed,
// the cards).
import fs from 'node:fs';
import path from 'node:path';
import {
  IMAGE_VARIANT_WIDTHS,
  SiteSettingsSchema,
  check,
  settingsInputOf,
} from '@portfolio/contract';
import type { SiteSettings, SiteSettingsInput } from '@portfolio/contract';
import fc from 'fast-check';
import { AUTH_MESSAGES } from '../../auth/identity.js';
import { seedFolder } from '../../paths.js';
import { createTestDatabase, testDrivers } from '../../testing/databases.js';
import { adminHeaders, readerHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { defaultSettings, seedBadgesFolder } from './defaults.js';
import { findSettings, seedSettings } from './repository.js';

const SEED = JSON.parse(
  fs.readFileSync(path.join(seedFolder, 'settings.json'), 'utf8'),
) as SiteSettingsInput;

const put = (t: TestApp, payload: unknown, headers: Record<string, string> = adminHeaders) =>
  t.app.inject({ method: 'PUT', url: '/api/settings', headers, payload: payload as object });

describe.each(testDrivers)('site settings (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { badges: true });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    // Every test starts from the seed's settings.
    await put(t, SEED);
  });

  describe('GET /api/settings', () => {
    it("answers the seed's settings in the contract's shape, with the spec's counts", async () => {
      const response = await t.app.inject('/api/settings');
      expect(response.statusCode).toBe(200);
      const settings = response.json<SiteSettings>();
      expect(check(SiteSettingsSchema, settings)).toBe(true);
      expect(settingsInputOf(settings)).toEqual(SEED);
      expect(new Date(settings.updatedAt).toISOString()).toBe(settings.updatedAt);
      expect(settings.portfolio.certifications).toHaveLength(6);
      expect(settings.portfolio.experience).toHaveLength(2);
      expect(settings.portfolio.testimonials).toHaveLength(3);
      for (const certification of settings.portfolio.certifications) {
        expect(certification).toEqual({
          title: expect.any(String),
          issuer: expect.any(String),
          date: expect.stringMatching(/^\d{4}-\d{2}$/),
          credentialUrl: expect.stringMatching(/^https:\/\//),
          image: expect.stringMatching(/^\/images\/cert-[a-z-]+\.svg$/),
          badge: {
            path: certification.image,
            width: 240,
            height: 240,
            widths: [...IMAGE_VARIANT_WIDTHS],
            formats: ['avif', 'webp', 'png'],
          },
        });
      }
    });

    it("answers each badge's variants (docs/decisions/172), and a PUT that sends one back is refused", async () => {
      const settings = (await t.app.inject('/api/settings')).json<SiteSettings>();
      const variant = await t.app.inject('/api/images/cert-cloud-security.svg/480.webp');
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      const response = await put(t, { ...settings, updatedAt: undefined });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.stringMatching(/badge/) });
    });

    it('is a cached public read: an ETag, and 304 for a client that has it', async () => {
      const first = await t.app.inject('/api/settings');
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await t.app.inject({
        url: '/api/settings',
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
    });

    it("stores the badges the seed's certifications show (GET /api/images/…)", async () => {
      const response = await t.app.inject('/api/images/cert-cloud-security.svg');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    });

    it('refuses a query parameter (400 with a message)', async () => {
      const response = await t.app.inject('/api/settings?nonce=1');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });
  });

  describe('PUT /api/settings', () => {
    const changed = (): SiteSettingsInput => ({
      ...SEED,
      owner: { ...SEED.owner, name: 'Jordan Rivera', jobTitle: 'Application Security Lead' },
      theme: { accent: '#ffa94d', accentStrong: '#ffc078' },
    });

    it('needs a token: 401 with a message, nothing changed', async () => {
      const response = await put(t, changed(), {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.missing });
      expect((await t.app.inject('/api/settings')).json().owner.name).toBe(SEED.owner.name);
    });

    it("refuses a user's token: 403 with a message, nothing changed", async () => {
      const response = await put(t, changed(), readerHeaders);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.forbidden });
      expect((await t.app.inject('/api/settings')).json().owner.name).toBe(SEED.owner.name);
    });

    it('refuses a bad token before it reads the body: 401', async () => {
      const response = await put(t, { nonsense: true }, { authorization: 'Bearer not-a-token' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });

    it("stores an admin's settings and answers them; every reader has them at once", async () => {
      // Each read cached first: the write must empty the caches.
      await t.app.inject('/api/settings');
      await t.app.inject('/api/about-data');
      await t.app.inject('/api/rss.xml');
      const before = (await t.app.inject('/api/settings')).json<SiteSettings>();

      const response = await put(t, changed());
      expect(response.statusCode).toBe(200);
      const saved = response.json<SiteSettings>();
      expect(settingsInputOf(saved)).toEqual(changed());
      expect(Date.parse(saved.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));

      expect((await t.app.inject('/api/settings')).json()).toEqual(saved);
      expect((await t.app.inject('/api/about-data')).json()).toEqual({
        name: 'Jordan Rivera',
        title: 'Application Security Lead',
        intro: SEED.about.intro,
        funFacts: SEED.about.funFacts,
      });
      const feed = (await t.app.inject('/api/rss.xml')).body;
      expect(feed).toContain('<title>Jordan Rivera — Blog</title>');
      expect(feed).toContain('Articles by Jordan Rivera, Application Security Lead.');
    });

    it("draws the cards in the settings' name and accent, under a new version", async () => {
      const { updatedAt: oldVersion } = (await t.app.inject('/api/settings')).json<SiteSettings>();
      const before = await t.app.inject('/api/cards/default.png');
      const article = await t.app.inject('/api/cards/articles/tls-in-practice.png');
      expect(before.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const saved = (await put(t, changed())).json<SiteSettings>();
      expect(saved.updatedAt).not.toBe(oldVersion);

      const after = await t.app.inject('/api/cards/default.png');
      expect(after.statusCode).toBe(200);
      expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
      const articleAfter = await t.app.inject('/api/cards/articles/tls-in-practice.png');
      expect(articleAfter.rawPayload.equals(article.rawPayload)).toBe(false);

      // The URL the pages link (the settings' version) names this card for good.
      const version = Date.parse(saved.updatedAt).toString(36);
      const linked = await t.app.inject(`/api/cards/default.png?v=${version}`);
      expect(linked.headers['cache-control']).toContain('immutable');
      const stale = await t.app.inject('/api/cards/default.png?v=0');
      expect(stale.headers['cache-control']).not.toContain('immutable');
    });

    const INVALID: [string, (settings: SiteSettingsInput) => unknown, RegExp][] = [
      ['a body that is not an object', () => [], /^Request body must be a JSON object\.$/],
      ['a missing part', ({ theme: _theme, ...rest }) => rest, /^Theme is required\.$/],
      [
        'an unknown field',
        (settings) => ({ ...settings, owner: { ...settings.owner, role: 'admin' } }),
        /^Unknown field "role" in owner\.$/,
      ],
      [
        'a blank name',
        (settings) => ({ ...settings, owner: { ...settings.owner, name: '   ' } }),
        /^Owner\.name must not be empty\.$/,
      ],
      [
        'a name too long',
        (settings) => ({ ...settings, owner: { ...settings.owner, name: 'x'.repeat(101) } }),
        /^Owner\.name must be at most 100 characters\.$/,
      ],
      [
        'an e-mail address that is none',
        (settings) => ({ ...settings, owner: { ...settings.owner, email: 'not-an-email' } }),
        /^Owner\.email must be a valid email address\.$/,
      ],
      [
        'a social link to javascript:',
        (settings) => ({
          ...settings,
          owner: { ...settings.owner, social: [{ label: 'X', url: 'javascript:alert(1)' }] },
        }),
        /^Owner\.social\[0\]\.url must be/,
      ],
      [
        'a colour that could close the style',
        (settings) => ({
          ...settings,
          theme: { ...settings.theme, accent: 'red;}</style><script>alert(1)</script>' },
        }),
        /^Theme\.accent must be a colour such as #38d9a9\.$/,
      ],
      [
        'a colour name',
        (settings) => ({ ...settings, theme: { ...settings.theme, accentStrong: 'red' } }),
        /^Theme\.accentStrong must be a colour such as #38d9a9\.$/,
      ],
      [
        'an accent too dark to read',
        (settings) => ({ ...settings, theme: { ...settings.theme, accent: '#1a237e' } }),
        /^Theme\.accent #1a237e is too dark to read on the site's dark background \(contrast 1\.\d:1, at least 4\.5:1 is needed\): choose a lighter colour\.$/,
      ],
      [
        "a certificate's date that is no month",
        (settings) => ({
          ...settings,
          portfolio: {
            ...settings.portfolio,
            certifications: [{ ...settings.portfolio.certifications[0]!, date: '2024-13' }],
          },
        }),
        /^Portfolio\.certifications\[0\]\.date must be a year and month such as 2024-03\.$/,
      ],
      [
        "a certificate's badge that is not stored",
        (settings) => ({
          ...settings,
          portfolio: {
            ...settings.portfolio,
            certifications: [
              { ...settings.portfolio.certifications[0]!, image: '/images/nowhere.png' },
            ],
          },
        }),
        /^Portfolio\.certifications\[0\]\.image \/images\/nowhere\.png does not refer to a stored image\.$/,
      ],
      [
        "a certificate's badge outside the images",
        (settings) => ({
          ...settings,
          portfolio: {
            ...settings.portfolio,
            certifications: [
              { ...settings.portfolio.certifications[0]!, image: '../../etc/passwd' },
            ],
          },
        }),
        /^Portfolio\.certifications\[0\]\.image must be an image path/,
      ],
      [
        'an about page without text',
        (settings) => ({ ...settings, about: { ...settings.about, intro: [] } }),
        /^About\.intro must have at least 1 item\.$/,
      ],
      [
        'too many testimonials',
        (settings) => ({
          ...settings,
          portfolio: {
            ...settings.portfolio,
            testimonials: Array(13).fill(settings.portfolio.testimonials[0]),
          },
        }),
        /^Portfolio\.testimonials must have at most 12 items\.$/,
      ],
      [
        'a skill that is not text',
        (settings) => ({
          ...settings,
          portfolio: {
            ...settings.portfolio,
            skillGroups: [{ name: 'Tools', skills: [42] }],
          },
        }),
        /^Portfolio\.skillGroups\[0\]\.skills\[0\] must be of type string\.$/,
      ],
    ];

    it.each(INVALID)(
      'refuses %s: 400 with what is wrong, nothing changed',
      async (_, make, message) => {
        const response = await put(t, make(structuredClone(SEED)));
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(message);
        expect(settingsInputOf((await t.app.inject('/api/settings')).json())).toEqual(SEED);
      },
    );

    it('never answers 5xx, whatever is put where (a property of hostile bodies)', async () => {
      // Any value at any place of a valid document: a 200 when it happens to be valid, else a
      // 400 with a message; never a server error.
      const leafPaths: string[][] = [];
      const walk = (value: unknown, at: string[]) => {
        if (value && typeof value === 'object') {
          for (const [key, inner] of Object.entries(value)) walk(inner, [...at, key]);
        }
        leafPaths.push(at);
      };
      walk(SEED, []);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...leafPaths),
          fc.jsonValue({ maxDepth: 3 }),
          async (at, value) => {
            const body = structuredClone(SEED) as unknown as Record<string, unknown>;
            if (at.length === 0) return;
            let parent = body;
            for (const key of at.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
            parent[at[at.length - 1]!] = value;
            const response = await put(t, body);
            expect([200, 400]).toContain(response.statusCode);
            if (response.statusCode === 400) {
              expect(response.json()).toEqual({ message: expect.any(String) });
            }
          },
        ),
        { numRuns: Number(process.env.CAMPAIGN_RUNS ?? 60) },
      );
    });
  });
});

describe('the first start', () => {
  it("stores the seed's settings, with the owner's identity from the environment", async () => {
    const defaults = defaultSettings({
      OWNER_NAME: 'Sam Taylor',
      OWNER_EMAIL: 'sam@example.org',
      OWNER_GITHUB_URL: 'https://github.com/sam',
      OWNER_LINKEDIN_URL: 'https://www.linkedin.com/in/sam',
    });
    expect(defaults.owner).toEqual({
      ...SEED.owner,
      name: 'Sam Taylor',
      email: 'sam@example.org',
      social: [
        { label: 'GitHub', url: 'https://github.com/sam' },
        { label: 'LinkedIn', url: 'https://www.linkedin.com/in/sam' },
      ],
    });
    expect(defaults.portfolio).toEqual(SEED.portfolio);

    const database = await createTestDatabase('pglite');
    try {
      expect(await findSettings(database.db)).toBeUndefined();
      expect(await seedSettings(database.db, defaults, seedBadgesFolder)).toBe(true);
      const stored = await findSettings(database.db);
      expect(stored && settingsInputOf(stored)).toEqual(defaults);
      // Every later start keeps what is stored, whatever the environment says now.
      expect(await seedSettings(database.db, defaultSettings({}), seedBadgesFolder)).toBe(false);
      expect((await findSettings(database.db))?.owner.name).toBe('Sam Taylor');
    } finally {
      await database.close();
    }
  });

  it('a setting that makes the settings invalid stops the start, naming it', () => {
    expect(() => defaultSettings({ OWNER_EMAIL: 'nobody' })).toThrow(
      /OWNER_NAME, OWNER_EMAIL.*Owner\.email must be a valid email address/,
    );
  });

  it('a seed file the schema refuses stops the start, naming the file and the field', () => {
    const file = path.join(fs.mkdtempSync(path.join(seedFolder, '..', 'data-')), 'settings.json');
    try {
      fs.writeFileSync(file, JSON.stringify({ ...SEED, theme: { accent: '#000000' } }));
      expect(() => defaultSettings({}, file)).toThrow(
        /settings\.json: Theme\.accentStrong is required/,
      );
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
