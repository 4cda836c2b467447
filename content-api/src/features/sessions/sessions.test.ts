import type { FakeSessionCookies } from '../../testing/fake-auth.js';
import { createFakeSessionCookies, tokenFor } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { AUTH_MESSAGES } from '../../auth/identity.js';
import { RECENT_SIGN_IN_SECONDS, SESSION_MESSAGES } from './routes.js';

const now = () => Math.floor(Date.now() / 1000);
const bearer = (identity: object) => ({ authorization: `Bearer ${tokenFor(identity as never)}` });
const alice = { uid: 'alice', email: 'alice@example.com' };

describe('/api/sessions', () => {
  let t: TestApp;
  let cookies: FakeSessionCookies;

  beforeEach(async () => {
    cookies = createFakeSessionCookies();
    t = await createTestApp('pglite', { seed: false, sessionCookies: cookies });
  });
  afterEach(() => t.close());

  const mint = (headers: Record<string, string>, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: '/api/sessions', headers, payload });
  const verify = (session: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/sessions/verify', payload: { session } });

  it('mints a two-week session from a fresh sign-in, and says whose it is', async () => {
    const minted = await mint(bearer({ ...alice, role: 'admin', authTime: now() - 10 }));
    expect(minted.statusCode).toBe(201);
    expect(minted.headers['cache-control']).toBe('private, no-store');
    const { session, expiresIn } = minted.json<{ session: string; expiresIn: number }>();
    expect(expiresIn).toBe(14 * 24 * 3600);

    const verified = await verify(session);
    expect(verified.statusCode).toBe(200);
    expect(verified.headers['cache-control']).toBe('no-store');
    expect(verified.json()).toEqual({
      uid: 'alice',
      email: 'alice@example.com',
      displayName: null,
      photoURL: null,
      role: 'admin',
      issuedAt: expect.any(Number),
    });
  });

  it('refuses an old sign-in unless it renews a session of the same user', async () => {
    const old = { ...alice, authTime: now() - RECENT_SIGN_IN_SECONDS - 60 };
    const refused = await mint(bearer(old));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: SESSION_MESSAGES.signInAgain });

    const { session } = (await mint(bearer({ ...alice, authTime: now() }))).json<{
      session: string;
    }>();
    expect((await mint(bearer(old), { session })).statusCode).toBe(201);

    // Someone else's session does not renew this one.
    const mallory = { uid: 'mallory', authTime: now() - RECENT_SIGN_IN_SECONDS - 60 };
    const stolen = await mint(bearer(mallory), { session });
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toEqual({ message: SESSION_MESSAGES.signInAgain });
  });

  it('needs a valid ID token and nothing else in the body', async () => {
    expect((await mint({})).json()).toEqual({ message: AUTH_MESSAGES.missing });
    expect((await mint({ authorization: 'Bearer nonsense' })).statusCode).toBe(401);
    const extra = await mint(bearer({ ...alice, authTime: now() }), { role: 'admin' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toHaveProperty('message');
  });

  it('answers 401 for a revoked, forged or malformed session, never a 5xx', async () => {
    const { session } = (await mint(bearer({ ...alice, authTime: now() }))).json<{
      session: string;
    }>();
    await new Promise((resolve) => setTimeout(resolve, 5));
    cookies.revoke('alice');
    for (const bad of [session, 'forged', 'test-session:']) {
      const response = await verify(bad);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: SESSION_MESSAGES.ended });
    }
    for (const malformed of ['', 42, null, 'x'.repeat(9000)]) {
      const response = await verify(malformed);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('answers 503 when Firebase cannot be reached (not the caller telling a lie)', async () => {
    cookies.breakDown();
    const response = await verify('test-session:abc');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.unavailable });
  });
});
