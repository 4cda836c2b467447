// Texts of the dashboard's Comments tab (docs/decisions/200), imported by the panel and its tests.
import type { CommentStatus } from '@portfolio/contract';

export const TAB_COMMENTS = 'Comments';
export const pendingCount = (count: number): string => `${count} pending`;
/** "Comments (2 pending)": a comment does not wait unseen behind another tab. */
export const commentsTabLabel = (pending: number | null): string =>
  pending ? `${TAB_COMMENTS} (${pendingCount(pending)})` : TAB_COMMENTS;
export const COMMENT_FILTERS_LABEL = 'Show comments';
export const COMMENT_FILTERS: readonly { value: CommentStatus | undefined; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'hidden', label: 'Hidden' },
  { value: undefined, label: 'All' },
];
export const STATUS_LABELS: Record<CommentStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  hidden: 'Hidden',
};
export const SEARCH_COMMENTS_LABEL = 'Search comments';
export const COMMENTS_LOAD_ERROR = 'Comments could not be loaded.';
export const COMMENT_UPDATE_ERROR = 'The comment could not be changed. Please try again.';
export const NO_PENDING_COMMENTS = 'No comments wait for approval.';
export const NO_COMMENTS_HERE = 'No comments here.';
export const NO_COMMENT_MATCHES = 'No comments match this search.';
export const COMMENTS_PAGES_LABEL = 'Pages of comments';
export const APPROVE_LABEL = 'Approve';
export const HIDE_LABEL = 'Hide';
export const DELETE_COMMENT_LABEL = 'Delete';
export const BLOCK_LABEL = 'Block member';
export const UNBLOCK_LABEL = 'Unblock member';
export const BLOCKED_BADGE = 'Blocked';
export const DELETED_MEMBER_BADGE = 'Account deleted';
export const onArticle = (title: string): string => `on ${title}`;
export const linkCount = (count: number): string => (count === 1 ? '1 link' : `${count} links`);
export const commentActionLabel = (action: string, author: string): string =>
  `${action}: comment by ${author}`;
export const commentTitle = (author: string, body: string): string =>
  `the comment by ${author}: "${body.length > 60 ? `${body.slice(0, 60)}…` : body}"`;
export const COMMENT_APPROVED = 'Comment approved.';
export const COMMENT_HIDDEN = 'Comment hidden.';
export const COMMENT_DELETED = 'Comment deleted.';
export const memberBlocked = (name: string): string =>
  `${name} is blocked: their pending comments are deleted and new ones are refused.`;
export const memberUnblocked = (name: string): string => `${name} may comment again.`;

// The owner's settings.
export const COMMENT_SETTINGS_TITLE = 'Comment settings';
export const LINKS_BEFORE_REVIEW_LABEL = 'Links a comment may carry before it waits for approval';
export const DELETED_MEMBER_COMMENTS_LABEL = 'When a member deletes their account, their comments';
export const DELETED_MEMBER_CHOICES = [
  { value: 'keep', label: 'stay, shown as by "A deleted member"' },
  { value: 'remove', label: 'are deleted with it' },
] as const;
export const SAVE_COMMENT_SETTINGS = 'Save comment settings';
export const COMMENT_SETTINGS_SAVED = 'Comment settings saved.';
export const COMMENT_SETTINGS_ERROR = 'The comment settings could not be saved.';
