// The article page's reading aids (docs/decisions/170), on a phone and a laptop, with JavaScript
// off: they are the server's HTML alone. A table of contents for three or more headings, whose
// links reach the headings; a link beside each heading; related articles that are real links and
// never a draft; share links that are plain links to each site's own page (never followed here);
// a printed page that is the article alone.
import {
  RELATED_ARTICLES_TITLE,
  SHARE_LINKEDIN,
  SHARE_TITLE,
  TABLE_OF_CONTENTS_TITLE,
  shareLinkLabel,
} from '@portfolio/remote-blog/texts';
import { expect, expectNoA11yViolations, test, untilRenderedWhole, adminApi } from './fixtures';

const CONTENT = [
  'Why the aids matter.',
  '## Threat model',
  'Who attacks what.',
  '### Assets',
  'What is worth taking.',
  '## Controls',
  'What stops them.',
  '```bash',
  'sudo ufw enable',
  '```',
].join('\n\n');

interface Created {
  _id: string;
  slug: string;
  title: string;
}

let reader: Created;
let sharing: Created;
let draft: Created;

test.beforeAll(async ({ request }) => {
  const { apiBase, headers } = await adminApi(request);
  const run = Date.now().toString(36);
  const tag = `aids-${run}`;
  const write = async (title: string, data: Record<string, unknown>) => {
    const response = await request.post(`${apiBase}/articles`, {
      headers,
      // Older than every other spec's articles: lists of the newest never meet them.
      data: { title, content: CONTENT, createdAt: '1998-01-02T00:00:00.000Z', ...data },
    });
    expect(response.status()).toBe(201);
    return (await response.json()) as Created;
  };
  sharing = await write(`Aids sharing ${run}`, { tags: [tag] });
  draft = await write(`Aids draft ${run}`, { tags: [tag], status: 'draft' });
  reader = await write(`Aids reader ${run}`, {
    tags: [tag],
    createdAt: '1998-01-03T00:00:00.000Z',
  });
});

test.afterAll(async ({ request }) => {
  const { apiBase, headers } = await adminApi(request);
  for (const article of [reader, sharing, draft]) {
    if (article) await request.delete(`${apiBase}/articles/${article._id}`, { headers });
  }
});

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1280, height: 800 }],
] as const) {
  test(`${device}: the table of contents, heading links, related and share links work with JavaScript off`, async ({
    browser,
    request,
  }) => {
    const path = `/article/${reader.slug}`;
    await untilRenderedWhole(request, path);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    const page = await context.newPage();
    try {
      await page.goto(path);
      const toc = page.getByRole('navigation', { name: TABLE_OF_CONTENTS_TITLE });
      await expect(toc.getByRole('link')).toHaveText(['Threat model', 'Assets', 'Controls']);
      // A link of the table of contents takes the reader to its heading.
      await toc.getByRole('link', { name: 'Controls' }).click();
      await expect(page).toHaveURL(/#user-content-controls$/);
      const controls = page.getByRole('heading', { level: 2, name: 'Controls', exact: true });
      await expect(controls).toBeInViewport();
      // The link beside each heading: reached by keyboard, pointing at the heading.
      const anchor = page.getByRole('link', { name: 'Link to the section Controls' });
      await anchor.focus();
      await expect(anchor).toBeVisible();
      await expect(anchor).toHaveAttribute('href', '#user-content-controls');
      // Related: the public article sharing its tag, then the newest others; never the draft.
      const related = page.getByRole('region', { name: RELATED_ARTICLES_TITLE });
      await expect(related.getByRole('link').first()).toHaveText(sharing.title);
      await expect(related.getByRole('link', { name: draft.title })).toHaveCount(0);
      await expect(related.getByRole('link').first()).toHaveAttribute(
        'href',
        `/article/${sharing.slug}`,
      );
      // Share: plain links, the article's address in them; nothing of theirs on the page.
      const share = page.getByRole('navigation', { name: SHARE_TITLE });
      const linkedIn = await share
        .getByRole('link', { name: shareLinkLabel(SHARE_LINKEDIN) })
        .getAttribute('href');
      expect(new URL(linkedIn ?? '').searchParams.get('url')).toMatch(new RegExp(`${path}$`));
      await expect(page.locator('script[src], iframe')).toHaveCount(0);
      await page.screenshot({ path: `test-results/reading-aids-${device}.png`, fullPage: true });
      // Printed: the article alone.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await expect(toc).toBeHidden();
      await expect(share).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

test('the article page with its reading aids has no accessibility violations', async ({
  page,
  request,
}) => {
  const path = `/article/${reader.slug}`;
  await untilRenderedWhole(request, path);
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: TABLE_OF_CONTENTS_TITLE })).toBeVisible();
  await expectNoA11yViolations(page);
});
