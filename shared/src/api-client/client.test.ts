import {
  ApiError,
  ApiUnreachableError,
  UnexpectedResponseError,
  getAboutData,
  getArticle,
  getArticlePage,
  getArticles,
  getContactMessages,
  getMyProfile,
  getProject,
  getProjects,
  imageUrl,
  searchArticlePage,
  searchArticles,
  sendContactMessage,
  uploadImage,
} from '@portfolio/shared/api-client';
import { TEST_API_BASE, mockFetch, setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeProject } from '@portfolio/testing/fixtures';

setUpTestRuntimeConfig();

const PROJECT = makeProject();
const ARTICLE = {
  _id: 'tls-in-practice',
  title: 'TLS in practice',
  content: '# TLS',
  excerpt: 'TLS.',
  createdAt: '2025-06-10T09:00:00.000Z',
  updatedAt: '2025-06-10T09:00:00.000Z',
};
const ABOUT = { name: 'A', title: 'B', intro: ['one'], funFacts: [{ label: 'x', value: 'y' }] };

/** Answers `body` (any JSON) with 200 to every call. */
function answer(body: unknown) {
  mockFetch(
    Object.fromEntries(
      [
        'GET /projects',
        'GET /projects/p',
        'GET /articles',
        'GET /articles/a',
        'GET /search?query=tls',
        'GET /about-data',
        'GET /users/me',
        'GET /contact',
        'POST /images',
      ].map((route) => [route, { body: body as object }]),
    ),
  );
}

describe('API client', () => {
  it('calls the configured base address', async () => {
    const fetchMock = mockFetch({ 'GET /projects': { body: [PROJECT] } });
    await expect(getProjects()).resolves.toEqual([PROJECT]);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`${TEST_API_BASE}/projects`);
  });

  it('treats a list answer that is not an array as an error (spec)', async () => {
    mockFetch({ 'GET /projects': { body: { projects: [] } } });
    await expect(getProjects()).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it("carries the server's message and status on a failed call", async () => {
    mockFetch({ 'GET /projects/nope': { status: 404, body: { message: 'Project not found' } } });
    await expect(getProject('nope')).rejects.toMatchObject({
      message: 'Project not found',
      status: 404,
    });
  });

  it.each([502, 504])(
    'takes a %i from the origin in front of the API for an API it could not reach',
    async (status) => {
      mockFetch({
        'GET /projects/p': { status, body: 'Bad gateway' },
        'POST /contact': { status, body: 'Bad gateway' },
      });
      const failed = await getProject('p').catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(ApiUnreachableError);
      expect(failed).not.toBeInstanceOf(ApiError);
      expect(failed).toMatchObject({ path: '/projects/p', status });
      // The contact form's call too: a request that failed, not a refusal of the API.
      await expect(
        sendContactMessage({ name: 'a', email: 'b', message: 'c' }),
      ).rejects.toBeInstanceOf(ApiUnreachableError);
    },
  );

  it('encodes the search query', async () => {
    const fetchMock = mockFetch({ 'GET /search?query=zero+trust+%26+mfa': { body: [] } });
    await searchArticles('zero trust & mfa');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads one page of articles and the total from X-Total-Count', async () => {
    const fetchMock = mockFetch({
      'GET /articles?limit=10&offset=10': { body: [ARTICLE], headers: { 'X-Total-Count': '11' } },
    });
    await expect(getArticlePage({ limit: 10, offset: 10 })).resolves.toEqual({
      items: [ARTICLE],
      total: 11,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('without X-Total-Count (an older API), knows the total only from a short last page', async () => {
    mockFetch({
      'GET /articles?limit=2&offset=0': { body: [ARTICLE, ARTICLE] },
      'GET /articles?limit=2&offset=4': { body: [ARTICLE] },
      'GET /articles?limit=2&offset=6': { body: [], headers: { 'X-Total-Count': 'many' } },
    });
    await expect(getArticlePage({ limit: 2 })).resolves.toMatchObject({ total: null });
    await expect(getArticlePage({ limit: 2, offset: 4 })).resolves.toMatchObject({ total: 5 });
    await expect(getArticlePage({ limit: 2, offset: 6 })).resolves.toMatchObject({ total: 6 });
  });

  it('pages search results; the first page of 20 is asked for as before', async () => {
    mockFetch({
      'GET /search?query=zero+trust': { body: [], headers: { 'X-Total-Count': '0' } },
      'GET /search?query=tls&limit=10&offset=10': {
        body: [{ ...ARTICLE, snippet: 'TLS' }],
        headers: { 'X-Total-Count': '11' },
      },
    });
    await expect(searchArticlePage('zero trust', { limit: 20 })).resolves.toEqual({
      items: [],
      total: 0,
    });
    await expect(searchArticlePage('tls', { limit: 10, offset: 10 })).resolves.toMatchObject({
      total: 11,
    });
  });

  it('returns the contact status instead of throwing, with the server message', async () => {
    mockFetch({
      'POST /contact': { status: 400, body: { message: 'email must be a valid e-mail address' } },
    });
    await expect(sendContactMessage({ name: 'a', email: 'b', message: 'c' })).resolves.toEqual({
      status: 400,
      ok: false,
      message: 'email must be a valid e-mail address',
    });
  });

  it('sends each contact message with its own idempotency key, or the one given', async () => {
    const fetchMock = mockFetch({ 'POST /contact': { status: 201, body: { message: 'ok' } } });
    const message = { name: 'a', email: 'b@c.d', message: 'm' };
    await sendContactMessage(message);
    await sendContactMessage(message);
    await sendContactMessage(message, { idempotencyKey: 'retry-of-42' });
    const keys = fetchMock.mock.calls.map(([, init]) =>
      new Headers((init as RequestInit).headers).get('Idempotency-Key'),
    );
    expect(keys[0]).toMatch(/^[!-~]{1,255}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe('retry-of-42');
  });

  it('sends the ID token as a bearer token', async () => {
    const fetchMock = mockFetch({ 'POST /contact': { status: 201, body: { message: 'ok' } } });
    await sendContactMessage({ name: 'a', email: 'b@c.d', message: 'm' }, { token: 't0ken' });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer t0ken');
  });

  it('builds image URLs from the base address plus imagePath', () => {
    expect(imageUrl('/images/a.svg')).toBe(`${TEST_API_BASE}/images/a.svg`);
    expect(imageUrl('images/a.svg')).toBe(`${TEST_API_BASE}/images/a.svg`);
    expect(imageUrl('https://cdn.test/a.svg')).toBe('https://cdn.test/a.svg');
  });
});

// docs/decisions/052: what the client receives is checked against the API's contract, so a
// wrong shape is an error the page shows, never a crash further down.
describe('API client: answers are checked against the contract', () => {
  const calls = {
    getProjects: () => getProjects(),
    getProject: () => getProject('p'),
    getArticles: () => getArticles(),
    getArticle: () => getArticle('a'),
    searchArticles: () => searchArticles('tls'),
    getAboutData: () => getAboutData(),
    getMyProfile: () => getMyProfile({ token: 't' }),
    getContactMessages: () => getContactMessages({ token: 't' }),
    uploadImage: () => uploadImage(new Blob(['x']), 'x.png', { token: 't' }),
  };

  const wrongShapes: [string, unknown][] = [
    ['null', null],
    ['a string', 'Failed'],
    ['a number', 42],
    ['an empty object', {}],
    ['an array of strings', ['a', 'b']],
    ['an array of nulls', [null]],
    ['an error body', { message: 'Something went wrong' }],
  ];

  it.each(
    Object.entries(calls).flatMap(([name, call]) =>
      wrongShapes.map(([shape, body]) => [name, shape, call, body] as const),
    ),
  )('%s rejects %s with UnexpectedResponseError', async (_name, _shape, call, body) => {
    answer(body);
    const error: unknown = await call().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it.each<[string, () => Promise<unknown>, unknown]>([
    ['an object instead of the list', () => getProjects(), PROJECT],
    ['a list instead of the object', () => getProject('p'), [PROJECT]],
    ['a project without its title', () => getProjects(), [{ ...PROJECT, title: undefined }]],
    ['skills as text', () => getProject('p'), { ...PROJECT, skills: 'Go, Rust' }],
    ['a number for a title', () => getArticles(), [{ ...ARTICLE, title: 42 }]],
    ['a date as a number', () => getArticles(), [{ ...ARTICLE, createdAt: 1_700_000_000 }]],
    [
      'a neighbour without its id',
      () => getArticle('a'),
      { ...ARTICLE, previous: { title: 'x' }, next: null },
    ],
    ['neighbours missing', () => getArticle('a'), ARTICLE],
    ['intro as text', () => getAboutData(), { ...ABOUT, intro: 'one' }],
    ['a fun fact without value', () => getAboutData(), { ...ABOUT, funFacts: [{ label: 'x' }] }],
    [
      'an unknown role',
      () => getMyProfile({ token: 't' }),
      { uid: 'u', email: null, role: 'root' },
    ],
    [
      'read as text',
      () => getContactMessages({ token: 't' }),
      [{ _id: 'm', name: 'n', email: 'e', message: 'm', createdAt: 'd', read: 'yes' }],
    ],
  ])('rejects %s', async (_, call, body) => {
    answer(body);
    await expect(call()).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('accepts unknown fields, so the API may add one without breaking deployed apps', async () => {
    answer({ ...ABOUT, junk: { nested: [1, 2, 3] }, theme: 'dark' });
    await expect(getAboutData()).resolves.toMatchObject(ABOUT);
    answer([{ ...PROJECT, rating: 5 }]);
    await expect(getProjects()).resolves.toHaveLength(1);
  });

  it('accepts what the contract says: optional fields absent, a null email, null neighbours', async () => {
    answer([{ ...PROJECT, skills: ['Go'], link: 'https://example.com' }]);
    await expect(getProjects()).resolves.toHaveLength(1);
    answer({ ...ARTICLE, previous: null, next: { _id: 'b', title: 'B' } });
    await expect(getArticle('a')).resolves.toMatchObject({ next: { _id: 'b' } });
    answer({ uid: 'u', email: null, role: 'user' });
    await expect(getMyProfile({ token: 't' })).resolves.toEqual({
      uid: 'u',
      email: null,
      role: 'user',
    });
  });

  it('rejects an answer that is not JSON', async () => {
    global.fetch = jest.fn(
      async () => new Response('<html>Bad gateway</html>', { status: 200 }),
    ) as unknown as typeof fetch;
    await expect(getArticles()).rejects.toMatchObject({
      name: 'UnexpectedResponseError',
      path: '/articles',
      status: 200,
    });
  });

  it('names the path without its query', async () => {
    answer({ results: [] });
    await expect(searchArticles('tls')).rejects.toMatchObject({ path: '/search' });
  });
});
