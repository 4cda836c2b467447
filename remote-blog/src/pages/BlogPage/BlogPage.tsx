// /blog: every article, newest first, as a grid of cards whose Read More opens /article/{id}.
import type { LoaderFunctionArgs } from '@portfolio/shared/router';
import { ArticleList } from '../../features/articles/ArticleList';
import { loadArticleList } from '../../features/articles/article-states';
import { articlePath } from '../../features/articles/paths';
import { useDocumentMeta } from '../../features/document-meta/useDocumentMeta';
import { BLOG_INTRO, BLOG_TITLE } from '../../texts';
import styles from './BlogPage.module.css';

const META = { title: BLOG_TITLE, description: BLOG_INTRO };

export function loader({ request }: LoaderFunctionArgs) {
  return loadArticleList(request.signal);
}

export default function BlogPage() {
  useDocumentMeta(META);
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
