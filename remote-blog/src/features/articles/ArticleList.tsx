// The article list with its loading, error and loaded states (docs/product.md#blog), shared by
// /blog, a tag's pages and the /articles/:id variant, which differ only in layout and link target.
import { Suspense } from 'react';
import { usePageData } from '@portfolio/shared/page-data';
import { Link, Navigate } from '@portfolio/shared/router';
import type { Article } from '@portfolio/shared/types';
import { ErrorMessage, Spinner } from '@portfolio/shared/ui';
import {
  ARTICLES_LOAD_ERROR,
  ARTICLE_PAGES_LABEL,
  LOADING_ARTICLES,
  NEWER_ARTICLES_LABEL,
  NO_ARTICLES,
  NO_SUCH_PAGE_TEXT,
  OLDER_ARTICLES_LABEL,
} from '../../texts';
import { Pagination } from '../pagination/Pagination';
import { ArticleCard } from './ArticleCard';
import type { ArticleCardLayout } from './ArticleCard';
import type { ArticleListState } from './article-states';
import styles from './ArticleList.module.css';

/** How many images of each layout are likely above the fold on a first visit. */
const EAGER_IMAGES: Record<ArticleCardLayout, number> = { grid: 3, compact: 5 };
/** The grid's first image is the page's largest paint on a phone; the thumbnails never are. */
const PRIORITY_IMAGES: Record<ArticleCardLayout, number> = { grid: 1, compact: 0 };

export interface ArticleListProps {
  layout: ArticleCardLayout;
  /** The Read More target of an article. */
  linkTo(article: Article): string;
  /** Marks this article's card as the current page. */
  currentId?: string;
  /** When Read More does not lead to the article: a second link per card to its text. */
  articleLink?(article: Article): string;
  /** The title and the image link there too (the blog's cards). */
  titleLink?(article: Article): string;
  /** The address of a page of the list (1: the first). */
  pageHref(page: number): string;
}

/** The list's loading state shows until the page's loader has the articles. */
export function ArticleList(props: ArticleListProps) {
  return (
    <Suspense fallback={<Spinner label={LOADING_ARTICLES} />}>
      <LoadedArticleList {...props} />
    </Suspense>
  );
}

function LoadedArticleList({
  layout,
  linkTo,
  currentId,
  articleLink,
  titleLink,
  pageHref,
}: ArticleListProps) {
  const state = usePageData<ArticleListState>();
  // The server answers these itself (302); in the browser the list goes there too.
  if (state.status === 'redirect') return <Navigate to={state.location} replace />;
  if (state.status === 'error') return <ErrorMessage>{ARTICLES_LOAD_ERROR}</ErrorMessage>;
  if (state.status === 'not-found') {
    return (
      <p className={styles.empty}>
        {NO_SUCH_PAGE_TEXT} <Link to={pageHref(1)}>{NEWER_ARTICLES_LABEL}</Link>
      </p>
    );
  }
  if (state.articles.length === 0) return <p className={styles.empty}>{NO_ARTICLES}</p>;
  return (
    <>
      <ul className={styles[layout]}>
        {state.articles.map((article, index) => (
          <li key={article._id}>
            <ArticleCard
              article={article}
              href={linkTo(article)}
              layout={layout}
              imageLoading={
                index < PRIORITY_IMAGES[layout]
                  ? 'priority'
                  : index < EAGER_IMAGES[layout]
                    ? 'eager'
                    : 'lazy'
              }
              current={article._id === currentId}
              articleHref={articleLink?.(article)}
              titleHref={titleLink?.(article)}
            />
          </li>
        ))}
      </ul>
      <Pagination
        position={state.position}
        label={ARTICLE_PAGES_LABEL}
        previousLabel={NEWER_ARTICLES_LABEL}
        nextLabel={OLDER_ARTICLES_LABEL}
        href={pageHref}
      />
    </>
  );
}
