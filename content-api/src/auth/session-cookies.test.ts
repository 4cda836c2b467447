// Session cookies through firebase-admin's real verifySessionCookie, in emulator mode, where a
// cookie is unsigned and so says whatever its maker wants: its times must still be believable
// (issue 23, finding 9). A small local server stands in for the Auth emulator's account lookup.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from 'firebase-admin/app';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { SESSION_MESSAGES } from '../features/sessions/routes.js';
import type { TestApp } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';
import { isTokenRejection } from './identity.js';
import type { SessionCookies } from './session-cookies.js';
import { SESSION_LIFETIME_MS, createFirebaseSessionCookies } from './session-cookies.js';

const PROJECT = 'demo-session-cookies';
const DAY = 24 * 3600;

/** An unsigned session cookie shaped like the emulator's own (`alg: none`, empty signature). */
function emulatorCookie(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: `https://session.firebase.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: 'emu-user',
    user_id: 'emu-user',
    iat: now,
    exp: now + SESSION_LIFETIME_MS / 1000,
    auth_time: now - 60,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...claims,
  };
  for (const [name, value] of Object.entries(payload)) {
    if (value === undefined) delete payload[name as keyof typeof payload];
  }
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

describe('session cookies in emulator mode', () => {
  let emulator: http.Server;
  let firebaseApp: App;
  let cookies: SessionCookies;
  let t: TestApp;

  beforeAll(async () => {
    emulator = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.setHeader('Content-Type', 'application/json');
        response.end(
          request.url?.endsWith('/accounts:lookup')
            ? JSON.stringify({ users: [{ localId: 'emu-user', email: 'user@example.com' }] })
            : '{}',
        );
      });
    });
    await new Promise<void>((resolve) => emulator.listen(0, '127.0.0.1', resolve));
    const { port } = emulator.address() as AddressInfo;
    const previous = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port}`;
    firebaseApp = initializeApp({ projectId: PROJECT }, 'session-cookies-test');
    const auth = getAuth(firebaseApp);
    if (previous === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = previous;
    cookies = createFirebaseSessionCookies(PROJECT, async () => auth, { emulator: true });
    t = await createTestApp('pglite', { seed: false, sessionCookies: cookies });
  });
  afterAll(async () => {
    await t.close();
    await deleteApp(firebaseApp);
    await new Promise<void>((resolve) => emulator.close(() => resolve()));
  });

  it('accepts a cookie as the emulator makes it', async () => {
    await expect(cookies.verify(emulatorCookie())).resolves.toMatchObject({
      uid: 'emu-user',
      email: 'user@example.com',
    });
  });

  const now = () => Math.floor(Date.now() / 1000);
  it.each([
    ['issued in the future', () => ({ iat: now() + 3600, exp: now() + 3600 + 13 * DAY })],
    ['signed in in the future', () => ({ auth_time: now() + 3600 })],
    ['signed in after it was issued', () => ({ iat: now() - 2 * DAY, auth_time: now() - DAY })],
    ['living longer than two weeks', () => ({ exp: now() + 365 * DAY })],
    ['without iat', () => ({ iat: undefined })],
    ['without auth_time', () => ({ auth_time: undefined })],
  ])('refuses a cookie %s, as a rejection (401), not a failure', async (_what, claims) => {
    const cookie = emulatorCookie(claims());
    const error: unknown = await cookies.verify(cookie).then(
      () => undefined,
      (rejected: unknown) => rejected,
    );
    expect(isTokenRejection(error)).toBe(true);

    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/verify',
      payload: { session: cookie },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ message: SESSION_MESSAGES.ended });
  });
});
