// /tags (docs/decisions/132): every tag of the public articles with how many have it, most used
// first (the API's order), each a link to its page.
import { Suspense } from 'react';
import { breadcrumbJsonLd } from '@portfolio/shared/head';
import type { PageHead } from '@portfolio/shared/head';
import { loaderRequestOptions, usePageData } from '@portfolio/shared/page-data';
import { Link } from '@portfolio/shared/router';
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import { ErrorMessage, Spinner } from '@portfolio/shared/ui';
import { BLOG_PATH, TAGS_PATH, tagPath } from '../../features/articles/paths';
import { loadTags } from '../../features/tags/tags';
import type { TagIndexState } from '../../features/tags/tags';
import {
  BLOG_TITLE,
  LOADING_TAGS,
  NO_TAGS,
  TAGS_INTRO,
  TAGS_LOAD_ERROR,
  TAGS_TITLE,
  tagCountLabel,
} from '../../texts';
import styles from './TagsPage.module.css';

export function loader(args: LoaderFunctionArgs) {
  return loadTags(loaderRequestOptions(args));
}

export const head: PageHead<typeof loader> = ({ site }) => ({
  title: TAGS_TITLE,
  description: TAGS_INTRO,
  path: TAGS_PATH,
  jsonLd: [
    breadcrumbJsonLd(site, [
      { name: site.siteName, path: '/' },
      { name: BLOG_TITLE, path: BLOG_PATH },
      { name: TAGS_TITLE, path: TAGS_PATH },
    ]),
  ],
});

export default function TagsPage() {
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{TAGS_TITLE}</h1>
        <p className={styles.intro}>{TAGS_INTRO}</p>
      </header>
      <Suspense fallback={<Spinner label={LOADING_TAGS} />}>
        <TagIndex />
      </Suspense>
    </section>
  );
}

function TagIndex() {
  const state = usePageData<TagIndexState>();
  if (state.status === 'error') return <ErrorMessage>{TAGS_LOAD_ERROR}</ErrorMessage>;
  if (state.tags.length === 0) return <p className={styles.empty}>{NO_TAGS}</p>;
  return (
    <ul className={styles.tags}>
      {state.tags.map(({ tag, count }) => (
        <li key={tag}>
          <Link to={tagPath(tag)} className={styles.tag}>
            <span className={styles.name}>{tag}</span>{' '}
            <span className={styles.count}>{tagCountLabel(count)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
