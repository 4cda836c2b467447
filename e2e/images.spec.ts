// Images that fit every screen (docs/decisions/123), as the owner and a phone visitor meet them:
// the admin uploads a photo from the dashboard with a new article; on a 390-px phone at DPR 3
// the blog list shows it with its size set before it loads, as a small AVIF chosen from the
// variants (the one the head preloads, downloaded once), the original never sent.
import type { Page, Response } from '@playwright/test';
import { noisyPhoto } from '@portfolio/testing/images';
import { DEV_ADMIN, expect, expectNoA11yViolations, signIn, test, adminApi } from './fixtures';
import {
  CONTENT_LABEL,
  IMAGE_PATH_LABEL,
  IMAGE_UPLOADED,
  NEW_ARTICLE_LABEL,
  PUBLISH_LABEL,
  TITLE_LABEL,
  UPLOAD_IMAGE_LABEL,
  VIEW_LABEL,
} from '@portfolio/remote-auth/texts';
import {
  IMAGE_ALT_LABEL,
  IMAGE_INSERTED,
  INSERT_IMAGE_LABEL,
} from '@portfolio/remote-auth/admin-texts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const main = (page: Page) => page.locator('main');
/** A phone: 390 CSS px wide (iPhone 12 to 15), three device pixels per CSS pixel. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true };

test('a photo uploaded in the dashboard reaches a phone small, sized and preloaded', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { apiBase, headers } = await adminApi(request);
  const title = `E2E photo ${Date.now().toString(36)}`;
  // The benchmark's photo (npm run bench:images): 4000 × 3000, about 3 MB, as a phone takes it.
  const photo = await noisyPhoto();
  let id = '';
  let imagePath = '';
  const phone = await browser.newContext(PHONE);
  try {
    // The owner writes an article and uploads its photo in the dashboard.
    await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
    await page.goto('/admin-dashboard?tab=articles');
    await main(page).getByRole('button', { name: NEW_ARTICLE_LABEL }).click();
    const editor = main(page).getByRole('form', { name: 'New article' });
    await editor.getByLabel(TITLE_LABEL).fill(title);
    await editor.getByLabel(CONTENT_LABEL).fill('Taken on a phone, uploaded as it was.');
    const uploaded = page.waitForResponse(
      (response) =>
        response.url() === `${apiBase}/images` && response.request().method() === 'POST',
    );
    await editor
      .getByLabel(UPLOAD_IMAGE_LABEL)
      .setInputFiles({ name: 'Hill at dusk.jpg', mimeType: 'image/jpeg', buffer: photo });
    const upload = (await (await uploaded).json()) as {
      imagePath: string;
      image: { width: number; height: number; widths: number[]; formats: string[] };
    };
    imagePath = upload.imagePath;
    expect(upload.image).toEqual(
      expect.objectContaining({
        width: 4000,
        height: 3000,
        widths: [320, 480, 640, 828, 1080, 1280, 1600, 1920],
        formats: ['avif', 'webp', 'jpeg'],
      }),
    );
    await expect(editor.getByText(IMAGE_UPLOADED)).toBeVisible();
    await expect(editor.getByLabel(IMAGE_PATH_LABEL)).toHaveValue(imagePath);
    await editor.getByRole('button', { name: PUBLISH_LABEL, exact: true }).click();
    const item = main(page).getByRole('listitem').filter({ hasText: title });
    await expect(item.getByTestId('publication-status')).toHaveText(/^Published /);
    const view = item.getByRole('link', { name: `${VIEW_LABEL} ${title}` });
    id = (await view.getAttribute('href'))?.replace('/article/', '') ?? '';
    expect(id).toMatch(/^[a-z0-9-]+$/);
    await expectNoA11yViolations(page);

    // A phone opens the blog: the newest article, first, is this one.
    const visitor = await phone.newPage();
    // The server's <picture> and the browser's are the same: no hydration error, no other error.
    const errors: string[] = [];
    visitor.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const fetched: Response[] = [];
    visitor.on('response', (response) => {
      if (response.url().includes(imagePath)) fetched.push(response);
    });
    // Another spec beside this one may publish an article just now, which would lead the list
    // until it deletes it again: the list is asked for again until this one is first.
    await expect
      .poll(
        async () => {
          fetched.length = 0;
          const answer = await visitor.goto('/blog');
          expect(answer?.status()).toBe(200);
          return main(visitor)
            .getByRole('article')
            .first()
            .getByRole('heading', { level: 2 })
            .textContent();
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toBe(title);
    // The head preloads the AVIF candidates of the first card, with the card's sizes.
    const preload = visitor.locator('head link[rel="preload"][as="image"]');
    await expect(preload).toHaveAttribute('type', 'image/avif');
    await expect(preload).toHaveAttribute(
      'imagesrcset',
      new RegExp(`${imagePath}/320\\.avif 320w`),
    );
    const card = main(visitor).getByRole('article').first();
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(title);
    const img = card.locator('img');
    // Its box is known before a byte of it arrives: no layout shift.
    await expect(img).toHaveAttribute('width', '4000');
    await expect(img).toHaveAttribute('height', '3000');
    await expect(img).toHaveAttribute('sizes', /calc\(100vw - 2rem\)$/);
    await expect(card.locator('source[type="image/avif"]')).toHaveAttribute(
      'sizes',
      (await preload.getAttribute('imagesizes')) ?? '',
    );
    // Its first visitor waits while the variant is made (seconds on a busy machine); later
    // ones get the kept bytes.
    await expect
      .poll(() => img.evaluate((element: HTMLImageElement) => element.complete), {
        timeout: 60_000,
      })
      .toBe(true);
    const shown = await img.evaluate((element: HTMLImageElement) => ({
      currentSrc: element.currentSrc,
      clientWidth: element.clientWidth,
    }));
    // About 356 CSS px at DPR 3: the narrowest AVIF variant at least three times as wide (the
    // browser's pick from srcset and sizes; see docs/performance.md, "Images that fit").
    expect(shown.clientWidth).toBeGreaterThan(350);
    expect(shown.clientWidth).toBeLessThanOrEqual(358);
    const chosen = Number(/\/(\d+)\.avif$/.exec(shown.currentSrc)?.[1]);
    expect(chosen).toBe(upload.image.widths.find((width) => width >= 3 * shown.clientWidth));
    // One download of one variant (the preload's and the <img>'s are the same): small, AVIF,
    // immutable; the 4000-px original is never sent.
    const variants = fetched.filter((response) => response.url().endsWith('.avif'));
    expect(fetched.map((response) => response.url())).toEqual([shown.currentSrc]);
    const [variant] = variants as [Response];
    expect(variant.headers()['content-type']).toBe('image/avif');
    expect(variant.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // Its bytes as sent (an AVIF is not compressed again on the way). Not the request's
    // sizes(): for the preloaded response the <img> reused, Chromium's count came out as -654
    // bytes once beside a busy loop (run 25, docs/performance.md).
    const bytes = (await variant.body()).length;
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(60 * 1024);
    await expectNoA11yViolations(visitor);
    if (SCREENSHOTS) await visitor.screenshot({ path: `${SCREENSHOTS}/blog-phone-photo.png` });

    // The article: its image, in the column's flow as a plain <img> would be (the <picture> and
    // its sources add no box: one gap of the column between the header and the image).
    await visitor.goto(`/article/${id}`);
    const article = main(visitor).getByRole('article');
    const hero = article.locator('img').first();
    await expect(hero).toHaveAttribute('width', '4000');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    const gap = await article.evaluate((element) => {
      const header = element.querySelector('header') as HTMLElement;
      const image = element.querySelector('img') as HTMLElement;
      return {
        between: image.getBoundingClientRect().top - header.getBoundingClientRect().bottom,
        columnGap: parseFloat(getComputedStyle(element).rowGap),
      };
    });
    expect(gap.between).toBeCloseTo(gap.columnGap, 0);
    await expectNoA11yViolations(visitor);
    expect(errors).toEqual([]);
  } finally {
    await phone.close();
    if (id) {
      const removed = await request.delete(`${apiBase}/articles/${id}`, { headers });
      expect(removed.ok()).toBe(true);
    }
    if (imagePath) {
      const name = imagePath.replace('/images/', '');
      const removed = await request.delete(`${apiBase}/images/${name}`, { headers });
      expect(removed.ok()).toBe(true);
    }
  }
});

test('an image inserted into an article’s text shows in the preview and on the page as covers do', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { apiBase, headers } = await adminApi(request);
  const title = `E2E figure ${Date.now().toString(36)}`;
  const photo = await noisyPhoto();
  let id = '';
  let imagePath = '';
  try {
    await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
    await page.goto('/admin-dashboard?tab=articles');
    await main(page).getByRole('button', { name: NEW_ARTICLE_LABEL }).click();
    const editor = main(page).getByRole('form', { name: 'New article' });
    await editor.getByLabel(TITLE_LABEL).fill(title);
    await editor.getByLabel(CONTENT_LABEL).fill('Before the figure.');
    // The file waits for the image's description.
    await expect(editor.getByLabel(INSERT_IMAGE_LABEL)).toBeDisabled();
    await editor.getByLabel(IMAGE_ALT_LABEL).fill('A hill at dusk');
    const uploaded = page.waitForResponse(
      (response) =>
        response.url() === `${apiBase}/images` && response.request().method() === 'POST',
    );
    await editor
      .getByLabel(INSERT_IMAGE_LABEL)
      .setInputFiles({ name: 'Hill at dusk.jpg', mimeType: 'image/jpeg', buffer: photo });
    imagePath = ((await (await uploaded).json()) as { imagePath: string }).imagePath;
    await expect(editor.getByText(IMAGE_INSERTED)).toBeVisible();
    await expect(editor.getByLabel(CONTENT_LABEL)).toHaveValue(
      `Before the figure.\n\n![A hill at dusk](${imagePath})\n\n`,
    );
    // The preview draws it from the API, with its size and variants.
    const preview = editor.getByTestId('markdown-preview');
    await expect(preview.locator('img')).toHaveAttribute('alt', 'A hill at dusk');
    await expect(preview.locator('img')).toHaveAttribute('width', '4000');
    await expect(preview.locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      new RegExp(`${imagePath}/320\\.avif 320w`),
    );
    await expectNoA11yViolations(page);
    await editor.getByRole('button', { name: PUBLISH_LABEL, exact: true }).click();
    const item = main(page).getByRole('listitem').filter({ hasText: title });
    const view = item.getByRole('link', { name: `${VIEW_LABEL} ${title}` });
    id = (await view.getAttribute('href'))?.replace('/article/', '') ?? '';
    expect(id).toMatch(/^[a-z0-9-]+$/);

    // The public page: the server's HTML already has the <picture>, sized and lazy.
    const html = await (await request.get(`/article/${id}`)).text();
    expect(html).toContain(`${imagePath}/320.avif 320w`);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`/article/${id}`);
    const figure = main(page).getByRole('img', { name: 'A hill at dusk' });
    await expect(figure).toHaveAttribute('width', '4000');
    await expect(figure).toHaveAttribute('height', '3000');
    await expect(figure).toHaveAttribute('loading', 'lazy');
    await expect(figure).toHaveAttribute('src', new RegExp(`${imagePath}/\\d+\\.jpg$`));
    await figure.scrollIntoViewIfNeeded();
    await expect
      .poll(() => figure.evaluate((element: HTMLImageElement) => element.naturalWidth), {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    expect(await figure.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(
      /\.avif$/,
    );
    await expectNoA11yViolations(page);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/article-figure.png` });
    expect(errors).toEqual([]);
  } finally {
    if (id) {
      const removed = await request.delete(`${apiBase}/articles/${id}`, { headers });
      expect(removed.ok()).toBe(true);
    }
    if (imagePath) {
      const name = imagePath.replace('/images/', '');
      const removed = await request.delete(`${apiBase}/images/${name}`, { headers });
      expect(removed.ok()).toBe(true);
    }
  }
});
