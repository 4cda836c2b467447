import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderPage, setUpTestRuntimeConfig, siteTitle } from '@portfolio/testing';
import {
  LOADING_TAGS,
  NO_TAGS,
  TAGS_INTRO,
  TAGS_LOAD_ERROR,
  TAGS_TITLE,
  tagCountLabel,
} from '../../texts';
import * as TagsPage from './TagsPage';

setUpTestRuntimeConfig();

afterEach(() => jest.restoreAllMocks());

const renderTags = () => renderPage(TagsPage, { route: '/tags', path: '/tags' });

describe('TagsPage (docs/decisions/132)', () => {
  it('lists every tag with its count, in the API’s order, each linking to its page', async () => {
    mockFetch({
      'GET /tags': {
        body: [
          { tag: 'security', count: 12 },
          { tag: 'zero-trust', count: 3 },
          { tag: 'tls', count: 1 },
        ],
      },
    });
    renderTags();
    expect(screen.getByRole('heading', { level: 1, name: TAGS_TITLE })).toBeVisible();
    expect(screen.getByText(TAGS_INTRO)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(LOADING_TAGS);
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['security 12 articles', '/tags/security'],
      ['zero-trust 3 articles', '/tags/zero-trust'],
      ['tls 1 article', '/tags/tls'],
    ]);
    expect(tagCountLabel(1)).toBe('1 article');
    await waitFor(() => expect(document.title).toBe(siteTitle(TAGS_TITLE)));
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://site.test/tags',
    );
  });

  it('says when no article has a tag yet', async () => {
    mockFetch({ 'GET /tags': { body: [] } });
    renderTags();
    expect(await screen.findByText(NO_TAGS)).toBeInTheDocument();
  });

  it('says the tags could not be loaded when the API fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /tags': { status: 500, body: { message: 'down' } } });
    renderTags();
    expect(await screen.findByRole('alert')).toHaveTextContent(TAGS_LOAD_ERROR);
  });
});
