// /articles/:id: despite its name, a second article list (docs/product.md#quirks-kept-on-purpose),
// read from the same GET /articles. A compact list whose cards link to /articles/{id}; the card of
// the id in the address is marked as the current one. Each card also links to the article's text
// (issue 16: otherwise nothing on this page leads to an article). ARTICLES_PER_PAGE to a page,
// `?page=` for the pages after the first.
import { loaderRequestOptions, redirectTo } from '@portfolio/shared/page-data';
import { useParams, useSearchParams } from '@portfolio/shared/router';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import type { PageHead } from '@portfolio/shared/head';
import { ArticleList } from '../../features/articles/ArticleList';
import { ARTICLES_PER_PAGE, loadArticleList } from '../../features/articles/article-states';
import { pageNumberOf, pageParamOf } from '../../features/pagination/page-numbers';
import { articleHref, articlesVariantPagePath } from '../../features/articles/paths';
import {
  ARTICLES_VARIANT_INTRO,
  ARTICLES_VARIANT_TITLE,
  NO_SUCH_PAGE_TITLE,
  pagedTitle,
} from '../../texts';
import styles from './ArticlesVariantPage.module.css';

export async function loader(args: LoaderFunctionArgs) {
  const page = pageParamOf(new URL(args.request.url));
  const state = await loadArticleList(page, loaderRequestOptions(args));
  // Any id shows the same page of the list: an id of no card on it is sent to the page's own
  // address (its first card's), so random ids do not each become a page a cache keeps.
  const [first] = state.status === 'loaded' ? state.articles : [];
  if (
    state.status === 'loaded' &&
    first &&
    !state.articles.some(({ _id }) => _id === args.params.id)
  ) {
    return redirectTo(articlesVariantPagePath(first._id, state.position.page));
  }
  return state;
}

export const head: PageHead<typeof loader> = ({ data, params }) => {
  if (data?.status === 'not-found') return { title: NO_SUCH_PAGE_TITLE, noindex: true };
  const id = params.id ?? '';
  const position = data?.status === 'loaded' ? data.position : undefined;
  const page = position?.page ?? 1;
  return {
    title: pagedTitle(ARTICLES_VARIANT_TITLE, page),
    description: ARTICLES_VARIANT_INTRO,
    path: articlesVariantPagePath(id, page),
    prev: page > 1 ? articlesVariantPagePath(id, page - 1) : undefined,
    next: position?.hasNext ? articlesVariantPagePath(id, page + 1) : undefined,
  };
};

export default function ArticlesVariantPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  // A card leads to the same page of the list, with its article marked.
  const page = pageNumberOf(pageParamOf(params), ARTICLES_PER_PAGE) ?? 1;
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{ARTICLES_VARIANT_TITLE}</h1>
        <p className={styles.intro}>{ARTICLES_VARIANT_INTRO}</p>
      </header>
      <ArticleList
        layout="compact"
        linkTo={(article) => articlesVariantPagePath(article._id, page)}
        currentId={id}
        articleLink={articleHref}
        pageHref={(page) => articlesVariantPagePath(id, page)}
      />
    </section>
  );
}
