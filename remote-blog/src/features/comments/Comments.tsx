// An article's comments (docs/decisions/200): after the article, in a section of its own
// (docs/decisions/170). The list is the server's HTML (no script); the forms are islands.
import { Island } from '@portfolio/shared/island';
import { formatPostDate } from '@portfolio/shared/format';
import {
  COMMENTS_LOAD_ERROR,
  COMMENTS_TITLE,
  COMMENT_ORDER_LABEL,
  COMMENT_PAGES_LABEL,
  EARLIER_COMMENTS_LABEL,
  EDITED_LABEL,
  LATER_COMMENTS_LABEL,
  NEWEST_FIRST_LABEL,
  NO_COMMENTS,
  OLDEST_FIRST_LABEL,
  commentCountLabel,
  ALL_COMMENTS_LABEL,
  EARLIER_REPLIES_LABEL,
  LATER_REPLIES_LABEL,
  REPLY_PAGES_LABEL,
  replyToLabel,
  showRepliesLabel,
} from '../../texts';
import { Pagination } from '../pagination/Pagination';
import { CommentForm } from './CommentForm';
import { COMMENTS_ANCHOR, commentAnchor, commentsHref, replyPageCount } from '@portfolio/contract';
import { replyAnchor } from './comment-states';
import type {
  CommentQuery,
  CommentsState,
  RenderedComment,
  RenderedThread,
} from './comment-states';
import styles from './Comments.module.css';

export interface CommentsProps {
  state: CommentsState;
  /** The article's id, as the API takes it. */
  articleId: string;
  /** The article's address (its slug's). */
  articlePath: string;
}

function CommentBody({ comment }: { comment: RenderedComment }) {
  const date = formatPostDate(comment.createdAt);
  return (
    <div className={styles.comment} id={commentAnchor(comment._id)}>
      <p className={styles.byline}>
        <span className={styles.author}>{comment.authorName}</span>
        {date && (
          <>
            <span aria-hidden="true"> · </span>
            <time dateTime={comment.createdAt}>{date}</time>
          </>
        )}
        {comment.editedAt && <span> ({EDITED_LABEL})</span>}
      </p>
      {/* Safe: rendered by renderComment() through the sanitiser's comment profile. */}
      <div className={styles.body} dangerouslySetInnerHTML={{ __html: comment.html }} />
    </div>
  );
}

/**
 * A thread: on a page of threads, its first comment and links to its replies and its reply form
 * (the thread read alone); read alone, its replies and the form that answers it.
 */
function Thread({
  thread,
  alone,
  query,
  articleId,
  articlePath,
}: {
  thread: RenderedThread;
  alone: boolean;
  /** The page of threads, and read alone, the page of its replies shown. */
  query: CommentQuery;
  articleId: string;
  articlePath: string;
}) {
  if (!alone) {
    const href = (anchor: string) =>
      commentsHref(articlePath, { ...query, thread: thread._id }, anchor);
    return (
      <li>
        <CommentBody comment={thread} />
        <p className={styles.threadLinks}>
          {thread.replyCount > 0 && (
            <a href={href(commentAnchor(thread._id))}>{showRepliesLabel(thread.replyCount)}</a>
          )}
          <a href={href(replyAnchor(thread._id))}>{replyToLabel(thread.authorName)}</a>
        </p>
      </li>
    );
  }
  const replyPage = query.replies ?? 1;
  const replyPages = replyPageCount(thread.replyCount);
  return (
    <li>
      <CommentBody comment={thread} />
      {thread.replies.length > 0 && (
        <ol className={styles.replies}>
          {thread.replies.map((reply) => (
            <li key={reply._id}>
              <CommentBody comment={reply} />
            </li>
          ))}
        </ol>
      )}
      {replyPages > 1 && (
        <Pagination
          position={{ page: replyPage, pageCount: replyPages, hasNext: replyPage < replyPages }}
          label={REPLY_PAGES_LABEL}
          previousLabel={EARLIER_REPLIES_LABEL}
          nextLabel={LATER_REPLIES_LABEL}
          href={(replies) =>
            commentsHref(
              articlePath,
              { ...query, thread: thread._id, replies },
              commentAnchor(thread._id),
            )
          }
        />
      )}
      <section
        id={replyAnchor(thread._id)}
        className={styles.reply}
        aria-label={replyToLabel(thread.authorName)}
      >
        <Island
          owner="blog"
          name="CommentForm"
          when="interaction"
          component={CommentForm}
          props={{ articleId, articlePath, parentId: thread._id, idPrefix: `reply-${thread._id}` }}
          needs={['session']}
        />
      </section>
    </li>
  );
}

export function Comments({ state, articleId, articlePath }: CommentsProps) {
  if (state.status === 'none') return null;
  const total = state.status === 'loaded' ? state.total : undefined;
  const alone = state.status === 'loaded' && state.thread !== null;
  return (
    <section
      id={COMMENTS_ANCHOR}
      className={styles.section}
      aria-labelledby={`${COMMENTS_ANCHOR}-title`}
    >
      <h2 id={`${COMMENTS_ANCHOR}-title`} className={styles.heading}>
        {COMMENTS_TITLE}
        {total !== undefined && total > 0 && (
          <span className={styles.byline}> ({commentCountLabel(total)})</span>
        )}
      </h2>
      {state.status === 'loaded' && alone ? (
        <p className={styles.threadLinks}>
          <a href={commentsHref(articlePath, { order: state.order, page: state.page })}>
            {ALL_COMMENTS_LABEL}
          </a>
        </p>
      ) : (
        <Island
          owner="blog"
          name="CommentForm"
          when="interaction"
          component={CommentForm}
          props={{ articleId, articlePath, idPrefix: 'new-comment' }}
          needs={['session']}
        />
      )}
      {state.status === 'unavailable' ? (
        <p className={styles.empty}>{COMMENTS_LOAD_ERROR}</p>
      ) : state.threads.length === 0 ? (
        <p className={styles.empty}>{NO_COMMENTS}</p>
      ) : (
        <>
          {!alone && (
            <ul className={styles.order} aria-label={COMMENT_ORDER_LABEL}>
              {(['newest', 'oldest'] as const).map((order) => (
                <li key={order}>
                  <a
                    href={commentsHref(articlePath, { order, page: 1 })}
                    aria-current={state.order === order ? 'true' : undefined}
                  >
                    {order === 'newest' ? NEWEST_FIRST_LABEL : OLDEST_FIRST_LABEL}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <ol className={styles.threads}>
            {state.threads.map((thread) => (
              <Thread
                key={thread._id}
                thread={thread}
                alone={alone}
                query={{ order: state.order, page: state.page, replies: state.replyPage }}
                articleId={articleId}
                articlePath={articlePath}
              />
            ))}
          </ol>
          {!alone && (
            <Pagination
              position={{
                page: state.page,
                pageCount: state.pages,
                hasNext: state.page < state.pages,
              }}
              label={COMMENT_PAGES_LABEL}
              previousLabel={EARLIER_COMMENTS_LABEL}
              nextLabel={LATER_COMMENTS_LABEL}
              href={(page) => commentsHref(articlePath, { order: state.order, page })}
            />
          )}
        </>
      )}
    </section>
  );
}
