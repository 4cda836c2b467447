// An article as a newsletter mail (docs/decisions/206). Mail programs keep no stylesheet and no
// relative address: the HTML is the feed's (the sanitiser's `feed` profile: links and images
// absolute, nothing that runs), each element given its style inline, under the cover image; the
// plain-text part is the article's text. Both end in a visible unsubscribe link, and the
// headers carry RFC 8058's one-click List-Unsubscribe.
import { NEWSLETTER_REF_PARAM, NEWSLETTER_REF_VALUE, escapeHtml } from '@portfolio/contract';
import type { Article } from '@portfolio/contract';
import { markdownToPlainText } from '../../lib/markdown-text.js';
import { articleHtml } from '../feeds/article-html.js';
import type { SiteMail } from '../../mail/site-mailer.js';

/** A subscriber's own unsubscribe address goes where this stands, in both parts. */
const UNSUBSCRIBE_SLOT = '\u0000unsubscribe\u0000';

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const MONO = "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace";

/** The inline style of each element the feed profile lets through. */
const STYLES: Record<string, string> = {
  h1: 'font-size:26px;line-height:1.25;margin:24px 0 12px;color:#111827',
  h2: 'font-size:21px;line-height:1.3;margin:28px 0 10px;color:#111827',
  h3: 'font-size:18px;line-height:1.3;margin:24px 0 8px;color:#111827',
  h4: 'font-size:16px;margin:20px 0 8px;color:#111827',
  p: 'margin:0 0 16px',
  a: 'color:#1d4ed8;text-decoration:underline',
  ul: 'margin:0 0 16px;padding-left:24px',
  ol: 'margin:0 0 16px;padding-left:24px',
  li: 'margin:0 0 6px',
  blockquote: 'margin:0 0 16px;padding:4px 16px;border-left:4px solid #d1d5db;color:#4b5563',
  pre: `margin:0 0 16px;padding:12px;background:#f3f4f6;border-radius:6px;overflow:auto;font-family:${MONO};font-size:14px;line-height:1.45`,
  code: `font-family:${MONO};font-size:0.92em;background:#f3f4f6;padding:1px 4px;border-radius:4px`,
  img: 'max-width:100%;height:auto;border:0',
  table: 'border-collapse:collapse;margin:0 0 16px',
  th: 'border:1px solid #d1d5db;padding:6px 10px;text-align:left',
  td: 'border:1px solid #d1d5db;padding:6px 10px',
  hr: 'border:0;border-top:1px solid #e5e7eb;margin:24px 0',
};

const OPENING_TAG = new RegExp(`<(${Object.keys(STYLES).join('|')})(?=[\\s>/])`, 'g');

/** Every element of sanitised HTML with its style inline (it has none: the profile allows none). */
export function inlineStyles(html: string): string {
  return html.replace(OPENING_TAG, (tag, name: string) => `${tag} style="${STYLES[name]}"`);
}

export interface Letter {
  /** The mail to one subscriber, with their unsubscribe address. */
  to(email: string, unsubscribeUrl: string): SiteMail;
}

/** Where a stored image is read from outside the site: the API, under the site's /api. */
function absoluteImage(siteUrl: string, imagePath: string): string {
  return new URL(imagePath.startsWith('/images/') ? `/api${imagePath}` : imagePath, `${siteUrl}/`)
    .href;
}

/** Renders `article` once; each subscriber's mail then only fills in their address. */
export async function renderLetter(
  article: Pick<Article, 'title' | 'content' | 'excerpt' | 'imagePath' | 'slug' | '_id'>,
  site: { url: string; name: string },
): Promise<Letter> {
  const articleUrl = `${site.url}/article/${article.slug ?? article._id}`;
  // The links to the article say they came from the newsletter (the Insights tab counts them),
  // nothing of who followed them.
  const readUrl = `${articleUrl}?${NEWSLETTER_REF_PARAM}=${NEWSLETTER_REF_VALUE}`;
  const body = inlineStyles(await articleHtml(article.content, articleUrl));
  const title = escapeHtml(article.title);
  const siteName = escapeHtml(site.name);
  const cover = article.imagePath
    ? `<p style="margin:0 0 20px"><img src="${escapeHtml(absoluteImage(site.url, article.imagePath))}" alt="" width="600" style="${STYLES.img};border-radius:8px"></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f9fafb">
<div style="max-width:640px;margin:0 auto;padding:24px 16px;font-family:${FONT};font-size:16px;line-height:1.6;color:#1f2937;background:#ffffff">
<p style="margin:0 0 8px;font-size:14px;color:#6b7280">${siteName}</p>
<h1 style="${STYLES.h1};margin-top:0"><a href="${escapeHtml(readUrl)}" style="color:#111827;text-decoration:none">${title}</a></h1>
${cover}${body}
<p style="margin:24px 0"><a href="${escapeHtml(readUrl)}" style="${STYLES.a}">Read it on the site</a></p>
<hr style="${STYLES.hr}">
<p style="margin:0;font-size:13px;color:#6b7280">You get this because you subscribed to ${siteName}'s newsletter. <a href="${UNSUBSCRIBE_SLOT}" style="color:#6b7280;text-decoration:underline">Unsubscribe</a> with one click.</p>
</div>
</body></html>
`;
  const text = [
    article.title,
    '='.repeat(Math.min(article.title.length, 72)),
    '',
    markdownToPlainText(article.content),
    '',
    `Read it on the site: ${readUrl}`,
    '',
    '--',
    `You get this because you subscribed to ${site.name}'s newsletter.`,
    `Unsubscribe with one click: ${UNSUBSCRIBE_SLOT}`,
    '',
  ].join('\n');
  return {
    to(email, unsubscribeUrl) {
      return {
        to: email,
        subject: article.title.replace(/\s+/g, ' ').trim(),
        text: text.replace(UNSUBSCRIBE_SLOT, unsubscribeUrl),
        html: html.replace(UNSUBSCRIBE_SLOT, escapeHtml(unsubscribeUrl)),
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    },
  };
}
