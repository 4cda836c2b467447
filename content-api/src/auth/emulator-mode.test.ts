// Emulator mode: firebase-admin skips signature checks, so every claim in a token is the
// caller's word. The role must come from the account, which only the server can set.
// A small local server stands in for the Auth emulator's account lookup; the verifier is
// firebase-admin's real one, in emulator mode.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from 'firebase-admin/app';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { AUTH_MESSAGES } from './identity.js';
import { createFirebaseVerifier } from './firebase.js';
import type { TestApp } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';

const PROJECT = 'demo-emulator-mode';

interface Account {
  localId: string;
  email: string;
  customAttributes?: string;
  disabled?: boolean;
}

const accounts = new Map<string, Account>([
  ['emu-user', { localId: 'emu-user', email: 'user@example.com' }],
  [
    'emu-admin',
    { localId: 'emu-admin', email: 'admin@example.com', customAttributes: '{"role":"admin"}' },
  ],
  ['emu-disabled', { localId: 'emu-disabled', email: 'd@example.com', disabled: true }],
]);

/** An unsigned token shaped like the emulator's own (`alg: none`, empty signature). */
function emulatorToken(
  uid: string,
  claims: Record<string, unknown> = {},
  { lifetime = 3600 }: { lifetime?: number } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: uid,
    user_id: uid,
    iat: now,
    exp: now + lifetime,
    auth_time: now,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...claims,
  })}.`;
}

describe('Auth emulator mode', () => {
  let emulator: http.Server;
  let firebaseApp: App;
  let t: TestApp;
  let emulatorAuth: ReturnType<typeof getAuth>;
  let lookups = 0;

  beforeAll(async () => {
    emulator = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.setHeader('Content-Type', 'application/json');
        if (!request.url?.endsWith('/accounts:lookup')) {
          response.statusCode = 404;
          response.end('{}');
          return;
        }
        lookups += 1;
        const ids = (JSON.parse(body) as { localId?: string[] }).localId ?? [];
        const users = ids.flatMap((id) => accounts.get(id) ?? []);
        response.end(JSON.stringify(users.length ? { users } : {}));
      });
    });
    await new Promise<void>((resolve) => emulator.listen(0, '127.0.0.1', resolve));
    const { port } = emulator.address() as AddressInfo;
    const previous = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port}`;
    firebaseApp = initializeApp({ projectId: PROJECT }, 'emulator-mode-test');
    const auth = getAuth(firebaseApp);
    emulatorAuth = auth;
    if (previous === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = previous;
    t = await createTestApp('pglite', {
      verifyIdToken: createFirebaseVerifier(PROJECT, async () => auth, {
        emulator: true,
        claimsTtlMs: 0,
      }),
    });
  });
  afterAll(async () => {
    await t.close();
    await deleteApp(firebaseApp);
    await new Promise<void>((resolve) => emulator.close(() => resolve()));
  });

  const contact = (token: string) =>
    t.app.inject({ url: '/api/contact', headers: { authorization: `Bearer ${token}` } });

  it('a forged role claim gives nothing: the role is read from the account', async () => {
    const response = await contact(emulatorToken('emu-user', { role: 'admin' }));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.forbidden });
  });

  it("an admin account's token works without the claim in it", async () => {
    expect((await contact(emulatorToken('emu-admin'))).statusCode).toBe(200);
    expect(lookups).toBeGreaterThan(0);
  });

  it('a claim revoked on the account takes effect without a new token', async () => {
    const token = emulatorToken('emu-admin', { role: 'admin' });
    const admin = accounts.get('emu-admin') as Account;
    admin.customAttributes = '{}';
    try {
      expect((await contact(token)).statusCode).toBe(403);
    } finally {
      admin.customAttributes = '{"role":"admin"}';
    }
  });

  it('the e-mail is the account’s, not the token’s', async () => {
    const token = emulatorToken('emu-user', { email: 'admin@example.com' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    const me = await t.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json()).toMatchObject({ uid: 'emu-user', email: 'user@example.com' });
  });

  it.each([
    ['an unknown account', emulatorToken('nobody', { role: 'admin' })],
    ['a disabled account', emulatorToken('emu-disabled', { role: 'admin' })],
    ['a ten-year admin token', emulatorToken('emu-admin', {}, { lifetime: 10 * 365 * 86_400 })],
    [
      'auth_time in the future',
      emulatorToken('emu-admin', { auth_time: Math.floor(Date.now() / 1000) + 86_400 }),
    ],
  ])('401 for %s', async (_label, token) => {
    const response = await contact(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.invalid });
  });

  it('a grant reaches the next sign-in at once, and a token minted before waits for the cache', async () => {
    // The 30-second cache of the running server: the owner grants with `npm run admin`, then
    // signs in again; the new token is younger than what the server read, so it reads again.
    const verify = createFirebaseVerifier(PROJECT, async () => emulatorAuth, { emulator: true });
    const now = Math.floor(Date.now() / 1000);
    const before = emulatorToken('emu-user', { iat: now - 60, auth_time: now - 60 });
    expect((await verify(before)).role).toBeUndefined();
    const user = accounts.get('emu-user') as Account;
    user.customAttributes = '{"role":"admin"}';
    try {
      // The older token is answered from what the server read (for up to 30 s)...
      expect((await verify(before)).role).toBeUndefined();
      // ...a token minted since then reads the account again.
      const after = emulatorToken('emu-user', { iat: now + 1, auth_time: now + 1 });
      expect((await verify(after)).role).toBe('admin');
    } finally {
      delete user.customAttributes;
    }
  });
});
