// /articles/:id: despite its name, a second article list (docs/product.md#quirks-kept-on-purpose),
// read from the same GET /articles. A compact list whose cards link to /articles/{id}; the card of
// the id in the address is marked as the current one. Each card also links to the article's text
// (issue 16: otherwise nothing on this page leads to an article).
import { loaderRequestOptions } from '@portfolio/shared/page-data';
import { useParams } from '@portfolio/shared/router';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import type { PageHead } from '@portfolio/shared/head';
import { ArticleList } from '../../features/articles/ArticleList';
import { loadArticleList } from '../../features/articles/article-states';
import { articlePath, articlesVariantPath } from '../../features/articles/paths';
import { ARTICLES_VARIANT_INTRO, ARTICLES_VARIANT_TITLE } from '../../texts';
import styles from './ArticlesVariantPage.module.css';

export function loader(args: LoaderFunctionArgs) {
  return loadArticleList(loaderRequestOptions(args));
}

export const head: PageHead<typeof loader> = () => ({
  title: ARTICLES_VARIANT_TITLE,
  description: ARTICLES_VARIANT_INTRO,
});

export default function ArticlesVariantPage() {
  const { id } = useParams();
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{ARTICLES_VARIANT_TITLE}</h1>
        <p className={styles.intro}>{ARTICLES_VARIANT_INTRO}</p>
      </header>
      <ArticleList
        layout="compact"
        linkTo={articlesVariantPath}
        currentId={id}
        articleLink={articlePath}
      />
    </section>
  );
}
