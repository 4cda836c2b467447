import { IMAGE_VARIANT_WIDTHS } from '@portfolio/contract';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { contentImageNames } from './content-images.js';

describe('contentImageNames', () => {
  it('names the stored images the Markdown shows, once each, and nothing else', () => {
    const markdown = [
      '![A diagram](/images/tls.svg) and again ![same](/images/tls.svg "title")',
      '',
      '- ![in a list](/images/ctf-tips.svg)',
      '',
      '[a link, not an image](/images/link-only.png)',
      '![elsewhere](https://example.test/x.png) ![odd](/images/../secret.png)',
      '',
      '```md',
      '![in code](/images/code-only.png)',
      '```',
    ].join('\n');
    expect(contentImageNames(markdown)).toEqual(['tls.svg', 'ctf-tips.svg']);
  });
});

describe.each(testDrivers)('GET /articles/:id with images in its text (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('sends the size and variants of each stored image the article shows', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: adminHeaders,
      payload: {
        title: 'With a figure',
        content: 'Before.\n\n![The handshake](/images/tls.svg)\n\n![Gone](/images/nope.png)\n',
      },
    });
    expect(created.statusCode).toBe(201);
    const article = (await t.app.inject(`/api/articles/${created.json()._id}`)).json();
    expect(article.contentImages).toEqual([
      {
        path: '/images/tls.svg',
        width: 400,
        height: 240,
        widths: [...IMAGE_VARIANT_WIDTHS],
        formats: ['avif', 'webp', 'png'],
      },
    ]);
    // Lists do not render the text: they carry none.
    const [listed] = (await t.app.inject('/api/articles?limit=1')).json();
    expect(listed.contentImages).toBeUndefined();
  });
});
