// An article's comments as its page shows them (docs/decisions/200): a page of approved threads,
// loaded beside the article and rendered to safe HTML with it (the comment profile of the one
// sanitiser), so the page carries no Markdown and the browser renders none.
import { getCommentPage } from '@portfolio/shared/api-client';
import type { RequestOptions } from '@portfolio/shared/api-client';
import { isUnknownItem, reportLoadFailure } from '@portfolio/shared/page-data';
import type { CommentOrder, PublicComment } from '@portfolio/contract';

/** The query parameters of an article's address that choose its comments' page. */
export const COMMENT_ORDER_PARAM = 'order';
export const COMMENT_PAGE_PARAM = 'page';
/** The comments' section, and where the links to it and the forms' returns point. */
export const COMMENTS_ANCHOR = 'comments';
export const commentAnchor = (id: string): string => `comment-${id}`;

export interface RenderedComment extends PublicComment {
  /** The body as safe HTML. */
  html: string;
}

export interface RenderedThread extends RenderedComment {
  replies: RenderedComment[];
  replyCount: number;
}

export type CommentsState =
  | {
      status: 'loaded';
      threads: RenderedThread[];
      total: number;
      page: number;
      pages: number;
      order: CommentOrder;
    }
  /** A draft an admin previews: it takes no comments. */
  | { status: 'none' }
  | { status: 'unavailable' };

export interface CommentQuery {
  order: CommentOrder;
  page: number;
}

/** The comments' order and page an address asks for (the first page, newest first, otherwise). */
export function commentQueryOf(url: string): CommentQuery {
  const search = new URL(url, 'http://localhost').searchParams;
  const page = Number(search.get(COMMENT_PAGE_PARAM) ?? '1');
  return {
    order: search.get(COMMENT_ORDER_PARAM) === 'oldest' ? 'oldest' : 'newest',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address of a page of `articlePath`'s comments. */
export function commentPageHref(articlePath: string, { order, page }: CommentQuery): string {
  const search = new URLSearchParams();
  if (order !== 'newest') search.set(COMMENT_ORDER_PARAM, order);
  if (page > 1) search.set(COMMENT_PAGE_PARAM, String(page));
  const query = search.size > 0 ? `?${search}` : '';
  return `${articlePath}${query}#${COMMENTS_ANCHOR}`;
}

export async function loadComments(
  articleKey: string,
  query: CommentQuery,
  options: RequestOptions,
): Promise<CommentsState> {
  try {
    const page = await getCommentPage(articleKey, query, options);
    const { renderComment } = await import('@portfolio/shared/markdown');
    const render = (comment: PublicComment): RenderedComment => ({
      ...comment,
      html: renderComment(comment.body),
    });
    return {
      status: 'loaded',
      threads: page.threads.map(({ replies, replyCount, ...thread }) => ({
        ...render(thread),
        replies: replies.map(render),
        replyCount,
      })),
      total: page.total,
      page: page.page,
      pages: page.pages,
      order: page.order,
    };
  } catch (error) {
    if (isUnknownItem(error)) return { status: 'none' };
    reportLoadFailure(options, 'Could not load the comments', error);
    return { status: 'unavailable' };
  }
}
