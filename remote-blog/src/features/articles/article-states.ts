// The blog's page states, loaded by the pages' route loaders (docs/decisions/035): each call
// settles into a state of the page (never a rejection), so the server can render it and the
// browser can show it. A 404 is a state of its own, so the article page can say "not found"
// (and the server answer 404) instead of "try again later"; so is an id the API refuses (400).
import { getArticle, getArticlePage } from '@portfolio/shared/api-client';
import type { RequestOptions } from '@portfolio/shared/api-client';
import {
  inBrowser,
  isUnknownItem,
  loadPublicOrDraft,
  loaderRequestOptions,
  notFound,
  redirectTo,
  reportLoadFailure,
  unavailable,
} from '@portfolio/shared/page-data';
import type { InBrowser, NotFound, Redirect, Unavailable } from '@portfolio/shared/page-data';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import type { Article, ArticleDetail } from '@portfolio/shared/types';
import type { OutlineHeading, RenderedArticle } from '@portfolio/shared/markdown';
import { commentQueryOf, loadComments } from '../comments/comment-states';
import type { CommentsState } from '../comments/comment-states';
import { listPosition, offsetOf, pageNumberOf } from '../pagination/page-numbers';
import type { ListPosition } from '../pagination/page-numbers';
import { sortNewestFirst } from './article-text';
import { ARTICLES_PER_PAGE, articlePath } from './paths';

export { ARTICLES_PER_PAGE };

/** A page of the list: its articles, newest first, and where it stands (`position`). */
export type ArticleListState =
  | Unavailable
  /**
   * A page number past the last page, 0, negative or not a number; `unknownTag`: a tag no
   * public article has, or a name no tag can have (docs/decisions/132).
   */
  | (NotFound & { readonly unknownTag?: true })
  /** Another address shows this page (/blog/page/1: /blog; an /articles/{id} of no card). */
  | Redirect
  | { status: 'loaded'; articles: Article[]; position: ListPosition };

export type ArticleState =
  | NotFound
  | Unavailable
  /**
   * The article's address is another one now (its slug; asked for by id or a former slug): a 301
   * there (docs/decisions/132).
   */
  | Redirect
  /** An admin's draft, on the site's server: the browser loads it (docs/decisions/122). */
  | InBrowser
  | {
      status: 'loaded';
      article: ArticleDetail;
      /**
       * The content as safe HTML ('' when there is none), made with the data: the browser
       * hydrating the page the server sent gets it with the data and renders no Markdown.
       */
      html: string;
      /** Its h2 and h3 headings, for the table of contents (none when there is no content). */
      outline: OutlineHeading[];
      /** The page of its comments the address asks for (docs/decisions/200). */
      comments: CommentsState;
    };

/** Which articles a list shows: all of them, or those with a tag (docs/decisions/132). */
export interface ArticleListFilter {
  tag?: string;
}

/**
 * One page of the article list of the list pages (/blog, /tags/:tag and /articles/:id): one
 * call, for that page only. `rawPage` is the page number as the address gives it (null: the
 * first page). A tag's list without any article is not there at all (a tag no public article
 * has: a 404), where the blog's first page says it has no articles yet.
 */
export async function loadArticleList(
  rawPage: string | null | undefined,
  options: RequestOptions = {},
  { tag }: ArticleListFilter = {},
): Promise<ArticleListState> {
  const page = pageNumberOf(rawPage, ARTICLES_PER_PAGE);
  if (page === undefined) return notFound();
  try {
    const { items, total } = await getArticlePage(
      { limit: ARTICLES_PER_PAGE, offset: offsetOf(page, ARTICLES_PER_PAGE), tag },
      options,
    );
    if (tag !== undefined && (total === 0 || (page === 1 && items.length === 0))) {
      return notFound({ unknownTag: true } as const);
    }
    const position = listPosition(page, ARTICLES_PER_PAGE, items.length, total);
    if (!position) return notFound();
    return { status: 'loaded', articles: sortNewestFirst(items), position };
  } catch (error) {
    reportLoadFailure(options, 'Could not load the articles', error);
    return unavailable();
  }
}

/**
 * Markdown → safe HTML. Its code (marked, highlight.js, DOMPurify) is loaded only when a page
 * renders an article, never to hydrate one.
 */
async function articleHtml({ content, contentImages }: ArticleDetail): Promise<RenderedArticle> {
  if (!content?.trim()) return { html: '', outline: [] };
  const { renderArticle } = await import('@portfolio/shared/markdown');
  // The stored images of its text drawn as covers are, with their sizes and variants.
  return renderArticle(content, { images: contentImages });
}

/**
 * One article with its neighbours, for the article page; an admin also gets a draft or a
 * scheduled one (everyone else: not found). `id` is the address's segment: the API answers by
 * slug, id or former slug; any of them but the slug is sent to the slug's address for good.
 */
export async function loadArticle(
  id: string,
  { request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>,
): Promise<ArticleState> {
  try {
    // The comments beside the article, not after it: a page's loads take one round trip.
    const [article, comments] = await Promise.all([
      loadPublicOrDraft({ request, context }, (options) => getArticle(id, options)),
      loadComments(id, commentQueryOf(request.url), loaderRequestOptions({ request, context })),
    ]);
    if (article === 'in-browser') return inBrowser();
    // An API from before slugs sends none: the id is the address.
    if (article.slug !== undefined && article.slug !== id) {
      return redirectTo(articlePath(article.slug), { permanent: true });
    }
    return { status: 'loaded', article, ...(await articleHtml(article)), comments };
  } catch (error) {
    // An id the API does not know (404) or refuses (400): not found, never loaded again.
    if (isUnknownItem(error)) return notFound();
    reportLoadFailure(
      loaderRequestOptions({ request, context }),
      'Could not load an article',
      error,
    );
    return unavailable();
  }
}
