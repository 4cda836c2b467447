// Texts of the blog remote (docs/product.md#blog, #search), imported by pages and tests.

export const BLOG_TITLE = 'Blog';
export const BLOG_INTRO = 'Notes from the field on security, defence and building safer software.';
export const ARTICLES_VARIANT_TITLE = 'Articles';
export const ARTICLES_VARIANT_INTRO = 'Every article at a glance, newest first.';

/** Article list failure. */
export const ARTICLES_LOAD_ERROR = 'Failed to load articles. Please try again later.';
/** An article with no title / no content. */
export const UNTITLED = 'Untitled';
export const NO_CONTENT = 'No content available.';
export const READ_MORE_LABEL = 'Read More';
/** On /articles/{id}, whose Read More links stay on that list: the link to the article itself. */
export const FULL_ARTICLE_LABEL = 'Read the full article';
export const LOADING_ARTICLES = 'Loading articles...';
export const NO_ARTICLES = 'No articles have been published yet.';

/** Pages of a list (/blog, /blog/page/{n}, /articles/{id}?page={n}, search results). */
export const ARTICLE_PAGES_LABEL = 'Pages of articles';
/** The article lists are newest first: the previous page holds newer articles. */
export const NEWER_ARTICLES_LABEL = 'Newer articles';
export const OLDER_ARTICLES_LABEL = 'Older articles';
export const SEARCH_PAGES_LABEL = 'Pages of results';
export const PREVIOUS_RESULTS_LABEL = 'Previous results';
export const MORE_RESULTS_LABEL = 'More results';
export const pageNumberLabel = (page: number): string => `Page ${page}`;
/** The title of a list's page after the first: "Blog, page 2". */
export const pagedTitle = (title: string, page: number): string =>
  page > 1 ? `${title}, page ${page}` : title;
/** A page number past the last page, 0 or not a number (a 404). */
export const NO_SUCH_PAGE_TITLE = 'Page not found';
export const NO_SUCH_PAGE_TEXT = 'This list has no such page.';

export const LOADING_ARTICLE = 'Loading article...';
export const ARTICLE_NOT_FOUND_TITLE = 'Article not found';
export const ARTICLE_NOT_FOUND_TEXT =
  'The article you are looking for does not exist or has been removed.';
export const ARTICLE_UNAVAILABLE_TITLE = 'Article unavailable';
export const ARTICLE_LOAD_ERROR = 'Failed to load the article. Please try again later.';
export const BACK_TO_BLOG_LABEL = 'Back to the blog';
export const ARTICLE_NAVIGATION_LABEL = 'More articles';
/** Previous is the older neighbour, next the newer one. */
export const PREVIOUS_ARTICLE_LABEL = 'Previous article';
export const NEXT_ARTICLE_LABEL = 'Next article';

/** The article's table of contents, shown when it has at least TABLE_OF_CONTENTS_MIN headings. */
export const TABLE_OF_CONTENTS_TITLE = 'On this page';
export const TABLE_OF_CONTENTS_MIN = 3;
/** Beside the date an article was published, when it was edited on a later day. */
export const updatedLabel = (date: string): string => `Updated ${date}`;
export const RELATED_ARTICLES_TITLE = 'Related articles';
/** Share links: plain links to each site's own share page (no script of theirs). */
export const SHARE_TITLE = 'Share this article';
export const SHARE_LINKEDIN = 'LinkedIn';
export const SHARE_X = 'X';
export const SHARE_BLUESKY = 'Bluesky';
export const SHARE_HACKER_NEWS = 'Hacker News';
export const SHARE_REDDIT = 'Reddit';
export const SHARE_EMAIL = 'E-mail';
export const SHARE_EMAIL_LABEL = 'Share by e-mail';
/** What a share link to another site says to a screen reader (its visible name is the site's). */
export const shareLinkLabel = (where: string): string => `Share on ${where}`;

/** Reading speed behind the "N min read" estimate. */
export const WORDS_PER_MINUTE = 200;
export const readingTimeLabel = (minutes: number): string => `${minutes} min read`;

/** Tags (docs/decisions/132): on cards and articles, the index /tags and each tag's pages. */
export const TAGS_LABEL = 'Tags';
export const TAGS_TITLE = 'Tags';
export const TAGS_INTRO = 'Browse the articles by topic.';
/** The blog's way to the tag index. */
export const BROWSE_TAGS_LABEL = 'Browse by topic';
export const LOADING_TAGS = 'Loading tags...';
export const TAGS_LOAD_ERROR = 'Failed to load the tags. Please try again later.';
export const NO_TAGS = 'No article has a tag yet.';
export const tagCountLabel = (count: number): string =>
  count === 1 ? '1 article' : `${count} articles`;
/** A tag's page: "Articles tagged “zero-trust”". */
export const tagTitle = (tag: string): string => `Articles tagged “${tag}”`;
export const tagIntro = (tag: string): string => `Every article tagged “${tag}”, newest first.`;
/** The title of a tag's feed in the page's head. */
export const tagFeedTitle = (siteName: string, tag: string): string =>
  `${siteName} — ${tagTitle(tag)}`;
export const TAG_FEED_LABEL = 'RSS feed of this tag';
export const ALL_TAGS_LABEL = 'All tags';
/** A tag no published article has, or a name no tag can have (a 404). */
export const TAG_NOT_FOUND_TITLE = 'Tag not found';
export const TAG_NOT_FOUND_TEXT = 'No article has this tag.';

export const SEARCH_TITLE = 'Search Results';
export const SEARCHING = 'Searching...';
export const SEARCH_EMPTY_HINT = 'Type a word or phrase in the search box to find articles.';
export const searchSummary = (query: string): string => `Results for "${query}"`;
/** A search without results (docs/product.md#search). */
export const noResultsText = (query: string): string =>
  `No articles found for "${query}". Try a different search term.`;
/** The search page's tag filter (docs/decisions/132). */
export const TAG_FILTER_LABEL = 'Tag';
export const TAG_FILTER_SUBMIT = 'Filter';
/** The summary of a search within a tag. */
export const taggedSearchSummary = (query: string, tag: string): string =>
  `${searchSummary(query)} tagged "${tag}"`;

// --- Members' comments (docs/decisions/200) ---------------------------------------------------

export const COMMENTS_TITLE = 'Comments';
export const commentCountLabel = (count: number): string =>
  count === 1 ? '1 comment' : `${count} comments`;
export const NO_COMMENTS = 'No comments yet. Be the first to share your thoughts.';
export const COMMENTS_LOAD_ERROR = 'Comments could not be loaded. Please try again later.';
export const COMMENT_ORDER_LABEL = 'Order of the comments';
export const NEWEST_FIRST_LABEL = 'Newest first';
export const OLDEST_FIRST_LABEL = 'Oldest first';
export const COMMENT_PAGES_LABEL = 'Pages of comments';
export const EARLIER_COMMENTS_LABEL = 'Previous comments';
export const LATER_COMMENTS_LABEL = 'More comments';
export const EDITED_LABEL = 'edited';
export const REPLY_LABEL = 'Reply';
export const replyToLabel = (name: string): string => `Reply to ${name}`;
/** A thread's link to its replies, folded on a page of threads. */
export const showRepliesLabel = (count: number): string =>
  count === 1 ? 'Show 1 reply' : `Show ${count} replies`;
/** A thread read alone: back to the page of threads. */
export const ALL_COMMENTS_LABEL = 'All comments';
/** A thread read alone, its replies in pages (COMMENT_REPLIES_SHOWN each). */
export const REPLY_PAGES_LABEL = 'Pages of replies';
export const EARLIER_REPLIES_LABEL = 'Previous replies';
export const LATER_REPLIES_LABEL = 'More replies';
export const COMMENT_FIELD_LABEL = 'Your comment';
export const REPLY_FIELD_LABEL = 'Your reply';
export const COMMENT_FORMAT_HINT =
  'Markdown: *emphasis*, **bold**, `code` and [links](https://example.com). No images or HTML.';
export const NOTIFY_REPLIES_LABEL = 'E-mail me when someone replies';
export const POST_COMMENT_LABEL = 'Post comment';
export const POST_REPLY_LABEL = 'Post reply';
export const POSTING_COMMENT_LABEL = 'Posting...';
export const COMMENT_FAILED = 'Your comment could not be posted. Please try again.';
export const SIGN_IN_LINK_TEXT = 'Sign in';
export const SIGN_UP_LINK_TEXT = 'sign up';
/** Between the two links of the invitation (COMMENT_MESSAGES.signInToComment, word for word). */
export const SIGN_IN_TO_COMMENT_REST = ' to join the conversation.';
export const SEE_COMMENT_LABEL = 'See it in the comments';
