// One article in a list: image, date, title, excerpt and a Read More link. Both list pages use
// it; the layout prop only changes how it is arranged.
import { Link } from '@portfolio/shared/router';
import { imageUrl } from '@portfolio/shared/api-client';
import { formatPostDate } from '@portfolio/shared/format';
import type { Article } from '@portfolio/shared/types';
import { FULL_ARTICLE_LABEL, NO_CONTENT, READ_MORE_LABEL } from '../../texts';
import { articleExcerpt, articleTitle } from './article-text';
import styles from './ArticleCard.module.css';

export type ArticleCardLayout = 'grid' | 'compact';

export interface ArticleCardProps {
  article: Article;
  /** Where Read More goes. */
  href: string;
  layout: ArticleCardLayout;
  /**
   * Images above the fold load at once, the page's largest one first ('priority'); the rest wait
   * until they are scrolled near.
   */
  imageLoading: 'priority' | 'eager' | 'lazy';
  /** The card of the page being shown (the variant list links to itself). */
  current?: boolean;
  /** A second link, to the article's text, when Read More goes elsewhere (the variant list). */
  articleHref?: string;
}

export function ArticleCard({
  article,
  href,
  layout,
  imageLoading,
  current,
  articleHref,
}: ArticleCardProps) {
  const title = articleTitle(article.title);
  const excerpt = articleExcerpt(article.excerpt);
  const date = formatPostDate(article.createdAt);
  return (
    <article className={[styles.card, styles[layout], current ? styles.current : ''].join(' ')}>
      {article.imagePath && (
        <img
          className={styles.image}
          src={imageUrl(article.imagePath)}
          // Decorative: the title beside it says what the illustration shows.
          alt=""
          width={400}
          height={240}
          loading={imageLoading === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={imageLoading === 'priority' ? 'high' : undefined}
          decoding="async"
        />
      )}
      <div className={styles.body}>
        {date && (
          <time className={styles.date} dateTime={article.createdAt}>
            {date}
          </time>
        )}
        <h2 className={styles.title}>{title}</h2>
        <p className={excerpt ? styles.excerpt : styles.empty}>{excerpt ?? NO_CONTENT}</p>
        <Link to={href} className={styles.readMore} aria-current={current ? 'page' : undefined}>
          {READ_MORE_LABEL}
          {/* Many cards share the visible label; the title tells their links apart. */}
          <span className="visually-hidden"> about {title}</span>
        </Link>
        {articleHref && (
          <Link to={articleHref} className={styles.fullArticle}>
            {FULL_ARTICLE_LABEL}
            <span className="visually-hidden"> about {title}</span>
          </Link>
        )}
      </div>
    </article>
  );
}
