// One article in a list: image, date, title, excerpt, its tags (links to their pages,
// docs/decisions/132) and a Read More link. Every list page uses it; the layout prop only
// changes how it is arranged.
import type { ImageDisplay } from '@portfolio/contract';
import { Link } from '@portfolio/shared/router';
import { formatPostDate } from '@portfolio/shared/format';
import type { Article } from '@portfolio/shared/types';
import { ResponsiveImage } from '@portfolio/shared/ui';
import type { ImageLoading } from '@portfolio/shared/ui';
import { FULL_ARTICLE_LABEL, NO_CONTENT, READ_MORE_LABEL, commentCountLabel } from '../../texts';
import { TagList } from '../tags/TagList';
import { articleExcerpt, articleTitle } from './article-text';
import styles from './ArticleCard.module.css';

export type ArticleCardLayout = 'grid' | 'compact';

/**
 * How wide each layout shows a card's image (ArticleCard.module.css, ArticleList.module.css):
 * the grid's one, two or three columns of the 72rem page, the compact list's thumbnail. The
 * blog's head preloads the first grid image with the same value (docs/decisions/123). The
 * widest: the one column just under 39.5rem (632 less 2rem), and the thumbnail's 10rem.
 */
export const CARD_IMAGE_DISPLAY: Record<ArticleCardLayout, ImageDisplay> = {
  grid: {
    sizes:
      '(min-width: 74rem) 357px, (min-width: 59rem) calc(33.3vw - 27px), (min-width: 39.5rem) calc(50vw - 28px), calc(100vw - 2rem)',
    widest: 600,
  },
  compact: { sizes: '(max-width: 30rem) 5rem, 10rem', widest: 160 },
};
/** The card's box for an image whose size the API did not send. */
const CARD_IMAGE_BOX = { width: 400, height: 240 };

export interface ArticleCardProps {
  article: Article;
  /** Where Read More goes. */
  href: string;
  layout: ArticleCardLayout;
  /**
   * Images above the fold load at once, the page's largest one first ('priority'); the rest wait
   * until they are scrolled near.
   */
  imageLoading: ImageLoading;
  /** The card of the page being shown (the variant list links to itself). */
  current?: boolean;
  /** A second link, to the article's text, when Read More goes elsewhere (the variant list). */
  articleHref?: string;
  /** Where the title and the image lead too (the blog's cards: the article). */
  titleHref?: string;
}

export function ArticleCard({
  article,
  href,
  layout,
  imageLoading,
  current,
  articleHref,
  titleHref,
}: ArticleCardProps) {
  const title = articleTitle(article.title);
  const excerpt = articleExcerpt(article.excerpt);
  const date = formatPostDate(article.createdAt);
  // Approved comments (docs/decisions/200); none from an API older than comments.
  const commentCount = article.commentCount ?? 0;
  const image = article.imagePath && (
    <ResponsiveImage
      className={styles.image}
      imagePath={article.imagePath}
      image={article.image}
      display={CARD_IMAGE_DISPLAY[layout]}
      // Decorative: the title beside it says what the illustration shows.
      alt=""
      loading={imageLoading}
      fallbackSize={CARD_IMAGE_BOX}
    />
  );
  return (
    <article className={[styles.card, styles[layout], current ? styles.current : ''].join(' ')}>
      {image &&
        (titleHref ? (
          // A second way to the title's link for a pointer; out of the tab order and hidden
          // from assistive technology, which have the title's.
          <Link to={titleHref} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
            {image}
          </Link>
        ) : (
          image
        ))}
      <div className={styles.body}>
        {(date || commentCount > 0) && (
          <p className={styles.date}>
            {date && <time dateTime={article.createdAt}>{date}</time>}
            {date && commentCount > 0 && <span aria-hidden="true"> · </span>}
            {commentCount > 0 && <span>{commentCountLabel(commentCount)}</span>}
          </p>
        )}
        <h2 className={styles.title}>
          {titleHref ? (
            <Link to={titleHref} className={styles.titleLink}>
              {title}
            </Link>
          ) : (
            title
          )}
        </h2>
        <p className={excerpt ? styles.excerpt : styles.empty}>{excerpt ?? NO_CONTENT}</p>
        <TagList tags={article.tags} className={styles.tags} />
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
