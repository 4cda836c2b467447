import {
  ApiError,
  getProject,
  getProjects,
  imageUrl,
  searchArticles,
  sendContactMessage,
} from '@portfolio/shared/api-client';
import { TEST_API_BASE, mockFetch, setUpTestRuntimeConfig } from '../../tools/testing';

setUpTestRuntimeConfig();

describe('API client', () => {
  it('calls the configured base address', async () => {
    const fetchMock = mockFetch({ 'GET /projects': { body: [{ _id: 'a' }] } });
    await expect(getProjects()).resolves.toEqual([{ _id: 'a' }]);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`${TEST_API_BASE}/projects`);
  });

  it('treats a list answer that is not an array as an error (spec)', async () => {
    mockFetch({ 'GET /projects': { body: { projects: [] } } });
    await expect(getProjects()).rejects.toBeInstanceOf(ApiError);
  });

  it("carries the server's message and status on a failed call", async () => {
    mockFetch({ 'GET /projects/nope': { status: 404, body: { message: 'Project not found' } } });
    await expect(getProject('nope')).rejects.toMatchObject({
      message: 'Project not found',
      status: 404,
    });
  });

  it('encodes the search query', async () => {
    const fetchMock = mockFetch({ 'GET /search?query=zero+trust+%26+mfa': { body: [] } });
    await searchArticles('zero trust & mfa');
    expect(fetchMock).toHaveBeenCalledTimes(1);
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
