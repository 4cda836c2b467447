import {
  UnexpectedResponseError,
  getArticleRevision,
  getProjectRevision,
  getRevisions,
} from '@portfolio/shared/api-client';
import { TEST_API_BASE, mockFetch, setUpTestRuntimeConfig } from '@portfolio/testing';

setUpTestRuntimeConfig();

const SUMMARY = {
  number: 2,
  savedAt: '2026-11-26T10:00:00.000Z',
  title: 'TLS in practice',
  size: 42,
  status: 'published',
};

describe('API client: revisions (docs/decisions/143)', () => {
  it('lists an item’s saved versions with the admin’s token', async () => {
    const fetchMock = mockFetch({ 'GET /articles/tls/revisions': { body: [SUMMARY] } });
    await expect(getRevisions('articles', 'tls', { token: 't0ken' })).resolves.toEqual([SUMMARY]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(`${TEST_API_BASE}/articles/tls/revisions`);
    expect(new Headers((init as RequestInit).headers).get('Authorization')).toBe('Bearer t0ken');
  });

  it('reads one version of an article and of a project, whole', async () => {
    const article = {
      ...SUMMARY,
      version: { title: 'T', content: 'Body', slug: 'tls', tags: [], status: 'draft' },
    };
    const project = {
      ...SUMMARY,
      version: { title: 'P', description: 'D', imagePath: '/images/p.svg', status: 'published' },
    };
    mockFetch({
      'GET /articles/tls/revisions/2': { body: article },
      'GET /projects/p/revisions/2': { body: project },
    });
    await expect(getArticleRevision('tls', 2, { token: 't' })).resolves.toEqual(article);
    await expect(getProjectRevision('p', 2, { token: 't' })).resolves.toEqual(project);
  });

  it('refuses a version without its text', async () => {
    mockFetch({ 'GET /articles/tls/revisions/2': { body: SUMMARY } });
    await expect(getArticleRevision('tls', 2, { token: 't' })).rejects.toBeInstanceOf(
      UnexpectedResponseError,
    );
  });
});
