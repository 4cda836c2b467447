// What the article page gives a reader beside the text (docs/decisions/170): its table of
// contents, share links and related articles. All of it is plain HTML from the server: links,
// no script (the table of contents marks the section in view with CSS alone where the browser
// can: `scroll-target-group`, ReadingAids.module.css).
import { Link } from '@portfolio/shared/router';
import { getRuntimeConfig, hasRuntimeConfig } from '@portfolio/shared/config';
import { siteContext, siteHref } from '@portfolio/shared/head';
import type { OutlineHeading } from '@portfolio/shared/markdown';
import type { ArticleNeighbour } from '@portfolio/shared/types';
import { articleTitle } from '../articles/article-text';
import { articleHref } from '../articles/paths';
import {
  RELATED_ARTICLES_TITLE,
  SHARE_BLUESKY,
  SHARE_EMAIL,
  SHARE_EMAIL_LABEL,
  SHARE_HACKER_NEWS,
  SHARE_LINKEDIN,
  SHARE_REDDIT,
  SHARE_TITLE,
  SHARE_X,
  TABLE_OF_CONTENTS_MIN,
  TABLE_OF_CONTENTS_TITLE,
  shareLinkLabel,
} from '../../texts';
import styles from './ReadingAids.module.css';

/** The page's own ids (an article's are all `user-content-…`: they never meet). */
const TOC_TITLE_ID = 'article-toc-title';
const RELATED_TITLE_ID = 'article-related-title';
const SHARE_TITLE_ID = 'article-share-title';

/** The h2s, each with the h3s that follow it. */
function nest(outline: readonly OutlineHeading[]) {
  const sections: { heading: OutlineHeading; children: OutlineHeading[] }[] = [];
  for (const heading of outline) {
    const last = sections.at(-1);
    if (heading.level === 3 && last) last.children.push(heading);
    else sections.push({ heading, children: [] });
  }
  return sections;
}

function HeadingLink({ heading }: { heading: OutlineHeading }) {
  return <a href={`#${heading.id}`}>{heading.text}</a>;
}

/** Links to the article's headings, for an article with TABLE_OF_CONTENTS_MIN or more. */
export function TableOfContents({ outline }: { outline: readonly OutlineHeading[] }) {
  if (outline.length < TABLE_OF_CONTENTS_MIN) return null;
  return (
    <nav className={styles.toc} aria-labelledby={TOC_TITLE_ID}>
      <h2 id={TOC_TITLE_ID} className={styles.asideTitle}>
        {TABLE_OF_CONTENTS_TITLE}
      </h2>
      <ol>
        {nest(outline).map(({ heading, children }) => (
          <li key={heading.id}>
            <HeadingLink heading={heading} />
            {children.length > 0 && (
              <ol>
                {children.map((child) => (
                  <li key={child.id}>
                    <HeadingLink heading={child} />
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Each site's own share page for `url`: plain links, nothing of theirs runs here. */
export function shareLinks(
  url: string,
  title: string,
): { label: string; name: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const to = (label: string, href: string) => ({ label, name: shareLinkLabel(label), href });
  return [
    to(SHARE_LINKEDIN, `https://www.linkedin.com/sharing/share-offsite/?url=${u}`),
    to(SHARE_X, `https://x.com/intent/post?url=${u}&text=${t}`),
    to(SHARE_BLUESKY, `https://bsky.app/intent/compose?text=${t}%20${u}`),
    to(SHARE_HACKER_NEWS, `https://news.ycombinator.com/submitlink?u=${u}&t=${t}`),
    to(SHARE_REDDIT, `https://www.reddit.com/submit?url=${u}&title=${t}`),
    { label: SHARE_EMAIL, name: SHARE_EMAIL_LABEL, href: `mailto:?subject=${t}&body=${u}` },
  ];
}

/** Share links for the article at `path` (none without the site's address to share). */
export function ShareLinks({ path, title }: { path: string; title: string }) {
  const site = hasRuntimeConfig() ? siteContext(getRuntimeConfig()) : undefined;
  if (!site?.siteUrl) return null;
  return (
    <nav className={styles.share} aria-labelledby={SHARE_TITLE_ID}>
      <h2 id={SHARE_TITLE_ID} className={styles.asideTitle}>
        {SHARE_TITLE}
      </h2>
      <ul>
        {shareLinks(siteHref(site, path), title).map(({ label, name, href }) => (
          <li key={label}>
            <a href={href} aria-label={name} rel="noopener noreferrer">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The articles to read next, as the API ranks them (shared tags, then recency). */
export function RelatedArticles({ related }: { related: readonly ArticleNeighbour[] }) {
  if (related.length === 0) return null;
  return (
    <section className={styles.related} aria-labelledby={RELATED_TITLE_ID}>
      <h2 id={RELATED_TITLE_ID} className={styles.asideTitle}>
        {RELATED_ARTICLES_TITLE}
      </h2>
      <ul>
        {related.map((article) => (
          <li key={article._id}>
            <Link to={articleHref(article)}>{articleTitle(article.title)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
