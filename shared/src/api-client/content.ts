// Public reads of the site's content: projects, articles, tags, search, the about page and the site's settings (and their one admin write).
import {
  AboutDataSchema,
  ArticleDetailSchema,
  ArticleListSchema,
  ProjectListSchema,
  ProjectSchema,
  SearchResultListSchema,
  SiteSettingsSchema,
  TagListSchema,
  SEARCH_DEFAULT_LIMIT,
} from '@portfolio/contract';
import type {
  AboutData,
  Article,
  ArticleDetail,
  Project,
  SearchResult,
  SiteSettings,
  SiteSettingsInput,
  TagCount,
  ContentState,
} from '@portfolio/contract';
import { withDrafts, requestJson, jsonBody, requestListPage } from './transport';
import type { RequestOptions, ContentRequestOptions, ListPage, PageRequest } from './transport';

// so.
export function getProjects(options: ContentRequestOptions = {}): Promise<Project[]> {
  return requestJson(withDrafts('/projects', options), ProjectListSchema, {}, options);
}

export function getProject(id: string, options: ContentRequestOptions = {}): Promise<Project> {
  const path = withDrafts(`/projects/${encodeURIComponent(id)}`, options);
  return requestJson(path, ProjectSchema, {}, options);
}

export interface Page {
  limit?: number;
  offset?: number;
}

export function getArticles(
  page: Page = {},
  options: ContentRequestOptions = {},
): Promise<Article[]> {
  const query = new URLSearchParams();
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  if (page.offset !== undefined) query.set('offset', String(page.offset));
  const suffix = query.size > 0 ? `?${query}` : '';
  return requestJson(withDrafts(`/articles${suffix}`, options), ArticleListSchema, {}, options);
}

/** Which articles a page lists (docs/decisions/132): all of them when nothing is given. */
export interface ArticleFilter {
  /** Only the articles with this tag. */
  tag?: string;
  /** Only those whose text matches (as search does), still newest first. */
  query?: string;
  /** One publication state; with `drafts` (admin). */
  state?: ContentState;
}

/** One page of the articles, newest first, with how many there are in all (X-Total-Count). */
export async function getArticlePage(
  { limit, offset = 0, tag, query: text, state }: PageRequest & ArticleFilter,
  options: ContentRequestOptions = {},
): Promise<ListPage<Article>> {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (tag) query.set('tag', tag);
  if (text?.trim()) query.set('query', text.trim());
  if (state) query.set('state', state);
  const { items, total } = await requestListPage(
    withDrafts(`/articles?${query}`, options),
    ArticleListSchema,
    { limit, offset },
    options,
  );
  return { items, total };
}

/**
 * One page of a search's results, ranked, with how many match in all (X-Total-Count). The first
 * page of SEARCH_DEFAULT_LIMIT results is asked for as before `limit` and `offset` existed, so
 * an older API answers it too.
 */
export async function searchArticlePage(
  text: string,
  { limit, offset = 0, tag }: PageRequest & { tag?: string },
  options: RequestOptions = {},
): Promise<ListPage<SearchResult>> {
  const query = new URLSearchParams({ query: text });
  if (tag) query.set('tag', tag);
  if (limit !== SEARCH_DEFAULT_LIMIT) query.set('limit', String(limit));
  if (offset !== 0) query.set('offset', String(offset));
  const { items, total } = await requestListPage(
    `/search?${query}`,
    SearchResultListSchema,
    { limit, offset },
    options,
  );
  return { items, total };
}

export function getArticle(
  id: string,
  options: ContentRequestOptions = {},
): Promise<ArticleDetail> {
  const path = withDrafts(`/articles/${encodeURIComponent(id)}`, options);
  return requestJson(path, ArticleDetailSchema, {}, options);
}

/** Every tag of the public articles with how many use it (admin, `drafts`: of all articles). */
export function getTags(options: ContentRequestOptions = {}): Promise<TagCount[]> {
  return requestJson(withDrafts('/tags', options), TagListSchema, {}, options);
}

export function searchArticles(
  query: string,
  options: RequestOptions = {},
): Promise<SearchResult[]> {
  return requestJson(
    `/search?${new URLSearchParams({ query })}`,
    SearchResultListSchema,
    {},
    options,
  );
}

export function getAboutData(options: RequestOptions = {}): Promise<AboutData> {
  return requestJson('/about-data', AboutDataSchema, {}, options);
}

/** GET /settings: the site's settings (docs/decisions/141), for every page that shows them. */
export function getSiteSettings(options: RequestOptions = {}): Promise<SiteSettings> {
  return requestJson('/settings', SiteSettingsSchema, {}, options) as Promise<SiteSettings>;
}

export type { SiteSettings, SiteSettingsInput };

/** PUT /settings (admin): replaces the whole document; answers it as stored. */
export function updateSiteSettings(
  input: SiteSettingsInput,
  options: RequestOptions,
): Promise<SiteSettings> {
  return requestJson(
    '/settings',
    SiteSettingsSchema,
    { method: 'PUT', ...jsonBody(input) },
    options,
  ) as Promise<SiteSettings>;
}
