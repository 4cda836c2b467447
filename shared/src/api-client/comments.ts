// Members' comments (docs/decisions/200): an article's threads, a member's own, the owner's moderation.
import {
  CommentBulkResultSchema,
  CommentPageSchema,
  CommentPostedSchema,
  CommentSettingsSchema,
  ModeratedCommentListSchema,
  OwnCommentListSchema,
  PENDING_COUNT_HEADER,
} from '@portfolio/contract';
import type {
  CommentBulkInput,
  CommentSettings,
  CommentStatus,
  ModeratedComment,
  OwnComment,
  CommentInput,
  CommentPage,
  CommentPageQuery,
  CommentPosted,
} from '@portfolio/contract';
import {
  withDeadline,
  sendOk,
  requestJson,
  jsonBody,
  requestListPage,
  countHeader,
} from './transport';
import type { RequestOptions, ListPage, PageRequest } from './transport';

/** A page of an article's approved threads, or one thread with its replies (public, cached). */
export function getCommentPage(
  articleId: string,
  { order, page, thread, replies }: CommentPageQuery = {},
  options: RequestOptions = {},
): Promise<CommentPage> {
  const query = new URLSearchParams();
  if (order && order !== 'newest') query.set('order', order);
  if (page && page > 1) query.set('page', String(page));
  if (thread) query.set('thread', thread);
  if (thread && replies && replies > 1) query.set('replies', String(replies));
  const search = query.size > 0 ? `?${query}` : '';
  return requestJson(
    `/articles/${encodeURIComponent(articleId)}/comments${search}`,
    CommentPageSchema,
    {},
    options,
  );
}

/** Posts a member's comment (their `token`); a refusal throws an ApiError with the API's text. */
export function postComment(
  articleId: string,
  input: CommentInput,
  options: RequestOptions,
): Promise<CommentPosted> {
  return requestJson(
    `/articles/${encodeURIComponent(articleId)}/comments`,
    CommentPostedSchema,
    { method: 'POST', ...jsonBody(input) },
    options,
  );
}

export type { OwnComment };

/** The signed-in member's comments, in every state, the newest first. */
export function getMyComments(options: RequestOptions): Promise<OwnComment[]> {
  return requestJson('/comments/mine', OwnCommentListSchema, {}, options);
}

/** A page of comments to moderate, and how many wait for approval (null: the API did not say). */
export interface ModerationPage extends ListPage<ModeratedComment> {
  pending: number | null;
}

/** Comments for the owner: the pending first, then the newest (admin). */
export async function getModerationPage(
  {
    limit,
    offset = 0,
    status,
    query: text,
  }: PageRequest & { status?: CommentStatus; query?: string },
  options: RequestOptions,
): Promise<ModerationPage> {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (status) query.set('status', status);
  if (text?.trim()) query.set('query', text.trim());
  const { items, total, headers } = await requestListPage(
    `/comments?${query}`,
    ModeratedCommentListSchema,
    { limit, offset },
    options,
  );
  return { items, total, pending: countHeader(headers, PENDING_COUNT_HEADER) };
}

/** Approves, hides or deletes comments (admin); how many changed. */
export async function actOnComments(
  ids: readonly string[],
  action: CommentBulkInput['action'],
  options: RequestOptions,
): Promise<number> {
  const { changed } = await requestJson(
    '/comments/bulk',
    CommentBulkResultSchema,
    { method: 'POST', ...jsonBody({ ids, action }) },
    options,
  );
  return changed;
}

/** Blocks a member from commenting (their pending comments go), or lets them again (admin). */
export async function setMemberBlocked(
  uid: string,
  blocked: boolean,
  options: RequestOptions,
): Promise<void> {
  await withDeadline(options.signal, (signal) =>
    sendOk(
      `/members/${encodeURIComponent(uid)}/block`,
      { method: blocked ? 'PUT' : 'DELETE' },
      options,
      signal,
    ),
  );
}

export function getCommentSettings(options: RequestOptions): Promise<CommentSettings> {
  return requestJson('/comments/settings', CommentSettingsSchema, {}, options);
}

export function saveCommentSettings(
  settings: CommentSettings,
  options: RequestOptions,
): Promise<CommentSettings> {
  return requestJson(
    '/comments/settings',
    CommentSettingsSchema,
    { method: 'PUT', ...jsonBody(settings) },
    options,
  );
}
