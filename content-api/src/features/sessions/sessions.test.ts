import type { FakeSessionCookies } from '../../testing/fake-auth.js';
import { createFakeSessionCookies, fakeVerifyIdToken, tokenFor } from '../../testing/fake-auth.js';
import { testDrivers } from '../../testing/databases.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { buildApp } from '../../app.js';
import { AUTH_MESSAGES } from '../../auth/identity.js';
import type { SessionCookies } from '../../auth/session-cookies.js';
import { revokedSessions } from '../../db/schema.js';
import {
  RECENT_SIGN_IN_SECONDS,
  REPLACED_SESSION_GRACE_SECONDS,
  SESSION_MESSAGES,
} from './routes.js';

const now = () => Math.floor(Date.now() / 1000);
const bearer = (identity: object) => ({ authorization: `Bearer ${tokenFor(identity as never)}` });
const alice = { uid: 'alice', email: 'alice@example.com' };

describe.each(testDrivers)('/api/sessions (%s)', (driver) => {
  let t: TestApp;
  let cookies: FakeSessionCookies;

  // One app and database for the block (a fresh database and app per test was most of its
  // time). What a test leaves behind is undone before the next: the sign-outs it stored (the
  // one table these routes write, empty in a fresh database) and the fake Firebase it revoked
  // users at or broke, which the app reaches through `current` and each test gets anew.
  beforeAll(async () => {
    const current: SessionCookies = {
      create: (idToken, expiresInMs) => cookies.create(idToken, expiresInMs),
      verify: (cookie) => cookies.verify(cookie),
    };
    t = await createTestApp(driver, { seed: false, sessionCookies: current });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    cookies = createFakeSessionCookies();
    await t.database.db.delete(revokedSessions);
  });

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
    // Someone else's session does not renew this one.
    const mallory = { uid: 'mallory', authTime: now() - RECENT_SIGN_IN_SECONDS - 60 };
    const stolen = await mint(bearer(mallory), { session });
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toEqual({ message: SESSION_MESSAGES.signInAgain });

    expect((await mint(bearer(old), { session })).statusCode).toBe(201);
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

  describe('sign-out (POST /api/sessions/revoke)', () => {
    const revoke = (session: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/sessions/revoke', payload: { session } });
    /** A fresh session minted `secondsAgo` (sessions are told apart by the second of minting). */
    async function sessionOf(user: object, secondsAgo = 0): Promise<string> {
      const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() - secondsAgo * 1000);
      try {
        const minted = await mint(bearer({ ...user, authTime: now() }));
        expect(minted.statusCode).toBe(201);
        return minted.json<{ session: string }>().session;
      } finally {
        clock.mockRestore();
      }
    }

    it('ends the session at once: every copy of the cookie is refused from then on', async () => {
      const session = await sessionOf(alice);
      expect((await verify(session)).statusCode).toBe(200);

      const revoked = await revoke(session);
      expect(revoked.statusCode).toBe(204);
      expect(revoked.headers['cache-control']).toBe('no-store');

      const copy = await verify(session);
      expect(copy.statusCode).toBe(401);
      expect(copy.json()).toEqual({ message: SESSION_MESSAGES.ended });
      // Nor can the copy be renewed into a new one.
      const old = { ...alice, authTime: now() - RECENT_SIGN_IN_SECONDS - 60 };
      const renewal = await mint(bearer(old), { session });
      expect(renewal.statusCode).toBe(401);
      expect(renewal.json()).toEqual({ message: SESSION_MESSAGES.ended });
      // Ending it again, or a cookie that opens nothing, is no error.
      expect((await revoke(session)).statusCode).toBe(204);
      expect((await revoke('forged')).statusCode).toBe(204);
    });

    it("ends only that session: the same user's other browser stays signed in", async () => {
      const laptop = await sessionOf(alice, 120);
      const phone = await sessionOf(alice);
      expect((await revoke(phone)).statusCode).toBe(204);
      expect((await verify(phone)).statusCode).toBe(401);
      expect((await verify(laptop)).statusCode).toBe(200);
    });

    it('ends the session a renewal replaces a minute later, so an old copy cannot outlive the new one', async () => {
      const older = await sessionOf(alice, 120);
      const old = { ...alice, authTime: now() - RECENT_SIGN_IN_SECONDS - 60 };
      const renewed = await mint(bearer(old), { session: older });
      expect(renewed.statusCode).toBe(201);
      const renewedSession = renewed.json<{ session: string }>().session;
      // Requests already on their way with the old cookie still pass...
      expect((await verify(older)).statusCode).toBe(200);
      // ...for a minute.
      const later = Date.now() + (REPLACED_SESSION_GRACE_SECONDS + 1) * 1000;
      const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
      try {
        expect((await verify(older)).statusCode).toBe(401);
        expect((await verify(renewedSession)).statusCode).toBe(200);
      } finally {
        clock.mockRestore();
      }
      // A sign-out within the minute ends it at once.
      const another = await sessionOf(alice, 60);
      expect((await mint(bearer(old), { session: another })).statusCode).toBe(201);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/sessions/revoke',
            payload: { session: another },
          })
        ).statusCode,
      ).toBe(204);
      expect((await verify(another)).statusCode).toBe(401);
    });

    it('is told to every API instance on the database (no state of its own)', async () => {
      const other = await buildApp({
        db: t.database.db,
        verifyIdToken: fakeVerifyIdToken,
        sessionCookies: cookies,
      });
      try {
        const session = await sessionOf(alice);
        expect((await revoke(session)).statusCode).toBe(204);
        const elsewhere = await other.inject({
          method: 'POST',
          url: '/api/sessions/verify',
          payload: { session },
        });
        expect(elsewhere.statusCode).toBe(401);
      } finally {
        await other.close();
      }
    });

    it('answers 400 for a malformed body and 503 when Firebase cannot be reached', async () => {
      for (const malformed of ['', 42, null, 'x'.repeat(9000)]) {
        const response = await revoke(malformed);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toHaveProperty('message');
      }
      cookies.breakDown();
      const response = await revoke('test-session:abc');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.unavailable });
    });
  });
});
