import * as firestore from 'firebase/firestore/lite';
import { setRuntimeConfig } from '@portfolio/shared/config';
import {
  createApiProfileStore,
  createFirestoreProfileStore,
  getProfileStore,
} from '@portfolio/shared/profile-store';
import type { ProfileOwner } from '@portfolio/shared/profile-store';
import { mockFetch, TEST_RUNTIME_CONFIG, setUpTestRuntimeConfig } from '@portfolio/testing';

const sdk = jest.mocked(firestore);

const owner: ProfileOwner = { uid: 'uid-1', getIdToken: jest.fn(async () => 'id-token') };

function snapshot(data: Record<string, unknown> | undefined) {
  return { exists: () => data !== undefined, data: () => data } as unknown as Awaited<
    ReturnType<typeof firestore.getDoc>
  >;
}

setUpTestRuntimeConfig();

beforeEach(() => {
  jest.clearAllMocks();
});

describe('Firestore profile store', () => {
  it('reads users/{uid}', async () => {
    sdk.getDoc.mockResolvedValueOnce(
      snapshot({ email: 'ada@example.test', username: 'ada', role: 'user' }),
    );
    const profile = await createFirestoreProfileStore().get(owner);
    expect(sdk.doc).toHaveBeenCalledWith({ type: 'firestore' }, 'users', 'uid-1');
    expect(sdk.getDoc).toHaveBeenCalledWith({ path: 'users/uid-1' });
    expect(profile).toEqual({
      uid: 'uid-1',
      email: 'ada@example.test',
      username: 'ada',
      role: 'user',
    });
  });

  it('answers null when the document does not exist', async () => {
    sdk.getDoc.mockResolvedValueOnce(snapshot(undefined));
    await expect(createFirestoreProfileStore().get(owner)).resolves.toBeNull();
  });

  it('reads an unknown role as user', async () => {
    sdk.getDoc.mockResolvedValueOnce(snapshot({ email: 'x@example.test', role: 'root' }));
    await expect(createFirestoreProfileStore().get(owner)).resolves.toMatchObject({
      role: 'user',
    });
  });

  it("creates users/{uid} as a sign-up does: { email, username, role: 'user' }", async () => {
    const profile = await createFirestoreProfileStore().create(owner, {
      email: 'ada@example.test',
      username: 'ada',
    });
    expect(sdk.setDoc).toHaveBeenCalledWith(
      { path: 'users/uid-1' },
      { email: 'ada@example.test', username: 'ada', role: 'user' },
    );
    expect(profile).toEqual({
      uid: 'uid-1',
      email: 'ada@example.test',
      username: 'ada',
      role: 'user',
    });
  });

  it('creates a Google profile with role, name, email and photoURL, and no undefined fields', async () => {
    await createFirestoreProfileStore().create(owner, {
      name: 'Grace',
      email: 'grace@example.test',
      photoURL: 'https://photos.example.test/g.png',
      username: undefined,
    });
    expect(sdk.setDoc).toHaveBeenCalledWith(
      { path: 'users/uid-1' },
      {
        name: 'Grace',
        email: 'grace@example.test',
        photoURL: 'https://photos.example.test/g.png',
        role: 'user',
      },
    );
  });

  it('updates only the given fields, never the role', async () => {
    sdk.getDoc.mockResolvedValueOnce(
      snapshot({ email: 'ada@example.test', username: 'countess', role: 'admin' }),
    );
    const profile = await createFirestoreProfileStore().update(owner, { username: 'countess' });
    expect(sdk.updateDoc).toHaveBeenCalledWith({ path: 'users/uid-1' }, { username: 'countess' });
    expect(profile.role).toBe('admin');
  });
});

describe('API profile store', () => {
  it('GETs /users/me with the ID token', async () => {
    const fetchMock = mockFetch({
      'GET /users/me': { body: { uid: 'uid-1', email: null, username: 'ada', role: 'admin' } },
    });
    const profile = await createApiProfileStore().get(owner);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/api/users/me');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer id-token');
    // A null e-mail from the server becomes an empty string, as the type says.
    expect(profile).toEqual({ uid: 'uid-1', email: '', username: 'ada', role: 'admin' });
  });

  it('answers null for 404 and throws other errors', async () => {
    mockFetch({ 'GET /users/me': { status: 404, body: { message: 'Profile not found' } } });
    await expect(createApiProfileStore().get(owner)).resolves.toBeNull();
    mockFetch({ 'GET /users/me': { status: 500, body: { message: 'Down' } } });
    await expect(createApiProfileStore().get(owner)).rejects.toThrow('Down');
  });

  it("creates with PUT and role 'user'", async () => {
    const fetchMock = mockFetch({
      'PUT /users/me': (init) => ({
        status: 201,
        body: { uid: 'uid-1', ...JSON.parse(String(init?.body)) },
      }),
    });
    const profile = await createApiProfileStore().create(owner, {
      email: 'ada@example.test',
      username: 'ada',
    });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ada@example.test',
      username: 'ada',
      role: 'user',
    });
    expect(profile.role).toBe('user');
  });

  it('updates with PUT and no role', async () => {
    const fetchMock = mockFetch({
      'PUT /users/me': { body: { uid: 'uid-1', email: 'a@x.test', username: 'b', role: 'user' } },
    });
    await createApiProfileStore().update(owner, { username: 'b' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ username: 'b' });
  });
});

describe('getProfileStore', () => {
  it('uses the content API by default and Firestore when the runtime config says so', async () => {
    mockFetch({ 'GET /users/me': { body: { uid: 'uid-1', email: 'a@x.test', role: 'user' } } });
    await getProfileStore().get(owner);
    expect(sdk.getDoc).not.toHaveBeenCalled();

    setRuntimeConfig({ ...TEST_RUNTIME_CONFIG, profileStore: 'firestore' });
    const fetchMock = mockFetch({});
    sdk.getDoc.mockResolvedValueOnce(snapshot(undefined));
    await getProfileStore().get(owner);
    expect(sdk.getDoc).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
