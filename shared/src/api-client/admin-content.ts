// The owner's writes of projects and articles, their revisions (docs/decisions/143) and the media library.
import {
  ArticleRevisionSchema,
  ArticleSchema,
  ImageUploadSchema,
  MediaListSchema,
  ProjectRevisionSchema,
  ProjectSchema,
  RevisionListSchema,
} from '@portfolio/contract';
import type {
  Article,
  ArticleInput,
  ArticleRevision,
  ImageUpload,
  MediaItem,
  MediaUsage,
  Project,
  ProjectInput,
  ProjectRevision,
  PublicationInput,
  RevisionSummary,
} from '@portfolio/contract';
import { requestJson, requestNoContent, jsonBody, requestListPage } from './transport';
import type { RequestOptions, ListPage, PageRequest } from './transport';

// --- Admin (role admin; the API enforces it) ---

export type { ArticleInput, ProjectInput, PublicationInput };

export function createProject(input: ProjectInput, options: RequestOptions): Promise<Project> {
  return requestJson('/projects', ProjectSchema, { method: 'POST', ...jsonBody(input) }, options);
}

export function updateProject(
  id: string,
  input: ProjectInput,
  options: RequestOptions,
): Promise<Project> {
  return requestJson(
    `/projects/${encodeURIComponent(id)}`,
    ProjectSchema,
    { method: 'PUT', ...jsonBody(input) },
    options,
  );
}

/** Publishes, schedules or unpublishes a project (docs/decisions/120). */
export function setProjectPublication(
  id: string,
  input: PublicationInput,
  options: RequestOptions,
): Promise<Project> {
  return requestJson(
    `/projects/${encodeURIComponent(id)}`,
    ProjectSchema,
    { method: 'PATCH', ...jsonBody(input) },
    options,
  );
}

export function deleteProject(id: string, options: RequestOptions): Promise<void> {
  return requestNoContent(`/projects/${encodeURIComponent(id)}`, { method: 'DELETE' }, options);
}

export function createArticle(input: ArticleInput, options: RequestOptions): Promise<Article> {
  return requestJson('/articles', ArticleSchema, { method: 'POST', ...jsonBody(input) }, options);
}

export function updateArticle(
  id: string,
  input: ArticleInput,
  options: RequestOptions,
): Promise<Article> {
  return requestJson(
    `/articles/${encodeURIComponent(id)}`,
    ArticleSchema,
    { method: 'PUT', ...jsonBody(input) },
    options,
  );
}

/** Publishes, schedules or unpublishes an article (docs/decisions/120). */
export function setArticlePublication(
  id: string,
  input: PublicationInput,
  options: RequestOptions,
): Promise<Article> {
  return requestJson(
    `/articles/${encodeURIComponent(id)}`,
    ArticleSchema,
    { method: 'PATCH', ...jsonBody(input) },
    options,
  );
}

export function deleteArticle(id: string, options: RequestOptions): Promise<void> {
  return requestNoContent(`/articles/${encodeURIComponent(id)}`, { method: 'DELETE' }, options);
}

// --- Revisions: the saved versions of an article or a project (docs/decisions/143) ---

export type { ArticleRevision, ProjectRevision, RevisionSummary };

/** The item's saved versions, newest first, without their text (admin only). */
export function getRevisions(
  kind: 'articles' | 'projects',
  id: string,
  options: RequestOptions,
): Promise<RevisionSummary[]> {
  return requestJson(
    `/${kind}/${encodeURIComponent(id)}/revisions`,
    RevisionListSchema,
    {},
    options,
  );
}

/** One saved version of an article, whole (admin only). */
export function getArticleRevision(
  id: string,
  number: number,
  options: RequestOptions,
): Promise<ArticleRevision> {
  return requestJson(
    `/articles/${encodeURIComponent(id)}/revisions/${number}`,
    ArticleRevisionSchema,
    {},
    options,
  );
}

/** One saved version of a project, whole (admin only). */
export function getProjectRevision(
  id: string,
  number: number,
  options: RequestOptions,
): Promise<ProjectRevision> {
  return requestJson(
    `/projects/${encodeURIComponent(id)}/revisions/${number}`,
    ProjectRevisionSchema,
    {},
    options,
  );
}

/** DELETE /images/:name for an `imagePath` such as /images/diagram-1a2b.png (admin only). */
export function deleteImage(imagePath: string, options: RequestOptions): Promise<void> {
  const name = imagePath.replace(/^\/images\//, '');
  return requestNoContent(`/images/${encodeURIComponent(name)}`, { method: 'DELETE' }, options);
}

/** Which images a page of the media library lists (docs/decisions/142): all when nothing is given. */
export interface MediaFilter {
  /** Only the images something shows, or only those nothing shows. */
  usage?: MediaUsage;
  /** Only those whose name contains this. */
  query?: string;
  /** Only those this article shows (its cover and the images its text names). */
  article?: string;
}

/** One page of the media library, newest first, with how many images match (admin). */
export async function getMediaPage(
  { limit, offset = 0, usage, query: text, article }: PageRequest & MediaFilter,
  options: RequestOptions,
): Promise<ListPage<MediaItem>> {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (usage) query.set('usage', usage);
  if (text?.trim()) query.set('query', text.trim());
  if (article) query.set('article', article);
  const { items, total } = await requestListPage(
    `/images?${query}`,
    MediaListSchema,
    { limit, offset },
    options,
  );
  return { items, total };
}

export function uploadImage(
  file: Blob,
  fileName: string,
  options: RequestOptions,
): Promise<ImageUpload> {
  const form = new FormData();
  form.append('file', file, fileName);
  return requestJson('/images', ImageUploadSchema, { method: 'POST', body: form }, options);
}
