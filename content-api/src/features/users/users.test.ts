import { testDrivers } from '../../testing/databases.js';
import { tokenFor } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const as = (identity: { uid: string; email?: string; role?: string }) => ({
  authorization: `Bearer ${tokenFor(identity)}`,
});

describe.each(testDrivers)('/api/users/me (%s)', (driver) => {
  let t: TestApp;
  const get = (headers: Record<string, string>) => t.app.inject({ url: '/api/users/me', headers });
  const put = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/users/me', headers, payload });

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterAll(() => t.close());

  it('requires a valid token', async () => {
    expect((await t.app.inject('/api/users/me')).statusCode).toBe(401);
    expect((await get({ authorization: 'Bearer garbage' })).statusCode).toBe(401);
    expect((await get({ authorization: 'Basic abc' })).statusCode).toBe(401);
  });

  it('answers 404 before the profile exists', async () => {
    const response = await get(as({ uid: 'new-user' }));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Profile not found' });
  });

  it('creates a profile on sign-up with role user, then updates it', async () => {
    const alice = as({ uid: 'alice', email: 'alice@example.com' });
    const created = await put(alice, {
      email: 'alice@example.com',
      username: 'alice',
      role: 'user',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      uid: 'alice',
      email: 'alice@example.com',
      username: 'alice',
      role: 'user',
    });
    const updated = await put(alice, {
      name: 'Alice Doe',
      photoURL: 'https://photos.example/alice.png',
      role: 'user',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      uid: 'alice',
      email: 'alice@example.com',
      username: 'alice',
      name: 'Alice Doe',
      photoURL: 'https://photos.example/alice.png',
      role: 'user',
    });
    expect((await get(alice)).json()).toEqual(updated.json());
  });

  it('fills the email from the token for a Google-style first write', async () => {
    const bob = as({ uid: 'bob', email: 'bob@example.com' });
    const created = await put(bob, { name: 'Bob' });
    expect(created.json()).toEqual({
      uid: 'bob',
      email: 'bob@example.com',
      name: 'Bob',
      role: 'user',
    });
  });

  it("stores the token's e-mail, never one the caller sends", async () => {
    const eve = as({ uid: 'eve', email: 'eve@example.com' });
    const created = await put(eve, { email: 'admin@example.com', username: 'eve' });
    expect(created.statusCode).toBe(201);
    expect(created.json().email).toBe('eve@example.com');
    const updated = await put(eve, { email: 'owner@example.com' });
    expect(updated.json().email).toBe('eve@example.com');
    expect((await get(eve)).json().email).toBe('eve@example.com');
  });

  it('follows the account when its e-mail changes, and has none without one', async () => {
    await put(as({ uid: 'mover', email: 'old@example.com' }), { username: 'mover' });
    expect((await get(as({ uid: 'mover', email: 'new@example.com' }))).json().email).toBe(
      'new@example.com',
    );
    const phoneOnly = await put(as({ uid: 'phone-only' }), { email: 'admin@example.com' });
    expect(phoneOnly.json().email).toBeNull();
  });

  it('never lets a caller raise their own role', async () => {
    const mallory = as({ uid: 'mallory', email: 'm@example.com' });
    const onCreate = await put(mallory, { username: 'mallory', role: 'admin' });
    expect(onCreate.statusCode).toBe(403);
    expect(onCreate.json()).toEqual({ message: 'You cannot change your own role.' });
    expect((await get(mallory)).statusCode).toBe(404);

    expect((await put(mallory, { username: 'mallory' })).statusCode).toBe(201);
    for (const role of ['admin', 'owner', '']) {
      const response = await put(mallory, { role });
      expect(response.statusCode).toBe(403);
    }
    expect((await get(mallory)).json().role).toBe('user');
  });

  it('stores the claim role on creation and accepts restating it', async () => {
    const boss = as({ uid: 'boss', email: 'boss@example.com', role: 'admin' });
    const created = await put(boss, { username: 'boss' });
    expect(created.json().role).toBe('admin');
    expect((await put(boss, { role: 'admin' })).statusCode).toBe(200);
    expect((await put(boss, { role: 'user' })).statusCode).toBe(403);
  });

  it('mirrors a changed claim into the stored profile', async () => {
    const before = as({ uid: 'promoted', email: 'p@example.com' });
    await put(before, { username: 'promoted' });
    const after = as({ uid: 'promoted', email: 'p@example.com', role: 'admin' });
    expect((await get(after)).json().role).toBe('admin');
    expect((await put(after, { role: 'admin' })).statusCode).toBe(200);
  });

  it.each([
    [{ email: 'nope' }, 'Email must be a valid email address.'],
    [{ username: '  ' }, 'Username must not be empty.'],
    [{ photoURL: 'javascript:alert(1)' }, 'PhotoURL must be an http or https URL.'],
    [{ uid: 'someone-else' }, 'Unknown field "uid".'],
  ])('validates %j', async (payload, message) => {
    const response = await put(as({ uid: 'validator' }), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});
