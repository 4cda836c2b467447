// Every guarded route × every kind of credential, through firebase-admin's real verifyIdToken
// (keys served locally, see ../testing/local-firebase.ts):
// none, malformed, expired, forged → 401; a user's token → 403 on admin routes; an admin's → 2xx.
import type { InjectOptions } from 'fastify';
import { defaultSettings } from '../features/settings/defaults.js';
import { testDrivers } from '../testing/databases.js';
import type { LocalFirebase } from '../testing/local-firebase.js';
import { createLocalFirebase } from '../testing/local-firebase.js';
import type { TestApp } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';
import type { VerifyIdToken } from './identity.js';
import { AUTH_MESSAGES } from './identity.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = '----admin-matrix';
const pngUpload = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="m.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  ),
  PNG,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

const USER = { uid: 'matrix-user', email: 'user@example.com' };
const ADMIN = { uid: 'matrix-admin', email: 'admin@example.com', role: 'admin' };

interface Route {
  name: string;
  /** The request with everything right but the credentials, on seeded records. */
  target: InjectOptions;
  /** The same for a record made for the purpose, when a success would consume it. */
  fresh?(t: TestApp): Promise<InjectOptions>;
  /** What the admin (or, for user routes, any signed-in caller) gets. */
  success: number;
  /** A body the schema refuses, for routes that take one. */
  invalidBody?: unknown;
}

let counter = 0;
const unique = (prefix: string) => `${prefix} ${(counter += 1)}`;

async function createdId(t: TestApp, kind: 'projects' | 'articles'): Promise<string> {
  const { db } = t.database;
  const title = unique(`Matrix ${kind}`);
  if (kind === 'projects') {
    const { createProject } = await import('../features/projects/repository.js');
    return (await createProject(db, { title, description: 'd', imagePath: '/images/tls.svg' }))._id;
  }
  const { createArticle } = await import('../features/articles/repository.js');
  return (await createArticle(db, { title, content: 'c' }))._id;
}

const project = () => ({
  title: unique('Project'),
  description: 'd',
  imagePath: '/images/tls.svg',
});
const article = () => ({ title: unique('Article'), content: 'Body' });

const SEEDED_PROJECT = '/api/projects/home-lab-siem';
const SEEDED_ARTICLE = '/api/articles/tls-in-practice';

/** The seed's settings, their badges left out (this suite stores none). */
const settings = () => {
  const seed = defaultSettings();
  return {
    ...seed,
    portfolio: {
      ...seed.portfolio,
      certifications: seed.portfolio.certifications.map(({ image: _image, ...rest }) => rest),
    },
  };
};

const ADMIN_ROUTES: Route[] = [
  // The site's settings (docs/decisions/141).
  {
    name: 'PUT /settings',
    target: { method: 'PUT', url: '/api/settings', payload: settings() },
    success: 200,
    invalidBody: { ...settings(), theme: { accent: 'red', accentStrong: '#63e6be' } },
  },
  {
    name: 'POST /projects',
    target: { method: 'POST', url: '/api/projects', payload: project() },
    success: 201,
    invalidBody: { title: 'x' },
  },
  {
    name: 'PUT /projects/:id',
    target: { method: 'PUT', url: SEEDED_PROJECT, payload: project() },
    fresh: async (t) => ({
      method: 'PUT',
      url: `/api/projects/${await createdId(t, 'projects')}`,
      payload: project(),
    }),
    success: 200,
    invalidBody: { ...project(), imagePath: '../../etc/passwd' },
  },
  {
    name: 'DELETE /projects/:id',
    target: { method: 'DELETE', url: SEEDED_PROJECT },
    fresh: async (t) => ({
      method: 'DELETE',
      url: `/api/projects/${await createdId(t, 'projects')}`,
    }),
    success: 204,
  },
  {
    name: 'POST /articles',
    target: { method: 'POST', url: '/api/articles', payload: article() },
    success: 201,
    invalidBody: { title: 42, content: 'x' },
  },
  {
    name: 'PUT /articles/:id',
    target: { method: 'PUT', url: SEEDED_ARTICLE, payload: article() },
    fresh: async (t) => ({
      method: 'PUT',
      url: `/api/articles/${await createdId(t, 'articles')}`,
      payload: article(),
    }),
    success: 200,
    invalidBody: { ...article(), role: 'admin' },
  },
  {
    name: 'DELETE /articles/:id',
    target: { method: 'DELETE', url: SEEDED_ARTICLE },
    fresh: async (t) => ({
      method: 'DELETE',
      url: `/api/articles/${await createdId(t, 'articles')}`,
    }),
    success: 204,
  },
  {
    name: 'POST /images',
    target: {
      method: 'POST',
      url: '/api/images',
      payload: pngUpload,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    },
    success: 201,
  },
  {
    name: 'DELETE /images/:name',
    target: { method: 'DELETE', url: '/api/images/tls.svg' },
    fresh: async (t) => {
      const { saveImage } = await import('../features/images/repository.js');
      const name = `matrix-${(counter += 1)}.png`;
      await saveImage(t.database.db, { name, contentType: 'image/png', data: PNG });
      return { method: 'DELETE', url: `/api/images/${name}` };
    },
    success: 204,
  },
  { name: 'GET /contact', target: { url: '/api/contact' }, success: 200 },
  // Several messages at once (docs/decisions/144); an unknown id is skipped.
  {
    name: 'POST /contact/bulk',
    target: {
      method: 'POST',
      url: '/api/contact/bulk',
      payload: { ids: ['00000000-0000-4000-8000-000000000000'], action: 'read' },
    },
    success: 200,
    invalidBody: { ids: [], action: 'read' },
  },
  // Notification of new messages (docs/decisions/144).
  {
    name: 'GET /contact/notifications',
    target: { url: '/api/contact/notifications' },
    success: 200,
  },
  {
    name: 'PUT /contact/notifications',
    target: {
      method: 'PUT',
      url: '/api/contact/notifications',
      payload: { webhookUrl: null, email: null },
    },
    success: 200,
    invalidBody: { webhookUrl: 'ftp://example.com', email: null },
  },
  {
    name: 'POST /contact/notifications/test',
    target: { method: 'POST', url: '/api/contact/notifications/test' },
    success: 200,
  },
  // The media library (docs/decisions/142).
  { name: 'GET /images', target: { url: '/api/images?usage=unused' }, success: 200 },
  // The admin's reads of drafts (docs/decisions/120, 132).
  {
    name: 'GET /articles?include=drafts&state=draft',
    target: { url: '/api/articles?include=drafts&state=draft&limit=20' },
    success: 200,
  },
  { name: 'GET /tags?include=drafts', target: { url: '/api/tags?include=drafts' }, success: 200 },
  // The whole content, for a backup while the site runs (docs/decisions/145).
  {
    name: 'GET /content/export',
    target: { url: '/api/content/export?messages=true' },
    success: 200,
  },
  // The saved versions (docs/decisions/143).
  {
    name: 'GET /articles/:id/revisions',
    target: { url: `${SEEDED_ARTICLE}/revisions` },
    success: 200,
  },
  {
    name: 'GET /articles/:id/revisions/:number',
    target: { url: `${SEEDED_ARTICLE}/revisions/1` },
    success: 200,
  },
  {
    name: 'GET /projects/:id/revisions',
    target: { url: `${SEEDED_PROJECT}/revisions` },
    success: 200,
  },
  {
    name: 'GET /projects/:id/revisions/:number',
    target: { url: `${SEEDED_PROJECT}/revisions/1` },
    success: 200,
  },
  {
    name: 'PATCH /contact/:id',
    target: {
      method: 'PATCH',
      url: '/api/contact/00000000-0000-4000-8000-000000000000',
      payload: { read: true },
    },
    fresh: async (t) => {
      const { saveContactMessage } = await import('../features/contact/repository.js');
      const saved = await saveContactMessage(t.database.db, {
        name: 'N',
        email: 'n@example.com',
        message: unique('m'),
      });
      if (saved.status !== 'stored') throw new Error('not stored');
      return { method: 'PATCH', url: `/api/contact/${saved.message._id}`, payload: { read: true } };
    },
    success: 200,
    invalidBody: { read: 'yes' },
  },
  {
    name: 'DELETE /contact/:id',
    target: { method: 'DELETE', url: '/api/contact/00000000-0000-4000-8000-000000000000' },
    fresh: async (t) => {
      const { saveContactMessage } = await import('../features/contact/repository.js');
      const saved = await saveContactMessage(t.database.db, {
        name: 'N',
        email: 'n@example.com',
        message: unique('m'),
      });
      if (saved.status !== 'stored') throw new Error('not stored');
      return { method: 'DELETE', url: `/api/contact/${saved.message._id}` };
    },
    success: 204,
  },
];

const USER_ROUTES: Route[] = [
  { name: 'GET /users/me', target: { url: '/api/users/me' }, success: 200 },
  {
    name: 'PUT /users/me',
    target: { method: 'PUT', url: '/api/users/me', payload: { username: 'm' } },
    success: 200,
    invalidBody: { role: 'admin', username: 'x', extra: true },
  },
];

type Credential = [label: string, header: (firebase: LocalFirebase) => string | undefined];

/** Each answers 401 on every guarded route. */
const REFUSED: Credential[] = [
  ['no Authorization header', () => undefined],
  ['empty header', () => ''],
  ['"Bearer" without a token', () => 'Bearer'],
  ['"Bearer " and spaces', () => 'Bearer    '],
  ['Basic credentials', () => 'Basic YWRtaW46YWRtaW4='],
  ['two tokens', (f) => `Bearer ${f.sign(ADMIN)} ${f.sign(ADMIN)}`],
  ['a token without the Bearer scheme', (f) => f.sign(ADMIN)],
  ['garbage', () => 'Bearer not-a-jwt'],
  ['three empty parts', () => 'Bearer ..'],
  ['an absurdly long token', () => `Bearer ${'a'.repeat(20_000)}`],
  ['an expired admin token', (f) => `Bearer ${f.sign(ADMIN, { expiresIn: -60 })}`],
  ['a forged signature', (f) => `Bearer ${f.sign(ADMIN, { foreignKey: true })}`],
  ['a signature cut off', (f) => `Bearer ${f.sign(ADMIN).replace(/\.[^.]+$/, '.')}`],
  ['alg "none"', (f) => `Bearer ${f.sign(ADMIN, { alg: 'none' })}`],
  ['an unknown key id', (f) => `Bearer ${f.sign(ADMIN, { kid: 'rotated-away' })}`],
  ['no key id', (f) => `Bearer ${f.sign(ADMIN, { kid: null })}`],
  ['another project (audience)', (f) => `Bearer ${f.sign(ADMIN, { audience: 'other-project' })}`],
  // Firebase ID tokens live one hour: a longer-lived or post-dated one was not issued by it.
  ['a ten-year lifetime', (f) => `Bearer ${f.sign(ADMIN, { expiresIn: 10 * 365 * 86_400 })}`],
  ['iat in the future', (f) => `Bearer ${f.sign(ADMIN, { issuedAt: 3600, expiresIn: 5400 })}`],
  ['auth_time in the future', (f) => `Bearer ${f.sign(ADMIN, { authTime: 86_400 })}`],
  [
    'another issuer',
    (f) => `Bearer ${f.sign(ADMIN, { issuer: 'https://securetoken.google.com/other-project' })}`,
  ],
];

describe.each(testDrivers)('guarded routes × credentials (%s)', (driver) => {
  let t: TestApp;
  let firebase: LocalFirebase;

  beforeAll(async () => {
    firebase = await createLocalFirebase();
    t = await createTestApp(driver, { verifyIdToken: firebase.verifyIdToken });
  });
  afterAll(async () => {
    await t.close();
    await firebase.close();
  });

  async function send(
    route: Route,
    header: string | undefined,
    { body, fresh = false }: { body?: unknown; fresh?: boolean } = {},
  ) {
    const request = fresh && route.fresh ? await route.fresh(t) : route.target;
    const headers: Record<string, string> = { ...(request.headers as Record<string, string>) };
    if (header !== undefined) headers.authorization = header;
    return t.app.inject({
      ...request,
      headers,
      ...(body !== undefined && { payload: body as object }),
    });
  }

  describe.each([...ADMIN_ROUTES, ...USER_ROUTES])('$name', (route) => {
    it.each(REFUSED)('401 for %s', async (_label, header) => {
      const response = await send(route, header(firebase));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: expect.stringMatching(
          new RegExp(`^(${[AUTH_MESSAGES.missing, AUTH_MESSAGES.invalid].map(escape).join('|')})$`),
        ),
      });
      expect(response.headers['www-authenticate']).toBeUndefined();
    });

    if (route.invalidBody !== undefined) {
      it('401 before the body is even looked at', async () => {
        expect((await send(route, undefined, { body: route.invalidBody })).statusCode).toBe(401);
      });
    }
  });

  describe.each(ADMIN_ROUTES)('$name', (route) => {
    it("403 for a signed-in user's valid token", async () => {
      const response = await send(route, `Bearer ${firebase.sign(USER)}`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.forbidden });
    });

    it(`${route.success} for an admin's valid token`, async () => {
      const response = await send(route, `Bearer ${firebase.sign(ADMIN)}`, { fresh: true });
      expect(response.statusCode).toBe(route.success);
    });

    if (route.invalidBody !== undefined) {
      it("400 for an admin's token with a body the schema refuses", async () => {
        const response = await send(route, `Bearer ${firebase.sign(ADMIN)}`, {
          body: route.invalidBody,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: expect.any(String) });
      });
    }
  });

  describe.each(USER_ROUTES)('$name', (route) => {
    it.each([
      ['user', USER],
      ['admin', ADMIN],
    ])('2xx for a valid %s token', async (_label, identity) => {
      // A profile exists after the first PUT: make sure of it, so GET answers 200.
      await t.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${firebase.sign(identity)}` },
        payload: {},
      });
      const response = await send(route, `Bearer ${firebase.sign(identity)}`);
      expect(response.statusCode).toBe(route.success);
      expect(response.json()).toMatchObject({ uid: identity.uid });
    });

    if (route.invalidBody !== undefined) {
      it('400 for a valid token with a body the schema refuses', async () => {
        const response = await send(route, `Bearer ${firebase.sign(USER)}`, {
          body: route.invalidBody,
        });
        expect(response.statusCode).toBe(400);
      });
    }
  });

  it('fetched the signing keys through firebase-admin', () => {
    expect(firebase.keyFetches()).toBeGreaterThan(0);
  });

  it('left the seeded records that refused requests targeted untouched', async () => {
    expect((await t.app.inject('/api/images/tls.svg')).statusCode).toBe(200);
    for (const url of [SEEDED_PROJECT, SEEDED_ARTICLE]) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.json().title).not.toMatch(/^(Project|Article) \d+$/);
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('token verification failures', () => {
  let t: TestApp;
  let verify: VerifyIdToken = async () => ({ uid: 'x' });
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, verifyIdToken: (token) => verify(token) });
  });
  afterAll(() => t.close());

  it.each([
    'auth/argument-error',
    'auth/id-token-expired',
    'auth/invalid-id-token',
    'auth/id-token-revoked',
    'auth/user-disabled',
    'auth/internal-error',
  ])('firebase-admin %s → 401', async (code) => {
    verify = async () => {
      throw Object.assign(new Error(`rejected: ${code}`), { code });
    };
    const response = await t.app.inject({
      url: '/api/contact',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.invalid });
  });

  it("503 when Google's keys cannot be fetched", async () => {
    const firebase = await createLocalFirebase();
    firebase.breakKeyEndpoint();
    verify = firebase.verifyIdToken;
    try {
      const response = await t.app.inject({
        url: '/api/contact',
        headers: { authorization: `Bearer ${firebase.sign(ADMIN)}` },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.unavailable });
      expect(response.body).not.toMatch(/ECONN|socket|googleapis/i);
    } finally {
      await firebase.close();
    }
  });

  // firebase-admin reports both as auth/argument-error (checked against firebase-admin 14.5).
  it.each([
    'Error while making request: connect ECONNREFUSED 142.250.0.1:443. Error code: ECONNREFUSED',
    'Error fetching public keys for Google certs: backend_error',
  ])('503 for the key-fetch failure "%s"', async (message) => {
    verify = async () => {
      throw Object.assign(new Error(message), { code: 'auth/argument-error' });
    };
    const response = await t.app.inject({
      url: '/api/contact',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(response.statusCode).toBe(503);
  });

  it('503 for any other failure of the check, without its details', async () => {
    verify = async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'kid')");
    };
    const response = await t.app.inject({
      url: '/api/users/me',
      headers: { authorization: 'Bearer a.b.c' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.body).not.toContain('kid');
  });
});
