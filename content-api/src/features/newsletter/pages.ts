// The two pages a newsletter mail links to (docs/decisions/206): confirming a subscription and
// unsubscribing. Served by the API under the site's /api, so that they work whatever the site's
// front end is doing. A link opened (GET) only shows a button: mail scanners open links, and a
// subscription is confirmed, or ended, by a person's POST (or a mail program's one-click POST,
// RFC 8058). Nothing on them runs: no script, styles inline, a policy that loads nothing else.

import { escapeHtml } from '@portfolio/contract';

/** The pages' policy: no script, no other origin; the form posts to this page only. */
export const NEWSLETTER_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export interface NewsletterPage {
  title: string;
  message: string;
  /** A button that POSTs to `action` (this page's own address, with its token). */
  button?: { label: string; action: string };
  /** The site's home, to go back to. */
  siteUrl: string;
}

export function newsletterPage({ title, message, button, siteUrl }: NewsletterPage): string {
  const form = button
    ? `<form method="post" action="${escapeHtml(button.action)}"><button type="submit" style="font:inherit;padding:10px 18px;border:0;border-radius:6px;background:#1d4ed8;color:#fff;cursor:pointer">${escapeHtml(button.label)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;line-height:1.6;color:#1f2937;background:#f9fafb">
<main style="max-width:32rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:8px">
<h1 style="font-size:1.5rem;margin:0 0 1rem">${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${form}
<p style="margin-top:2rem"><a href="${escapeHtml(siteUrl)}/" style="color:#1d4ed8">Back to the site</a></p>
</main>
</body></html>
`;
}
