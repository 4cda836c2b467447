// Texts of the admin lists' paging and filters and of the article editor's address, tags and
// summaries (docs/decisions/131, 132). Beside the remote's texts module (../../texts), which holds
// the rest of the dashboard's words; pages, tests and the browser specs import both.
import type { ContentState } from '@portfolio/contract';

/** How many items a page of an admin list shows. */
export const ADMIN_PAGE_SIZE = 20;

// --- The lists' filters and pages ---
export const SEARCH_ARTICLES_LABEL = 'Search articles';
export const SEARCH_PROJECTS_LABEL = 'Search projects by title';
export const STATUS_FILTER_LABEL = 'Status';
export const TAG_FILTER_LABEL = 'Tag';
export const ALL_STATUSES = 'All';
export const ALL_TAGS = 'All tags';
/** The status filter's choices, in its order (the API's `state`). */
export const STATUS_CHOICES: readonly { state: ContentState; label: string }[] = [
  { state: 'published', label: 'Published' },
  { state: 'scheduled', label: 'Scheduled' },
  { state: 'draft', label: 'Draft' },
];
export const tagChoiceLabel = (tag: string, count: number): string => `${tag} (${count})`;
export const FILTERS_LABEL = 'Filter the list';
export const CLEAR_FILTERS_LABEL = 'Clear filters';
export const NO_MATCHES = 'Nothing matches these filters.';
export const ARTICLE_PAGES_LABEL = 'Pages of articles';
export const PROJECT_PAGES_LABEL = 'Pages of projects';
export const PREVIOUS_PAGE_LABEL = 'Previous page';
export const NEXT_PAGE_LABEL = 'Next page';
/** "Page 2 of 3", or "Page 2" when the API does not say how many there are. */
export const pageOfPages = (page: number, pages: number | null): string =>
  pages === null ? `Page ${page}` : `Page ${page} of ${pages}`;
/** "25 articles", "1 project". */
export const itemCount = (count: number, kind: 'article' | 'project'): string =>
  `${count} ${kind}${count === 1 ? '' : 's'}`;
export const TAGS_OF_ITEM = 'Tags';

// --- The article editor: its full text is fetched when it opens ---
export const ARTICLE_LOADING = 'Loading the article...';
export const ARTICLE_LOAD_ERROR = 'The article could not be loaded.';

// --- Slug, tags, excerpt and SEO description (docs/decisions/132) ---
export const SLUG_LABEL = 'Slug (optional)';
/** The address an article gets from a slug, as the site serves it. */
export const articleAddress = (slug: string): string => `/article/${slug}`;
export const addressHint = (slug: string): string => `Its address: ${articleAddress(slug)}`;
export const SLUG_FROM_TITLE_HINT = 'Empty: made from the title when the article is saved.';
export const slugKeptHint = (slug: string): string =>
  `Empty: the address stays ${articleAddress(slug)}.`;
export const SLUG_RENAME_HINT = 'A changed address keeps the old one working as a redirect.';
export const slugInvalid = (max: number): string =>
  `A slug is lowercase letters a–z and digits, words joined by single hyphens, at most ${max} characters.`;
export const SLUG_TAKEN = 'This slug is already taken by another article.';

export const TAGS_LABEL = 'Tags (comma separated)';
export const tagsHint = (max: number): string =>
  `Up to ${max} tags; each is saved in lowercase, with hyphens between words.`;
export const TAGS_PREVIEW_LABEL = 'Tags to save';
export const invalidTags = (tags: string[], max: number): string =>
  `${tags.length === 1 ? 'This tag is' : 'These tags are'} not valid: ${tags
    .map((tag) => `"${tag}"`)
    .join(
      ', ',
    )}. A tag is letters a–z and digits, words joined by hyphens, at most ${max} characters.`;
export const tooManyTags = (count: number, max: number): string =>
  `${count} tags: an article has at most ${max}.`;

export const EXCERPT_LABEL = 'Excerpt (optional)';
export const EXCERPT_HINT =
  'The card text on the blog. Empty: made from the article’s first lines.';
export const SEO_DESCRIPTION_LABEL = 'SEO description (optional)';
export const SEO_DESCRIPTION_HINT =
  'What search engines and link previews show. Empty: the excerpt.';
/** A text field's character counter: "42 / 150 characters". */
export const characterCount = (count: number, max: number): string =>
  `${count} / ${max} characters`;

// --- Images in an article's text ---
export const INSERT_IMAGE_HEADING = 'Insert an image into the text';
export const IMAGE_ALT_LABEL = 'Image description (alt text)';
export const IMAGE_ALT_HINT =
  'What the image shows, for readers who cannot see it. Write it first: the file can be chosen then.';
export const IMAGE_ALT_REQUIRED = 'Describe the image first: its description is its alt text.';
export const INSERT_IMAGE_LABEL = 'Upload and insert image';
export const IMAGE_INSERTED = 'Image inserted into the text where the cursor was.';

// --- Messages: the inbox and the archive ---
export const MESSAGE_BOXES_LABEL = 'Show';
export const INBOX_LABEL = 'Inbox';
export const ARCHIVE_BOX_LABEL = 'Archive';
export const ARCHIVE_LABEL = 'Archive';
export const MOVE_TO_INBOX_LABEL = 'Move to inbox';
export const MESSAGES_PAGES_LABEL = 'Pages of messages';
export const NO_ARCHIVED_MESSAGES = 'No archived messages.';
/** "3 unread" beside the inbox, and in the tab's name. */
export const unreadCount = (count: number): string => `${count} unread`;
export const messagesTabLabel = (base: string, unread: number | null): string =>
  unread ? `${base} (${unreadCount(unread)})` : base;
// Search and several at once (docs/decisions/144).
export const SEARCH_MESSAGES_LABEL = 'Search messages';
export const NO_MESSAGE_MATCHES = 'No message matches.';
export const selectMessageLabel = (name: string): string => `Select the message from ${name}`;
export const SELECT_PAGE_LABEL = 'Select all on this page';
export const SELECTED_ACTIONS_LABEL = 'Selected messages';
export const selectedCount = (count: number): string => `${count} selected`;
export const MARK_SELECTED_READ_LABEL = 'Mark selected read';
export const ARCHIVE_SELECTED_LABEL = 'Archive selected';
export const MOVE_SELECTED_TO_INBOX_LABEL = 'Move selected to inbox';
export const DELETE_SELECTED_LABEL = 'Delete selected';
/** What a delete of the selection asks about. */
export const selectedMessagesTitle = (count: number): string =>
  count === 1 ? 'the selected message' : `the ${count} selected messages`;
const messages = (count: number) => (count === 1 ? '1 message' : `${count} messages`);
export const bulkNotice = (action: 'read' | 'archive' | 'unarchive' | 'delete', count: number) =>
  `${messages(count)} ${
    {
      read: 'marked read',
      archive: 'archived',
      unarchive: 'moved to the inbox',
      delete: 'deleted',
    }[action]
  }.`;
/** The message a delete asks about: whose, and its start. */
export const messageTitle = (name: string, message: string): string =>
  `the message from ${name}: “${message.length > 40 ? `${message.slice(0, 40)}…` : message}”`;

// --- Unsaved work ---
export const LEAVE_UNSAVED_CONFIRM =
  'You have unsaved changes. Leave anyway? (They stay in this browser for the next time.)';
export const DISCARD_UNSAVED_CONFIRM = 'Discard your unsaved changes?';
export const RECOVERED_LABEL = 'Unsaved changes found';
export const recoveredText = (at: string): string =>
  `This browser kept changes you had not saved, from ${new Date(at).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  })}.`;
export const RESTORE_UNSAVED_LABEL = 'Restore them';
export const DISCARD_UNSAVED_LABEL = 'Discard them';
