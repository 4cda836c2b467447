// /article/:id: one article in full (Read More links point here), with its Markdown
// rendered safely, a reading time, its tags, and links to the older and newer article. `:id` is
// the article's slug (docs/decisions/132); its id or a former slug answers a 301 to the slug.
// Its layout, which the reading aids and the members' features share (docs/decisions/170):
// header (title; date, updated date, reading time; tags), cover, table of contents, text, then
// the footer: share links, related articles, previous and next, the way back to the blog.
import { Suspense } from 'react';
import { ARTICLE_COLUMN_IMAGE } from '@portfolio/contract';
import { Link, Navigate } from '@portfolio/shared/router';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  contentCard,
  imagePreload,
} from '@portfolio/shared/head';
import type { PageHead } from '@portfolio/shared/head';
import { useLoadInBrowser, usePageData } from '@portfolio/shared/page-data';
import { formatPostDate, publicationState } from '@portfolio/shared/format';
import type { OutlineHeading } from '@portfolio/shared/markdown';
import type { ArticleDetail } from '@portfolio/shared/types';
import { DraftNotice, ErrorMessage, ResponsiveImage, Spinner } from '@portfolio/shared/ui';
import { Island } from '@portfolio/shared/island';
import { NewsletterForm } from '@portfolio/shared/newsletter-form';
import { articleExcerpt, articleTitle, readingMinutes } from '../../features/articles/article-text';
import { BLOG_PATH, articleHref } from '../../features/articles/paths';
import { TagList } from '../../features/tags/TagList';
import { loadArticle } from '../../features/articles/article-states';
import { RelatedArticles, ShareLinks, TableOfContents } from '../../features/reading/ReadingAids';
import { Comments } from '../../features/comments/Comments';
import type { ArticleState } from '../../features/articles/article-states';
import {
  ARTICLE_LOAD_ERROR,
  ARTICLE_NAVIGATION_LABEL,
  ARTICLE_NOT_FOUND_TEXT,
  ARTICLE_NOT_FOUND_TITLE,
  ARTICLE_UNAVAILABLE_TITLE,
  BACK_TO_BLOG_LABEL,
  BLOG_TITLE,
  LOADING_ARTICLE,
  NEXT_ARTICLE_LABEL,
  NO_CONTENT,
  PREVIOUS_ARTICLE_LABEL,
  readingTimeLabel,
  updatedLabel,
} from '../../texts';
import styles from './ArticlePage.module.css';

function BackToBlog() {
  return (
    <Link to={BLOG_PATH} className={styles.back}>
      <span aria-hidden="true">← </span>
      {BACK_TO_BLOG_LABEL}
    </Link>
  );
}

function ArticleNeighbours({ article }: { article: ArticleDetail }) {
  const { previous, next } = article;
  if (!previous && !next) return null;
  return (
    <nav className={styles.neighbours} aria-label={ARTICLE_NAVIGATION_LABEL}>
      {previous && (
        <Link to={articleHref(previous)} className={styles.previous}>
          <span className={styles.direction}>
            <span aria-hidden="true">← </span>
            {PREVIOUS_ARTICLE_LABEL}
          </span>
          <span className={styles.neighbourTitle}>{articleTitle(previous.title)}</span>
        </Link>
      )}
      {next && (
        <Link to={articleHref(next)} className={styles.next}>
          <span className={styles.direction}>
            {NEXT_ARTICLE_LABEL}
            <span aria-hidden="true"> →</span>
          </span>
          <span className={styles.neighbourTitle}>{articleTitle(next.title)}</span>
        </Link>
      )}
    </nav>
  );
}

/** The day the article was last edited, when that is a later day than it was published. */
function updatedDate(article: ArticleDetail): string | undefined {
  const updated = formatPostDate(article.updatedAt);
  const laterDay =
    article.updatedAt > article.createdAt && updated !== formatPostDate(article.createdAt);
  return laterDay && updated ? updated : undefined;
}

function ArticleView({
  article,
  html,
  outline,
}: {
  article: ArticleDetail;
  html: string;
  outline: readonly OutlineHeading[];
}) {
  const date = formatPostDate(article.createdAt);
  const updated = updatedDate(article);
  const title = articleTitle(article.title);
  return (
    <article className={styles.article}>
      <DraftNotice state={publicationState(article)} />
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.meta}>
          {date && <time dateTime={article.createdAt}>{date}</time>}
          {date && <span aria-hidden="true"> · </span>}
          {updated && (
            <>
              <time dateTime={article.updatedAt}>{updatedLabel(updated)}</time>
              <span aria-hidden="true"> · </span>
            </>
          )}
          <span>{readingTimeLabel(readingMinutes(article.content ?? ''))}</span>
        </p>
        <TagList tags={article.tags} className={styles.tags} />
      </header>
      {article.imagePath && (
        <ResponsiveImage
          className={styles.image}
          imagePath={article.imagePath}
          image={article.image}
          display={ARTICLE_COLUMN_IMAGE}
          // Decorative: the illustration repeats the title, which is right above it.
          alt=""
          loading="priority"
          fallbackSize={{ width: 400, height: 240 }}
        />
      )}
      <TableOfContents outline={outline} />
      {html ? (
        // Safe: the loader's renderArticle() sanitizes its output with DOMPurify.
        <div className={styles.content} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className={styles.empty}>{NO_CONTENT}</p>
      )}
      <footer className={styles.footer}>
        <ShareLinks path={articleHref(article)} title={title} />
        <RelatedArticles related={article.related ?? []} />
        <ArticleNeighbours article={article} />
        <BackToBlog />
      </footer>
    </article>
  );
}

export function loader({ params, request, context }: LoaderFunctionArgs) {
  return loadArticle(params.id ?? '', { request, context });
}

/**
 * An article: its title, description (the owner's meta description, else the excerpt:
 * docs/decisions/132), dates and generated card, as a BlogPosting; an unknown or unavailable
 * article is kept out of search (docs/decisions/060).
 */
export const head: PageHead<typeof loader> = ({ data, site }) => {
  // A redirect's head shows only in the browser, until it has gone to the article's address.
  if (data?.status === 'loading' || data?.status === 'redirect') {
    return { title: LOADING_ARTICLE, noindex: true };
  }
  if (data?.status !== 'loaded') {
    const notFound = data?.status === 'not-found';
    return { title: notFound ? ARTICLE_NOT_FOUND_TITLE : ARTICLE_UNAVAILABLE_TITLE, noindex: true };
  }
  const { article } = data;
  const title = articleTitle(article.title);
  const description =
    articleExcerpt(article.metaDescription) ?? articleExcerpt(article.excerpt) ?? NO_CONTENT;
  const path = articleHref(article);
  const image = contentCard(site, 'articles', { ...article, title });
  const modifiedTime = article.updatedAt ?? article.createdAt;
  return {
    title,
    description,
    path,
    // An admin's preview of a draft is nobody else's page.
    noindex: publicationState(article).kind !== 'published',
    type: 'article',
    image,
    // The page's largest paint, preloaded with the value its <img> uses (docs/decisions/123).
    preloadImage: imagePreload(site, article, ARTICLE_COLUMN_IMAGE),
    article: { publishedTime: article.createdAt, modifiedTime },
    jsonLd: [
      blogPostingJsonLd(site, {
        headline: title,
        description,
        path,
        datePublished: article.createdAt,
        dateModified: modifiedTime,
        image,
        ...(article.commentCount !== undefined && { commentCount: article.commentCount }),
      }),
      breadcrumbJsonLd(site, [
        { name: site.siteName, path: '/' },
        { name: BLOG_TITLE, path: BLOG_PATH },
        { name: title, path },
      ]),
    ],
  };
};

export default function ArticlePage() {
  return (
    <Suspense
      fallback={
        <div className={styles.page}>
          <Spinner label={LOADING_ARTICLE} />
        </div>
      }
    >
      <ArticleContent />
    </Suspense>
  );
}

function ArticleContent() {
  const state = usePageData<ArticleState>();
  useLoadInBrowser(state.status === 'loading');

  // The server answers it itself (301); in the browser the address is replaced.
  if (state.status === 'redirect') return <Navigate to={state.location} replace />;
  if (state.status === 'loading') return <Spinner label={LOADING_ARTICLE} />;
  if (state.status === 'not-found' || state.status === 'error') {
    const notFound = state.status === 'not-found';
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>
          {notFound ? ARTICLE_NOT_FOUND_TITLE : ARTICLE_UNAVAILABLE_TITLE}
        </h1>
        {notFound ? (
          <p>{ARTICLE_NOT_FOUND_TEXT}</p>
        ) : (
          <ErrorMessage>{ARTICLE_LOAD_ERROR}</ErrorMessage>
        )}
        <BackToBlog />
      </section>
    );
  }
  return (
    <div className={styles.page}>
      <ArticleView article={state.article} html={state.html} outline={state.outline} />
      {/* After the article, before its comments: an island (docs/decisions/148, 206). */}
      <aside className={styles.newsletter}>
        <Island
          owner="blog"
          name="NewsletterForm"
          when="interaction"
          component={NewsletterForm}
          props={{ idPrefix: 'article-newsletter' }}
        />
      </aside>
      <Comments
        state={state.comments}
        articleId={state.article._id}
        articlePath={articleHref(state.article)}
      />
    </div>
  );
}
