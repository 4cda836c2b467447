// /tags/:tag and /tags/:tag/page/:page (docs/decisions/132): the articles with a tag, newest
// first, ARTICLES_PER_PAGE to a page, as the blog shows them. /tags/:tag is the first page;
// /tags/:tag/page/1 redirects there; a page past the last one, a tag no public article has and a
// name no tag can have are 404s. The head links the tag's own RSS feed.
import { Suspense } from 'react';
import { breadcrumbJsonLd, imagePreload } from '@portfolio/shared/head';
import type { PageHead } from '@portfolio/shared/head';
import {
  loaderRequestOptions,
  notFound,
  redirectTo,
  usePageData,
} from '@portfolio/shared/page-data';
import { Link, Navigate, useParams } from '@portfolio/shared/router';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import { Spinner } from '@portfolio/shared/ui';
import { CARD_IMAGE_DISPLAY } from '../../features/articles/ArticleCard';
import { ArticleList } from '../../features/articles/ArticleList';
import { loadArticleList } from '../../features/articles/article-states';
import type { ArticleListState } from '../../features/articles/article-states';
import {
  BLOG_PATH,
  TAGS_PATH,
  articleHref,
  tagFeedPath,
  tagPagePath,
} from '../../features/articles/paths';
import { isTag } from '../../features/tags/tags';
import {
  ALL_TAGS_LABEL,
  BLOG_TITLE,
  LOADING_ARTICLES,
  NO_SUCH_PAGE_TITLE,
  TAGS_TITLE,
  TAG_FEED_LABEL,
  TAG_NOT_FOUND_TEXT,
  TAG_NOT_FOUND_TITLE,
  pagedTitle,
  tagFeedTitle,
  tagIntro,
  tagTitle,
} from '../../texts';
import styles from './TagPage.module.css';

export function loader(args: LoaderFunctionArgs): Promise<ArticleListState> {
  const { tag, page } = args.params;
  if (!isTag(tag)) return Promise.resolve(notFound({ unknownTag: true } as const));
  // The first page has one address.
  if (page === '1') return Promise.resolve(redirectTo(tagPagePath(tag, 1)));
  return loadArticleList(page, loaderRequestOptions(args), { tag });
}

export const head: PageHead<typeof loader> = ({ data, params, site }) => {
  const tag = params.tag ?? '';
  if (data?.status === 'not-found') {
    return { title: data.unknownTag ? TAG_NOT_FOUND_TITLE : NO_SUCH_PAGE_TITLE, noindex: true };
  }
  const loaded = data?.status === 'loaded' ? data : undefined;
  const page = loaded?.position.page ?? 1;
  return {
    title: pagedTitle(tagTitle(tag), page),
    description: tagIntro(tag),
    path: tagPagePath(tag, page),
    prev: page > 1 ? tagPagePath(tag, page - 1) : undefined,
    next: loaded?.position.hasNext ? tagPagePath(tag, page + 1) : undefined,
    feed: { title: tagFeedTitle(site.siteName, tag), path: tagFeedPath(tag) },
    // The newest article's image is the page's largest paint on a phone (ArticleList: 'priority').
    preloadImage: loaded?.articles[0]
      ? imagePreload(site, loaded.articles[0], CARD_IMAGE_DISPLAY.grid)
      : undefined,
    jsonLd: [
      breadcrumbJsonLd(site, [
        { name: site.siteName, path: '/' },
        { name: BLOG_TITLE, path: BLOG_PATH },
        { name: TAGS_TITLE, path: TAGS_PATH },
        { name: tagTitle(tag), path: tagPagePath(tag, 1) },
      ]),
    ],
  };
};

function AllTags() {
  return (
    <Link to={TAGS_PATH} className={styles.allTags}>
      {ALL_TAGS_LABEL}
    </Link>
  );
}

export default function TagPage() {
  const { tag = '' } = useParams();
  return (
    <section className={styles.page}>
      <Suspense
        fallback={
          <>
            <header className={styles.header}>
              <h1 className={styles.title}>{tagTitle(tag)}</h1>
            </header>
            <Spinner label={LOADING_ARTICLES} />
          </>
        }
      >
        <TagContent tag={tag} />
      </Suspense>
    </section>
  );
}

function TagContent({ tag }: { tag: string }) {
  const state = usePageData<ArticleListState>();
  // The server answers it itself (302); in the browser the page goes there too.
  if (state.status === 'redirect') return <Navigate to={state.location} replace />;
  if (state.status === 'not-found' && state.unknownTag) {
    return (
      <>
        <header className={styles.header}>
          <h1 className={styles.title}>{TAG_NOT_FOUND_TITLE}</h1>
        </header>
        <p className={styles.intro}>{TAG_NOT_FOUND_TEXT}</p>
        <AllTags />
      </>
    );
  }
  return (
    <>
      <header className={styles.header}>
        <h1 className={styles.title}>{tagTitle(tag)}</h1>
        <p className={styles.intro}>{tagIntro(tag)}</p>
        <p className={styles.links}>
          <AllTags />
          {/* A file, not a page of the site: a plain link. */}
          <a href={tagFeedPath(tag)} className={styles.feed}>
            {TAG_FEED_LABEL}
          </a>
        </p>
      </header>
      {/* Its error, its empty page and a page past the last one, as on /blog. */}
      <ArticleList
        layout="grid"
        linkTo={articleHref}
        titleLink={articleHref}
        pageHref={(page) => tagPagePath(tag, page)}
      />
    </>
  );
}
