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

/** Reading speed behind the "N min read" estimate. */
export const WORDS_PER_MINUTE = 200;
export const readingTimeLabel = (minutes: number): string => `${minutes} min read`;

export const SEARCH_TITLE = 'Search Results';
export const SEARCHING = 'Searching...';
export const SEARCH_EMPTY_HINT = 'Type a word or phrase in the search box to find articles.';
export const searchSummary = (query: string): string => `Results for "${query}"`;
/** A search without results (docs/product.md#search). */
export const noResultsText = (query: string): string =>
  `No articles found for "${query}". Try a different search term.`;
