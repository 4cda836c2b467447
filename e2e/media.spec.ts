// The media library (docs/decisions/142), as the owner meets it: an image uploaded into an
// article's text is listed in the dashboard's Media tab as used by that article, with its
// description; deleting the article offers to delete the image nothing else shows, after which
// its address is a 404. An image already stored is chosen in the editor instead of uploaded.
import type { Page } from '@playwright/test';
import { noisyPhoto } from '@portfolio/testing/images';
import { DEV_ADMIN, expect, expectNoA11yViolations, signIn, test, adminApi } from './fixtures';
import {
  CANCEL_LABEL,
  CONTENT_LABEL,
  DELETE_LABEL,
  IMAGE_PATH_LABEL,
  NEW_ARTICLE_LABEL,
  SAVE_DRAFT_LABEL,
  TAB_ARTICLES,
  TITLE_LABEL,
} from '@portfolio/remote-auth/texts';
import {
  IMAGE_ALT_LABEL,
  IMAGE_INSERTED,
  INSERT_IMAGE_HEADING,
  INSERT_IMAGE_LABEL,
} from '@portfolio/remote-auth/admin-texts';
import {
  CHOOSE_FROM_LIBRARY_LABEL,
  DELETE_IMAGES_LABEL,
  IMAGE_CHOSEN,
  MEDIA_PICKER_LABEL,
  MEDIA_UNUSED_LABEL,
  NO_MEDIA_MATCHES,
  SEARCH_MEDIA_LABEL,
  TAB_MEDIA,
  UNUSED_IMAGES_LABEL,
  chooseImageLabel,
  imagesDeletedNotice,
} from '@portfolio/remote-auth/media-texts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const main = (page: Page) => page.locator('main');
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true };

test('an uploaded image is listed as used, and goes with its article when the owner accepts', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { apiBase, headers } = await adminApi(request);
  const title = `E2E media ${Date.now().toString(36)}`;
  let id = '';
  let name = '';
  try {
    await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
    await page.goto('/admin-dashboard?tab=articles');
    await main(page).getByRole('button', { name: NEW_ARTICLE_LABEL }).click();
    const editor = main(page).getByRole('form', { name: 'New article' });
    await editor.getByLabel(TITLE_LABEL).fill(title);
    await editor.getByLabel(CONTENT_LABEL).fill('My desk, as it is.');
    await editor.getByLabel(IMAGE_ALT_LABEL).fill('A tidy desk');
    const uploaded = page.waitForResponse(
      (response) =>
        response.url() === `${apiBase}/images` && response.request().method() === 'POST',
    );
    await editor.getByLabel(INSERT_IMAGE_LABEL).setInputFiles({
      name: 'Desk.jpg',
      mimeType: 'image/jpeg',
      buffer: await noisyPhoto({ width: 800, height: 600 }),
    });
    const imagePath = ((await (await uploaded).json()) as { imagePath: string }).imagePath;
    name = imagePath.replace('/images/', '');
    await expect(editor.getByText(IMAGE_INSERTED)).toBeVisible();
    await editor.getByRole('button', { name: SAVE_DRAFT_LABEL, exact: true }).click();
    const article = main(page).getByRole('listitem').filter({ hasText: title });
    await expect(article).toBeVisible();
    id = (await article.getByRole('link').first().getAttribute('href'))?.split('/').pop() ?? '';

    // The Media tab: the image, its size, its description and the article that shows it.
    await page.getByRole('tab', { name: TAB_MEDIA }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel(SEARCH_MEDIA_LABEL).fill(name);
    const item = panel.getByRole('listitem').filter({ hasText: name });
    await expect(item).toBeVisible();
    await expect(item).toContainText('800 × 600 px');
    await expect(item).toContainText('A tidy desk');
    await expect(item.getByRole('link', { name: title })).toBeVisible();
    await expect(item).toContainText('(text)');
    // Shown: it cannot be deleted here.
    await expect(item.getByRole('button', { name: new RegExp(DELETE_LABEL) })).toHaveCount(0);
    await expect
      .poll(() => item.locator('img').evaluate((element: HTMLImageElement) => element.currentSrc))
      .toMatch(new RegExp(`${name}/320\\.(avif|webp|jpg)$`));
    await expectNoA11yViolations(page);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/media-laptop.png` });

    // Deleting the article offers its image, which nothing else shows.
    await page.getByRole('tab', { name: TAB_ARTICLES }).click();
    await main(page)
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('button', { name: `${DELETE_LABEL} ${title}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: DELETE_LABEL, exact: true }).click();
    const offer = page.getByRole('dialog', { name: UNUSED_IMAGES_LABEL });
    await expect(offer).toContainText(name);
    await expectNoA11yViolations(page);
    await offer.getByRole('button', { name: DELETE_IMAGES_LABEL }).click();
    await expect(offer).toHaveCount(0);
    await expect(main(page).getByRole('status').first()).toHaveText(imagesDeletedNotice(1));
    id = '';

    // Gone: from the library, and its address answers 404.
    await page.getByRole('tab', { name: TAB_MEDIA }).click();
    await page.getByRole('tabpanel').getByLabel(SEARCH_MEDIA_LABEL).fill(name);
    await expect(page.getByRole('tabpanel').getByText(NO_MEDIA_MATCHES)).toBeVisible();
    expect((await request.get(`${apiBase}/images/${name}`)).status()).toBe(404);
    name = '';
  } finally {
    if (id) await request.delete(`${apiBase}/articles/${id}`, { headers });
    if (name) await request.delete(`${apiBase}/images/${name}`, { headers });
  }
});

test('an image already in the library is chosen for the text and the cover', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { apiBase, headers } = await adminApi(request);
  const stored = await request.post(`${apiBase}/images`, {
    headers,
    multipart: {
      file: {
        name: 'Library pick.jpg',
        mimeType: 'image/jpeg',
        buffer: await noisyPhoto({ width: 640, height: 480 }),
      },
    },
  });
  expect(stored.status()).toBe(201);
  const { imagePath } = (await stored.json()) as { imagePath: string };
  const name = imagePath.replace('/images/', '');
  try {
    await signIn(page, 'Dev Admin', DEV_ADMIN.email, DEV_ADMIN.password);
    await page.goto('/admin-dashboard?tab=articles');
    await main(page).getByRole('button', { name: NEW_ARTICLE_LABEL }).click();
    const editor = main(page).getByRole('form', { name: 'New article' });
    await editor.getByLabel(CONTENT_LABEL).fill('Before.');

    // Into the text: the description first, then the image from the library.
    const insert = editor.getByRole('group', { name: INSERT_IMAGE_HEADING });
    await expect(insert.getByRole('button', { name: CHOOSE_FROM_LIBRARY_LABEL })).toBeDisabled();
    await editor.getByLabel(IMAGE_ALT_LABEL).fill('A picked photo');
    await insert.getByRole('button', { name: CHOOSE_FROM_LIBRARY_LABEL }).click();
    const picker = page.getByRole('dialog', { name: MEDIA_PICKER_LABEL });
    await picker.getByLabel(SEARCH_MEDIA_LABEL).fill(name);
    await expectNoA11yViolations(page);
    await picker.getByRole('button', { name: chooseImageLabel(name) }).click();
    await expect(picker).toHaveCount(0);
    await expect(editor.getByLabel(CONTENT_LABEL)).toHaveValue(
      new RegExp(`!\\[A picked photo\\]\\(${imagePath.replace(/[.]/g, '\\.')}\\)`),
    );
    await expect(editor.getByTestId('markdown-preview').locator('img')).toHaveAttribute(
      'width',
      '640',
    );

    // As the cover.
    // The cover field comes after "Insert an image into the text".
    await editor.getByRole('button', { name: CHOOSE_FROM_LIBRARY_LABEL }).last().click();
    const coverPicker = page.getByRole('dialog', { name: MEDIA_PICKER_LABEL });
    await coverPicker.getByLabel(SEARCH_MEDIA_LABEL).fill(name);
    await coverPicker.getByRole('button', { name: chooseImageLabel(name) }).click();
    await expect(editor.getByLabel(IMAGE_PATH_LABEL)).toHaveValue(imagePath);
    await expect(editor.getByText(IMAGE_CHOSEN)).toBeVisible();

    // The library's filters, at a phone's width.
    page.once('dialog', (dialog) => void dialog.accept());
    await editor.getByRole('button', { name: CANCEL_LABEL, exact: true }).click();
    await page.setViewportSize(PHONE.viewport);
    await page.getByRole('tab', { name: TAB_MEDIA }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('button', { name: MEDIA_UNUSED_LABEL, exact: true }).click();
    await panel.getByLabel(SEARCH_MEDIA_LABEL).fill(name);
    const item = panel.getByRole('listitem').filter({ hasText: name });
    await expect(item.getByRole('button', { name: `Delete image ${name}` })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/media-phone.png` });
  } finally {
    await request.delete(`${apiBase}/images/${name}`, { headers });
  }
});
