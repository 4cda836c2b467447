// /blog and /blog/page/:page: the articles, newest first, ARTICLES_PER_PAGE to a page, as a grid
// of cards whose Read More (and title and image) open /article/{slug} (docs/decisions/132). /blog
// is the first page; /blog/page/1 redirects there, and a page past the last one is a 404.
import { loaderRequestOptions, redirectTo } from '@portfolio/shared/page-data';
import { Link } from '@portfolio/shared/router';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import { breadcrumbJsonLd, imagePreload } from '@portfolio/shared/head';
import type { PageHead } from '@portfolio/shared/head';
import { CARD_IMAGE_DISPLAY } from '../../features/articles/ArticleCard';
import { ArticleList } from '../../features/articles/ArticleList';
import { loadArticleList } from '../../features/articles/article-states';
import { BLOG_PATH, TAGS_PATH, articleHref, blogPagePath } from '../../features/articles/paths';
import {
  BLOG_INTRO,
  BLOG_TITLE,
  BROWSE_TAGS_LABEL,
  NO_SUCH_PAGE_TITLE,
  pagedTitle,
} from '../../texts';
import styles from './BlogPage.module.css';

export function loader(args: LoaderFunctionArgs) {
  const { page } = args.params;
  // The first page has one address.
  if (page === '1') return Promise.resolve(redirectTo(BLOG_PATH));
  return loadArticleList(page, loaderRequestOptions(args));
}

export const head: PageHead<typeof loader> = ({ data, site }) => {
  if (data?.status === 'not-found') return { title: NO_SUCH_PAGE_TITLE, noindex: true };
  const loaded = data?.status === 'loaded' ? data : undefined;
  const page = loaded?.position.page ?? 1;
  return {
    title: pagedTitle(BLOG_TITLE, page),
    description: BLOG_INTRO,
    path: blogPagePath(page),
    prev: page > 1 ? blogPagePath(page - 1) : undefined,
    next: loaded?.position.hasNext ? blogPagePath(page + 1) : undefined,
    // The newest article's image is the page's largest paint on a phone (ArticleList: 'priority').
    preloadImage: loaded?.articles[0]
      ? imagePreload(site, loaded.articles[0], CARD_IMAGE_DISPLAY.grid)
      : undefined,
    jsonLd: [
      breadcrumbJsonLd(site, [
        { name: site.siteName, path: '/' },
        { name: BLOG_TITLE, path: BLOG_PATH },
      ]),
    ],
  };
};

export default function BlogPage() {
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{BLOG_TITLE}</h1>
        <p className={styles.intro}>{BLOG_INTRO}</p>
        <p className={styles.topics}>
          <Link to={TAGS_PATH}>
            {BROWSE_TAGS_LABEL}
            <span aria-hidden="true"> →</span>
          </Link>
        </p>
      </header>
      <ArticleList
        layout="grid"
        linkTo={articleHref}
        titleLink={articleHref}
        pageHref={blogPagePath}
      />
    </section>
  );
}
