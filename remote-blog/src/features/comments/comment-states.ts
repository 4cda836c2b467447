// An article's comments as its page shows them (docs/decisions/200): a page of approved threads,
// loaded beside the article and rendered to safe HTML with it (the comment profile of the one
// sanitiser), so the page carries no Markdown and the browser renders none.
import { getCommentPage } from '@portfolio/shared/api-client';
import type { RequestOptions } from '@portfolio/shared/api-client';
import { isUnknownItem, reportLoadFailure } from '@portfolio/shared/page-data';
import {
  COMMENT_ORDER_PARAM,
  COMMENT_PAGE_PARAM,
  COMMENT_REPLIES_PARAM,
  COMMENT_THREAD_PARAM,
} from '@portfolio/contract';
import type { CommentOrder, PublicComment } from '@portfolio/contract';

// The comments' addresses, their parameters and anchors are the contract's (commentsHref,
// commentPath): the article page's links, and those the dashboards and the reply e-mail give.
/** The form answering a thread. */
export const replyAnchor = (id: string): string => `reply-to-${id}`;
/** What a comment's id looks like (the API's: a UUID); anything else is no thread. */
const COMMENT_ID = /^[\w-]{1,64}$/;

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
      /** The thread read alone (its replies shown), or null for a page of threads. */
      thread: string | null;
      /** The thread read alone: the page of its replies shown. */
      replyPage: number;
    }
  /** A draft an admin previews: it takes no comments. */
  | { status: 'none' }
  | { status: 'unavailable' };

export interface CommentQuery {
  order: CommentOrder;
  page: number;
  /** A thread to read alone. */
  thread?: string | null;
  /** The thread's page of replies (1 when not said). */
  replies?: number;
}

/**
 * The comments' order and page an address asks for (the first page, newest first, otherwise), and
 * the thread it reads alone, if any.
 */
export function commentQueryOf(url: string): CommentQuery {
  const search = new URL(url, 'http://localhost').searchParams;
  const pageOf = (param: string) => {
    const page = Number(search.get(param) ?? '1');
    return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
  };
  const thread = search.get(COMMENT_THREAD_PARAM);
  return {
    order: search.get(COMMENT_ORDER_PARAM) === 'oldest' ? 'oldest' : 'newest',
    page: pageOf(COMMENT_PAGE_PARAM),
    thread: thread !== null && COMMENT_ID.test(thread) ? thread : null,
    replies: pageOf(COMMENT_REPLIES_PARAM),
  };
}

export async function loadComments(
  articleKey: string,
  query: CommentQuery,
  options: RequestOptions,
): Promise<CommentsState> {
  try {
    const { order, page: number, thread, replies = 1 } = query;
    const ofThreads = { order, page: number };
    const page = await getCommentPage(
      articleKey,
      thread ? { ...ofThreads, thread, replies } : ofThreads,
      options,
    ).catch((error: unknown) => {
      // A thread no longer there (deleted, hidden): the page of threads instead.
      if (thread && isUnknownItem(error)) return getCommentPage(articleKey, ofThreads, options);
      throw error;
    });
    const alone = thread && page.threads.length === 1 && page.threads[0]?._id === thread;
    const { renderComment } = await import('@portfolio/shared/markdown');
    const render = (comment: PublicComment): RenderedComment => ({
      ...comment,
      html: renderComment(comment.body),
    });
    return {
      status: 'loaded',
      threads: page.threads.map(({ replies, replyCount, ...first }) => ({
        ...render(first),
        replies: replies.map(render),
        replyCount,
      })),
      total: page.total,
      // A thread read alone: the page it was opened from, which "All comments" goes back to.
      page: alone ? number : page.page,
      pages: page.pages,
      order: page.order,
      thread: alone ? thread : null,
      replyPage: alone ? (page.replyPage ?? 1) : 1,
    };
  } catch (error) {
    if (isUnknownItem(error)) return { status: 'none' };
    reportLoadFailure(options, 'Could not load the comments', error);
    return { status: 'unavailable' };
  }
}
