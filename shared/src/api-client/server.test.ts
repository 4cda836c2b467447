/** @jest-environment node */
import { getProjects } from '@portfolio/shared/api-client';
import { mockFetch, setUpTestRuntimeConfig } from '@portfolio/testing';

setUpTestRuntimeConfig();

describe('API client on the site server', () => {
  it('asks for uncompressed answers (a server-to-server call)', async () => {
    const fetchMock = mockFetch({ 'GET /projects': { body: [] } });
    await getProjects();
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(new Headers(init.headers).get('Accept-Encoding')).toBe('identity');
  });
});
