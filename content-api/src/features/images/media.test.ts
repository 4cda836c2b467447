// The media library (docs/decisions/142): GET /api/images lists the stored images a page at a
// time with their size, where each is shown and its description; DELETE refuses an image that is
// shown, saying where.
import { MEDIA_USES_LISTED, settingsInputOf } from '@portfolio/contract';
import type { MediaItem, SiteSettings } from '@portfolio/contract';
import { sampleImage } from '@portfolio/testing/images';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders, readerHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { saveImage } from './repository.js';
import { SETTINGS_USE, imageInUse } from './routes.js';

function multipart(file: Buffer, filename: string) {
  const boundary = '----media-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDrivers)('the media library (%s)', (driver) => {
  let t: TestApp;
  let photo: string;
  let photoName: string;
  let articleId: string;

  const list = async (query = '', headers: Record<string, string> = adminHeaders) => {
    const response = await t.app.inject({ url: `/api/images${query}`, headers });
    return response;
  };
  const items = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    return response.json() as MediaItem[];
  };
  const itemOf = async (name: string) =>
    (await items(`?query=${encodeURIComponent(name)}&limit=100`)).find(
      (item) => item.name === name,
    );
  const createArticle = async (body: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: adminHeaders,
      payload: { title: 'Media test', content: 'Text.', ...body },
    });
    expect(response.statusCode).toBe(201);
    return response.json()._id as string;
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    const body = multipart(await sampleImage('jpeg', { width: 40, height: 30 }), 'Desk.jpg');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...body.headers, ...adminHeaders },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    photo = uploaded.json().imagePath;
    photoName = photo.replace('/images/', '');
    articleId = await createArticle({
      title: 'A desk',
      content: `Before.\n\n![A tidy desk \\[1\\]](${photo})\n\nAfter, again: ![](${photo})`,
    });
  });
  afterAll(() => t.close());

  it('is for admins only: 401 without a token, 403 with a user token', async () => {
    const anonymous = await list('', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: expect.any(String) });
    const reader = await list('', readerHeaders);
    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toEqual({ message: expect.any(String) });
    expect(reader.headers['cache-control']).toBe('private, no-store');
  });

  it('lists an image with its size in bytes and pixels, variants, uses and description', async () => {
    const item = await itemOf(photoName);
    expect(item).toEqual({
      name: photoName,
      path: photo,
      contentType: 'image/jpeg',
      bytes: expect.any(Number),
      width: 40,
      height: 30,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      image: expect.objectContaining({ path: photo, width: 40, height: 30 }),
      // The Markdown's description, unescaped; the second, empty one does not replace it.
      alt: 'A tidy desk [1]',
      uses: [
        {
          kind: 'article',
          _id: articleId,
          title: 'A desk',
          slug: expect.any(String),
          cover: false,
          inText: true,
        },
      ],
      useCount: 1,
    });
    expect(item?.bytes).toBeGreaterThan(100);
  });

  it('pages newest first, with X-Total-Count, and never answers more than a page', async () => {
    const first = await list('?limit=5');
    expect(first.statusCode).toBe(200);
    const total = Number(first.headers['x-total-count']);
    // The seed's images and the upload.
    expect(total).toBeGreaterThanOrEqual(19);
    const page = first.json() as MediaItem[];
    expect(page).toHaveLength(5);
    expect(page[0]?.name).toBe(photoName);
    const times = page.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = (await items('?limit=5&offset=5')).map((item) => item.name);
    expect(second).toHaveLength(5);
    expect(second.some((name) => page.some((item) => item.name === name))).toBe(false);
    const last = await items(`?limit=100&offset=${total - 1}`);
    expect(last).toHaveLength(1);
    // The default page is MEDIA_DEFAULT_LIMIT, not everything.
    expect((await items('')).length).toBeLessThanOrEqual(24);
  });

  it('names covers of articles and projects, and an image both cover and in the text once', async () => {
    const seeded = await itemOf('threat-modeling.svg');
    expect(seeded?.useCount).toBeGreaterThan(0);
    expect(seeded?.uses.every((use) => use.cover)).toBe(true);
    // An SVG that states its size has one, and no variants.
    const project = (await items('?limit=100')).find((item) =>
      item.uses.some((use) => use.kind === 'project'),
    );
    expect(project?.uses.find((use) => use.kind === 'project')).toEqual({
      kind: 'project',
      _id: expect.any(String),
      title: expect.any(String),
      cover: true,
      inText: false,
    });

    const both = await createArticle({
      title: 'Cover and figure',
      imagePath: photo,
      content: `![The desk again](${photo})`,
    });
    try {
      const item = await itemOf(photoName);
      expect(item?.useCount).toBe(2);
      expect(item?.uses.find((use) => use._id === both)).toMatchObject({
        cover: true,
        inText: true,
      });
      // The newest article's description is the image's.
      expect(item?.alt).toBe('The desk again');
    } finally {
      await t.app.inject({ method: 'DELETE', url: `/api/articles/${both}`, headers: adminHeaders });
    }
  });

  it(`lists at most ${MEDIA_USES_LISTED} uses and counts them all`, async () => {
    const name = 'widely-used-0000000000000000.png';
    await saveImage(t.database.db, { name, contentType: 'image/png', data: Buffer.from('x') });
    const ids: string[] = [];
    for (let index = 0; index < MEDIA_USES_LISTED + 2; index += 1) {
      ids.push(await createArticle({ title: `Wide ${index}`, content: `![w](/images/${name})` }));
    }
    try {
      const item = await itemOf(name);
      expect(item?.useCount).toBe(MEDIA_USES_LISTED + 2);
      expect(item?.uses).toHaveLength(MEDIA_USES_LISTED);
      // The newest first.
      expect(item?.uses[0]?._id).toBe(ids[ids.length - 1]);
      const refused = await t.app.inject({
        method: 'DELETE',
        url: `/api/images/${name}`,
        headers: adminHeaders,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/and 9 more\. Remove it from there first\.$/);
    } finally {
      for (const id of ids) {
        await t.app.inject({ method: 'DELETE', url: `/api/articles/${id}`, headers: adminHeaders });
      }
    }
  });

  it('filters by use, by name and by article', async () => {
    const unusedName = 'never-shown-0000000000000000.png';
    await saveImage(t.database.db, {
      name: unusedName,
      contentType: 'image/png',
      data: Buffer.from('x'),
    });
    const unused = await list('?usage=unused&limit=100');
    const unusedItems = unused.json() as MediaItem[];
    expect(unusedItems.map((item) => item.name)).toContain(unusedName);
    expect(unusedItems.every((item) => item.useCount === 0 && item.uses.length === 0)).toBe(true);
    expect(Number(unused.headers['x-total-count'])).toBe(unusedItems.length);
    const used = await items('?usage=used&limit=100');
    expect(used.map((item) => item.name)).toContain(photoName);
    expect(used.every((item) => item.useCount > 0)).toBe(true);

    expect((await items('?query=NEVER-SHOWN')).map((item) => item.name)).toEqual([unusedName]);
    // LIKE's wildcards are taken literally.
    expect(await items('?query=%25')).toEqual([]);
    expect(await items('?query=_')).toEqual([]);

    const ofArticle = await items(`?article=${articleId}`);
    expect(ofArticle.map((item) => item.name)).toEqual([photoName]);
    expect(await items('?article=no-such-article')).toEqual([]);
  });

  it.each([
    ['?limit=0', /limit/i],
    ['?limit=101', /limit/i],
    ['?offset=-1', /offset/i],
    ['?usage=orphaned', /usage/i],
    ['?article=Not%20An%20Id', /article/i],
    [`?query=${'x'.repeat(121)}`, /query/i],
    ['?sort=size', /sort/],
  ])('400 with a message for %s', async (query, mentions) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringMatching(mentions) });
  });

  describe('DELETE /api/images/:name', () => {
    it('refuses an image an article’s text shows with 409, saying where, and keeps it', async () => {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/images/${photoName}`,
        headers: adminHeaders,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message:
          'This image is in use: the text of the article "A desk". Remove it from there first.',
      });
      expect((await t.app.inject(`/api/images/${photoName}`)).statusCode).toBe(200);
    });

    it('deletes it once the article that showed it is gone: its address is then a 404', async () => {
      const name = 'short-lived-0000000000000000.png';
      await saveImage(t.database.db, { name, contentType: 'image/png', data: Buffer.from('x') });
      const id = await createArticle({ title: 'Short-lived', imagePath: `/images/${name}` });
      expect((await items(`?article=${id}`)).map((item) => item.name)).toEqual([name]);
      await t.app.inject({ method: 'DELETE', url: `/api/articles/${id}`, headers: adminHeaders });
      expect((await itemOf(name))?.useCount).toBe(0);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/images/${name}`,
        headers: adminHeaders,
      });
      expect(removed.statusCode).toBe(204);
      expect((await t.app.inject(`/api/images/${name}`)).statusCode).toBe(404);
      expect(await itemOf(name)).toBeUndefined();
    });
  });
});

describe('imageInUse', () => {
  const use = (title: string, cover: boolean, inText: boolean, kind = 'article' as const) => ({
    kind,
    _id: 'x',
    title,
    cover,
    inText,
  });

  it('names up to three uses, and how many more there are', () => {
    expect(imageInUse([use('A', true, true)], 1)).toBe(
      'This image is in use: the cover and the text of the article "A". Remove it from there first.',
    );
    expect(imageInUse([use('A', true, false), use('B', false, true)], 2)).toBe(
      'This image is in use: the cover of the article "A" and the text of the article "B". Remove it from there first.',
    );
    expect(
      imageInUse(
        [
          use('A', true, false),
          use('B', false, true),
          use('C', false, true),
          use('D', true, false),
        ],
        7,
      ),
    ).toBe(
      'This image is in use: the cover of the article "A", the text of the article "B", the text of the article "C" and 4 more. Remove it from there first.',
    );
  });
});

describe('an image the site settings show (docs/decisions/141)', () => {
  let t: TestApp;
  const badge = 'cert-penetration-testing.svg';
  beforeAll(async () => {
    t = await createTestApp('pglite', { badges: true });
  });
  afterAll(() => t.close());

  it('is in use: not listed as unused, and not deleted', async () => {
    const unused = await t.app.inject({
      url: '/api/images?usage=unused&limit=100',
      headers: adminHeaders,
    });
    expect((unused.json() as MediaItem[]).map((item) => item.name)).not.toContain(badge);
    const used = await t.app.inject({
      url: '/api/images?usage=used&limit=100',
      headers: adminHeaders,
    });
    const listed = (used.json() as MediaItem[]).find((item) => item.name === badge);
    expect(listed).toMatchObject({ inSettings: true, useCount: 0, uses: [] });

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/images/${badge}`,
      headers: adminHeaders,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: imageInUse([], 0, true) });
    expect(refused.json().message).toContain(SETTINGS_USE);
    expect((await t.app.inject(`/api/images/${badge}`)).statusCode).toBe(200);
  });

  it('is pinned only by a field that holds an image, never by a text that names one', async () => {
    const settings = settingsInputOf((await t.app.inject('/api/settings')).json<SiteSettings>());
    const path = `/images/${badge}`;
    const certifications = settings.portfolio.certifications.map(
      ({ image: _image, ...certification }) => certification,
    );
    // The badge no longer shown, but its path written in text fields, whole and inside text.
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: adminHeaders,
      payload: {
        ...settings,
        owner: { ...settings.owner, location: path },
        about: { ...settings.about, intro: [path, `See "${path}" for the badge.`] },
        portfolio: { ...settings.portfolio, aboutTeaser: `"${path}"`, certifications },
      },
    });
    expect(saved.statusCode).toBe(200);
    const unused = await t.app.inject({
      url: '/api/images?usage=unused&limit=100',
      headers: adminHeaders,
    });
    expect((unused.json() as MediaItem[]).map((item) => item.name)).toContain(badge);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/images/${badge}`,
      headers: adminHeaders,
    });
    expect(deleted.statusCode).toBe(204);
  });
});
