import type { UserRecord } from 'firebase-admin/auth';
import { createTestDatabase } from '../testing/databases.js';
import type { DatabaseHandle } from '../db/connect.js';
import { findProfile } from '../features/users/repository.js';
import { ensureDevAdmin } from './dev-admin.js';
import type { AccountAdmin } from './firebase.js';

/** An in-memory stand-in for the Auth emulator that is "down" for the first few calls. */
function fakeAuth(failures = 0) {
  const users = new Map<
    string,
    { uid: string; email: string; password: string; customClaims?: Record<string, unknown> }
  >();
  let remainingFailures = failures;
  const maybeFail = () => {
    if (remainingFailures > 0) {
      remainingFailures -= 1;
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9099'), {
        code: 'app/network-error',
      });
    }
  };
  const record = (user: { uid: string; email: string; customClaims?: Record<string, unknown> }) =>
    ({
      uid: user.uid,
      email: user.email,
      customClaims: user.customClaims,
    }) as unknown as UserRecord;
  const auth = {
    async getUserByEmail(email: string) {
      maybeFail();
      const user = [...users.values()].find((candidate) => candidate.email === email);
      if (!user) throw Object.assign(new Error('no user'), { code: 'auth/user-not-found' });
      return record(user);
    },
    async createUser(properties: { email?: string; password?: string }) {
      const user = {
        uid: `uid-${users.size + 1}`,
        email: properties.email ?? '',
        password: properties.password ?? '',
      };
      users.set(user.uid, user);
      return record(user);
    },
    async updateUser(uid: string, properties: { password?: string }) {
      const user = users.get(uid);
      if (!user) throw new Error('missing');
      if (properties.password) user.password = properties.password;
      return record(user);
    },
    async setCustomUserClaims(uid: string, claims: object | null) {
      const user = users.get(uid);
      if (!user) throw new Error('missing');
      user.customClaims = (claims ?? undefined) as Record<string, unknown> | undefined;
    },
  };
  const calls: string[] = [];
  const counted = new Proxy(auth, {
    get: (target, name: string) => {
      const method = target[name as keyof typeof target];
      return (...args: unknown[]) => {
        calls.push(name);
        return (method as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
  /** As the emulator's sign-in answers: the account exists and has this password. */
  const passwordWorks = async (email: string, password: string) =>
    [...users.values()].some((user) => user.email === email && user.password === password);
  return { auth: counted as unknown as AccountAdmin, users, passwordWorks, calls };
}

describe('ensureDevAdmin', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database.close());

  it('creates the account with the admin claim and an admin profile, and logs one line', async () => {
    const { auth, users, passwordWorks } = fakeAuth();
    const lines: string[] = [];
    const uid = await ensureDevAdmin({
      auth,
      passwordWorks,
      db: database.db,
      email: 'admin@portfolio.local',
      password: 'admin-password-123',
      log: (line) => lines.push(line),
    });
    expect(users.get(uid)).toMatchObject({
      email: 'admin@portfolio.local',
      password: 'admin-password-123',
      customClaims: { role: 'admin' },
    });
    expect(await findProfile(database.db, uid)).toMatchObject({
      role: 'admin',
      email: 'admin@portfolio.local',
    });
    expect(lines).toEqual([
      'Dev admin ready: sign in as admin@portfolio.local with password admin-password-123',
    ]);
  });

  it('repairs an existing account, keeping its other claims', async () => {
    const { auth, users, passwordWorks } = fakeAuth();
    users.set('existing', {
      uid: 'existing',
      email: 'dev@x.test',
      password: 'changed',
      customClaims: { role: 'user', team: 'blue' },
    });
    await ensureDevAdmin({
      auth,
      passwordWorks,
      db: database.db,
      email: 'dev@x.test',
      password: 'pw-123456',
      log: () => {},
    });
    expect(users.get('existing')).toMatchObject({
      password: 'pw-123456',
      customClaims: { role: 'admin', team: 'blue' },
    });
  });

  it('leaves an admin whose password works untouched: its sessions stay valid', async () => {
    const { auth, users, passwordWorks, calls } = fakeAuth();
    users.set('kept', {
      uid: 'kept',
      email: 'kept@x.test',
      password: 'pw-123456',
      customClaims: { role: 'admin' },
    });
    await ensureDevAdmin({
      auth,
      passwordWorks,
      db: database.db,
      email: 'kept@x.test',
      password: 'pw-123456',
      log: () => {},
    });
    // A password set again (or claims written again) would revoke the admin's sessions.
    expect(calls).toEqual(['getUserByEmail']);
  });

  it('retries while the emulator is starting', async () => {
    const { auth, passwordWorks } = fakeAuth(3);
    const lines: string[] = [];
    await ensureDevAdmin({
      auth,
      passwordWorks,
      db: database.db,
      email: 'late@x.test',
      password: 'pw-123456',
      log: (line) => lines.push(line),
      retryDelayMs: 5,
    });
    expect(lines).toHaveLength(1);
  });

  it('gives up with the last error after the timeout', async () => {
    const { auth, passwordWorks } = fakeAuth(1_000);
    await expect(
      ensureDevAdmin({
        auth,
        passwordWorks,
        db: database.db,
        email: 'never@x.test',
        password: 'pw-123456',
        log: () => {},
        timeoutMs: 50,
        retryDelayMs: 10,
      }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
