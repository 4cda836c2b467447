import {
  FEED_NOT_FOUND,
  FEED_TTL_MS,
  createFeedRelay,
  robotsTxt,
  sitemapPartApiPath,
  tagFeedApiPath,
} from './feed-relay';

describe('robotsTxt', () => {
  it('disallows the private routes the remotes publish and points at the sitemap', () => {
    const text = robotsTxt('https://alex.example', {
      portfolio: [
        { path: '/', module: './HomePage' },
        { path: '/about', module: './AboutPage' },
      ],
      auth: [
        { path: '/signin', module: './SignInPage', private: true },
        { path: '/admin-dashboard', module: './AdminDashboardPage', private: true },
        { path: '/users/:id', module: './UserPage', private: true },
      ],
    });
    expect(text.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /admin-dashboard',
      'Disallow: /signin',
      'Disallow: /users/*',
      'Allow: /',
      '',
      'Sitemap: https://alex.example/sitemap.xml',
      '',
    ]);
  });
});

describe('createFeedRelay', () => {
  const answer = (body: string, status = 200) =>
    new Response(body, { status, headers: { 'content-type': 'application/rss+xml' } });

  it('fetches from the API, keeps the copy for a while, and shares one fetch', async () => {
    let time = 0;
    const fetchImpl = jest.fn(async () => answer('<rss/>'));
    const feed = createFeedRelay({
      apiBase: 'http://api.test/api',
      fetchImpl: fetchImpl as unknown as typeof fetch,
      now: () => time,
    });
    const [first, second] = await Promise.all([feed('/rss.xml'), feed('/rss.xml')]);
    expect(first).toMatchObject({ body: '<rss/>', contentType: 'application/rss+xml' });
    expect(second).toBe(first);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]).toEqual(['http://api.test/api/rss.xml', expect.anything()]);
    time = FEED_TTL_MS + 1;
    await feed('/rss.xml');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('serves the last copy while the API fails, and null when it never answered', async () => {
    let time = 0;
    let up = true;
    const feed = createFeedRelay({
      apiBase: 'http://api.test/api',
      fetchImpl: (async () => (up ? answer('<urlset/>') : answer('down', 503))) as typeof fetch,
      now: () => time,
    });
    expect((await feed('/sitemap.xml'))?.body).toBe('<urlset/>');
    up = false;
    time = FEED_TTL_MS * 2;
    expect((await feed('/sitemap.xml'))?.body).toBe('<urlset/>');
    expect(await feed('/rss.xml')).toBeNull();
  });

  it('asks the API again after each content change it hears of (a publication), not after 60 s', async () => {
    let version = 1;
    const listeners: (() => void)[] = [];
    const watch = {
      live: true,
      onChange: (listener: () => void) => {
        listeners.push(listener);
        return () => undefined;
      },
      close: () => undefined,
    };
    const feed = createFeedRelay({
      apiBase: 'http://api.test/api',
      fetchImpl: (async () => answer(`<rss v="${version}"/>`)) as typeof fetch,
      now: () => 0,
      watch,
    });
    expect((await feed('/rss.xml'))?.body).toBe('<rss v="1"/>');
    version = 2;
    expect((await feed('/rss.xml'))?.body).toBe('<rss v="1"/>');
    for (const listener of listeners) listener();
    expect((await feed('/rss.xml'))?.body).toBe('<rss v="2"/>');
    expect((await feed('/rss.xml'))?.body).toBe('<rss v="2"/>');
  });

  it('asks the API again after each content change it hears of (a publication), not after 60 s', async () => {
    let version = 1;
    const listeners: (() => void)[] = [];
    const watch = {
      live: true,
      onChange: (listener: () => void) => {
        listeners.push(listener);
        return () => undefined;
      },
      close: () => undefined,
    };
    const feed = createFeedRelay({
      apiBase: 'http://api.test/api',
      fetchImpl: (async () => answer(`<rss v="${version}"/>`)) as typeof fetch,
      now: () => 0,
      watch,
    });
    expect((await feed('/rss.xml'))?.body).toBe('<rss v="1"/>');
    version = 2;
    expect((await feed('/rss.xml'))?.body).toBe('<rss v="1"/>');
    for (const listener of listeners) listener();
    expect((await feed('/rss.xml'))?.body).toBe('<rss v="2"/>');
    expect((await feed('/rss.xml'))?.body).toBe('<rss v="2"/>');
  });

  it("takes a sitemap part's 404 as its answer: not found, and its copy forgotten", async () => {
    let time = 0;
    let parts = 2;
    const fetchImpl = jest.fn(async (url: string) =>
      Number(/sitemap-(\d+)/.exec(url)?.[1]) <= parts ? answer('<urlset/>') : answer('{}', 404),
    );
    const feed = createFeedRelay({
      apiBase: 'http://api.test/api',
      fetchImpl: fetchImpl as unknown as typeof fetch,
      now: () => time,
    });
    const part = { mayBeMissing: true };
    expect(await feed('/sitemap-2.xml', part)).toMatchObject({ body: '<urlset/>' });
    expect(await feed('/sitemap-3.xml', part)).toBe(FEED_NOT_FOUND);
    // The part is gone (fewer articles): not served from the copy once it is stale.
    parts = 1;
    time = FEED_TTL_MS + 1;
    expect(await feed('/sitemap-2.xml', part)).toBe(FEED_NOT_FOUND);
    // Without mayBeMissing a 404 stays a failure of the API (the feed and the index).
    expect(await feed('/sitemap-9.xml')).toBeNull();
  });
});

describe('sitemapPartApiPath', () => {
  it('names the API path of a part, and no path for what cannot be one', () => {
    expect(sitemapPartApiPath('1')).toBe('/sitemap-1.xml');
    expect(sitemapPartApiPath('999999')).toBe('/sitemap-999999.xml');
    for (const name of ['0', '01', '1000000', 'x', '1.5', '', '-1', '1%2F..']) {
      expect(sitemapPartApiPath(name)).toBeNull();
    }
  });
});

describe('tagFeedApiPath', () => {
  it("names the API's feed of a tag the contract's pattern allows, and nothing else", () => {
    expect(tagFeedApiPath('zero-trust')).toBe('/tags/zero-trust/rss.xml');
    expect(tagFeedApiPath('tls13')).toBe('/tags/tls13/rss.xml');
    expect(tagFeedApiPath('a'.repeat(40))).toBe(`/tags/${'a'.repeat(40)}/rss.xml`);
    for (const tag of ['', 'Zero', 'a--b', '-a', 'a-', 'a_b', '..', 'a/b', 'a'.repeat(41)]) {
      expect({ tag, path: tagFeedApiPath(tag) }).toEqual({ tag, path: null });
    }
  });
});
