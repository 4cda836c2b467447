// /blog: every article, newest first, as a grid of cards whose Read More opens /article/{id}.
import { loaderRequestOptions } from '@portfolio/shared/page-data';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import { breadcrumbJsonLd, imagePreload } from '@portfolio/shared/head';
import type { PageHead } from '@portfolio/shared/head';
import { CARD_IMAGE_SIZES } from '../../features/articles/ArticleCard';
import { ArticleList } from '../../features/articles/ArticleList';
import { loadArticleList } from '../../features/articles/article-states';
import { BLOG_PATH, articlePath } from '../../features/articles/paths';
import { BLOG_INTRO, BLOG_TITLE } from '../../texts';
import styles from './BlogPage.module.css';

export function loader(args: LoaderFunctionArgs) {
  return loadArticleList(loaderRequestOptions(args));
}

export const head: PageHead<typeof loader> = ({ data, site }) => ({
  title: BLOG_TITLE,
  description: BLOG_INTRO,
  // The newest article's image is the page's largest paint on a phone (ArticleList: 'priority').
  preloadImage:
    data?.status === 'loaded' && data.articles[0]
      ? imagePreload(site, data.articles[0], CARD_IMAGE_SIZES.grid)
      : undefined,
  jsonLd: [
    breadcrumbJsonLd(site, [
      { name: site.siteName, path: '/' },
      { name: BLOG_TITLE, path: BLOG_PATH },
    ]),
  ],
});

export default function BlogPage() {
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{BLOG_TITLE}</h1>
        <p className={styles.intro}>{BLOG_INTRO}</p>
      </header>
      <ArticleList layout="grid" linkTo={articlePath} />
    </section>
  );
}
