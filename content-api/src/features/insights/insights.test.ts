import type { Insights } from '@portfolio/contract';
import {
  INSIGHTS_CSV_COLUMNS,
  PAGE_VIEW_BODY_LIMIT,
  RAW_VIEWS_KEPT_DAYS,
} from '@portfolio/contract';
import { sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../auth/identity.js';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders, readerHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { rollUpViews } from './repository.js';
import { PAGE_VIEW_MESSAGES, insightsCsv } from './routes.js';

const SITE_URL = 'https://alex.example';
/** A person's browser (the specs' contexts say the same). */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDrivers)('insights (%s)', (driver) => {
  let t: TestApp;
  let now = new Date('2026-12-01T12:00:00Z');
  let client = 0;
  /** A fresh client address for each test, so the rate limit stays out of the way. */
  const nextClient = () => `10.46.${Math.floor((client += 1) / 250)}.${client % 250}`;

  beforeAll(async () => {
    t = await createTestApp(driver, { siteUrl: SITE_URL, now: () => now, pageViewRateLimit: 5 });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    now = new Date('2026-12-01T12:00:00Z');
    // The views the last test left waiting in the app are written (reading figures does it).
    await t.app.inject({ url: '/api/insights', headers: adminHeaders });
    await t.database.db.execute(
      sql`truncate page_views, page_view_days, site_view_days, view_source_days, visitor_salts, deleted_articles`,
    );
    await t.database.db.execute(sql`delete from app_meta where key like 'insights%'`);
  });

  const beacon = (
    body: unknown,
    {
      userAgent = BROWSER,
      remoteAddress = nextClient(),
      headers = {},
      contentType = 'text/plain;charset=UTF-8',
    }: {
      userAgent?: string | null;
      remoteAddress?: string;
      headers?: Record<string, string>;
      contentType?: string;
    } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/page-views',
      remoteAddress,
      headers: {
        'content-type': contentType,
        ...(userAgent === null ? {} : { 'user-agent': userAgent }),
        ...headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const insights = async (days = 30) => {
    const response = await t.app.inject({
      url: `/api/insights?days=${days}`,
      headers: adminHeaders,
    });
    expect(response.statusCode).toBe(200);
    return response.json<Insights>();
  };
  /** The rollup job, once the views waiting in the app are written. */
  const rollUp = async () => {
    await t.app.inject({ url: '/api/insights', headers: adminHeaders });
    return rollUpViews(t.database.db, now);
  };
  /** The raw views, once the views waiting in the app are written (reading figures does it). */
  const storedViews = async () => {
    await t.app.inject({ url: '/api/insights', headers: adminHeaders });
    return (
      (await t.database.db.execute(sql`select * from page_views`)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
  };

  it('counts a view of a page (204) with its referrer origin, viewport and newsletter flag', async () => {
    const response = await beacon({
      path: '/article/tls-in-practice',
      referrer: 'https://news.example.org',
      viewport: 'phone',
      newsletter: true,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    await beacon({ path: '/blog', viewport: 'desktop' });
    const figures = await insights(7);
    expect(figures.counting).toBe(true);
    expect(figures.totals).toEqual({ views: 2, visitors: 2 });
    expect(figures.now).toBe(2);
    expect(figures.daily).toHaveLength(7);
    expect(figures.daily.at(-1)).toEqual({ day: '2026-12-01', views: 2, visitors: 2 });
    expect(figures.daily[0]).toEqual({ day: '2026-11-25', views: 0, visitors: 0 });
    expect(figures.pages).toEqual(
      expect.arrayContaining([
        { path: '/article/tls-in-practice', views: 1, visitors: 1 },
        { path: '/blog', views: 1, visitors: 1 },
      ]),
    );
    expect(figures.articles).toEqual([
      {
        _id: 'tls-in-practice',
        title: 'TLS in Practice',
        path: '/article/tls-in-practice',
        views: 1,
        visitors: 1,
        newsletterViews: 1,
      },
    ]);
    expect(figures.referrers).toEqual([{ origin: 'https://news.example.org', views: 1 }]);
    expect(figures.viewports).toEqual(
      expect.arrayContaining([
        { viewport: 'phone', views: 1 },
        { viewport: 'desktop', views: 1 },
      ]),
    );
  });

  it('counts a visitor once a day: the same address and browser, two pages; another browser is another visitor', async () => {
    const address = nextClient();
    await beacon({ path: '/', viewport: 'desktop' }, { remoteAddress: address });
    await beacon({ path: '/about', viewport: 'desktop' }, { remoteAddress: address });
    await beacon({ path: '/', viewport: 'phone' }, { remoteAddress: address, userAgent: PHONE });
    const figures = await insights(7);
    expect(figures.totals).toEqual({ views: 3, visitors: 2 });
    expect(figures.pages).toContainEqual({ path: '/', views: 2, visitors: 2 });
  });

  it('stores no address, no user agent and no referrer of the site itself', async () => {
    const address = '203.0.113.77';
    await beacon(
      { path: '/portfolio', viewport: 'tablet', referrer: SITE_URL },
      { remoteAddress: address },
    );
    const rows = await storedViews();
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows, (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    expect(stored).not.toContain(address);
    expect(stored).not.toContain('Mozilla');
    expect(stored).not.toContain('alex.example');
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ['article_id', 'newsletter', 'path', 'referrer', 'viewed_at', 'viewport', 'visitor'].sort(),
    );
  });

  it.each([
    ['Sec-GPC: 1', { 'sec-gpc': '1' }],
    ['DNT: 1', { dnt: '1' }],
  ])('does not count a visitor whose browser sends %s (204)', async (_name, headers) => {
    const response = await beacon({ path: '/', viewport: 'desktop' }, { headers });
    expect(response.statusCode).toBe(204);
    expect(await storedViews()).toEqual([]);
  });

  it.each([
    ['a headless browser', BROWSER.replace('Chrome/', 'HeadlessChrome/')],
    ['a crawler', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['a tool', 'curl/8.14.1'],
    ['no user agent', null],
  ])('does not count %s (204)', async (_name, userAgent) => {
    const response = await beacon({ path: '/', viewport: 'desktop' }, { userAgent });
    expect(response.statusCode).toBe(204);
    expect(await storedViews()).toEqual([]);
  });

  it.each([
    ['an unknown page', { path: '/admin-dashboard', viewport: 'desktop' }, 400],
    ['a path with its query', { path: '/blog?x=1', viewport: 'desktop' }, 400],
    [
      'markup in the referrer',
      { path: '/', viewport: 'desktop', referrer: '"><script>x</script>' },
      400,
    ],
    [
      'a referrer with a path',
      { path: '/', viewport: 'desktop', referrer: 'https://a.example/secret' },
      400,
    ],
    ['another field', { path: '/', viewport: 'desktop', ip: '1.2.3.4' }, 400],
    ['an unknown viewport', { path: '/', viewport: 'watch' }, 400],
    [
      'an article that does not exist',
      { path: '/article/no-such-article', viewport: 'desktop' },
      404,
    ],
    [
      'a project that does not exist',
      { path: '/projects/no-such-project', viewport: 'desktop' },
      404,
    ],
    ['a tag no article has', { path: '/tags/no-such-tag', viewport: 'desktop' }, 404],
    ['not JSON', '{"path":', 400],
  ])('refuses %s and stores nothing', async (_name, body, status) => {
    const response = await beacon(body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await storedViews()).toEqual([]);
  });

  it('says why an unknown page and unknown content are refused', async () => {
    expect((await beacon({ path: '/nope', viewport: 'phone' })).json()).toEqual({
      message: PAGE_VIEW_MESSAGES.notAPage,
    });
    expect((await beacon({ path: '/article/nope', viewport: 'phone' })).json()).toEqual({
      message: PAGE_VIEW_MESSAGES.noSuchPage,
    });
  });

  it('refuses a body over its limit (413) by its stated length, and another content type (415)', async () => {
    const huge = JSON.stringify({
      path: '/',
      viewport: 'desktop',
      pad: 'x'.repeat(PAGE_VIEW_BODY_LIMIT),
    });
    expect((await beacon(huge)).statusCode).toBe(413);
    expect(
      (await beacon({ path: '/', viewport: 'desktop' }, { contentType: 'text/html' })).statusCode,
    ).toBe(415);
    // JSON sent as JSON is taken too.
    expect(
      (await beacon({ path: '/', viewport: 'desktop' }, { contentType: 'application/json' }))
        .statusCode,
    ).toBe(204);
  });

  it('rate-limits each client (429), whatever X-Forwarded-For it writes', async () => {
    const address = nextClient();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const response = await beacon(
        { path: '/', viewport: 'desktop' },
        { remoteAddress: address, headers: { 'x-forwarded-for': `198.51.100.${i}` } },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429]);
    expect(await storedViews()).toHaveLength(5);
  });

  it('answers the figures to an admin only', async () => {
    expect((await t.app.inject({ url: '/api/insights' })).json()).toEqual({
      message: AUTH_MESSAGES.missing,
    });
    expect((await t.app.inject({ url: '/api/insights', headers: readerHeaders })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ url: '/api/insights/export.csv', headers: readerHeaders })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/insights?days=12', headers: adminHeaders })).statusCode,
    ).toBe(400);
    const response = await t.app.inject({ url: '/api/insights', headers: adminHeaders });
    expect(response.json<Insights>().days).toBe(30);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it("salts each day anew: the same visitor tomorrow is a new visitor, and yesterday's salt is gone", async () => {
    const address = nextClient();
    await beacon({ path: '/', viewport: 'desktop' }, { remoteAddress: address });
    const [first] = await storedViews();
    now = new Date(now.getTime() + DAY_MS);
    await beacon({ path: '/', viewport: 'desktop' }, { remoteAddress: address });
    const rows = await storedViews();
    expect(rows).toHaveLength(2);
    expect(String(rows[1]!.visitor)).not.toBe(String(first!.visitor));
    const salts = (
      (await t.database.db.execute(sql`select day::text as day from visitor_salts`)) as unknown as {
        rows: { day: string }[];
      }
    ).rows;
    expect(salts).toEqual([{ day: '2026-12-02' }]);
  });

  it('rolls up each ended day, keeps raw views 30 days and the daily figures after that', async () => {
    const start = new Date('2026-09-01T10:00:00Z');
    // A view a day for 91 days, the address changing: one visitor each.
    for (let day = 0; day < 91; day += 1) {
      now = new Date(start.getTime() + day * DAY_MS);
      expect(
        (await beacon({ path: '/blog', viewport: 'tablet', referrer: 'https://feeds.example' }))
          .statusCode,
      ).toBe(204);
      if (day % 10 === 0) await rollUp();
    }
    now = new Date(start.getTime() + 90 * DAY_MS);
    const result = await rollUp();
    expect(result.ran).toBe(true);
    const rows = await storedViews();
    // The raw views of the last 30 days and today's are kept, no older.
    expect(rows.length).toBe(RAW_VIEWS_KEPT_DAYS + 1);
    const figures = await insights(90);
    expect(figures.totals).toEqual({ views: 90, visitors: 90 });
    expect(figures.daily.every((day) => day.views === 1)).toBe(true);
    expect(figures.pages).toEqual([{ path: '/blog', views: 90, visitors: 90 }]);
    expect(figures.referrers).toEqual([{ origin: 'https://feeds.example', views: 90 }]);
    expect(figures.viewports).toEqual([{ viewport: 'tablet', views: 90 }]);
    // A second run changes nothing.
    await rollUp();
    expect((await insights(90)).totals).toEqual({ views: 90, visitors: 90 });
  });

  it("keeps a deleted article's figures under its title; a new article with its id starts from nothing", async () => {
    // The article is published at the real time: the views come after it.
    now = new Date(Date.now() + 60_000);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: adminHeaders,
      payload: { title: 'Read Then Gone', content: 'Soon deleted.' },
    });
    const { _id, slug } = created.json<{ _id: string; slug: string }>();
    expect((await beacon({ path: `/article/${slug}`, viewport: 'desktop' })).statusCode).toBe(204);
    now = new Date(now.getTime() + DAY_MS);
    await rollUp();
    await beacon({ path: `/article/${slug}`, viewport: 'phone', newsletter: true });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/articles/${_id}`, headers: adminHeaders }))
        .statusCode,
    ).toBe(204);
    const figures = await insights(7);
    expect(figures.articles).toEqual([
      { _id: null, title: 'Read Then Gone', path: null, views: 2, visitors: 2, newsletterViews: 1 },
    ]);
    // Its page is gone: a beacon for it is refused.
    expect((await beacon({ path: `/article/${slug}`, viewport: 'phone' })).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: adminHeaders,
      payload: { title: 'Read Then Gone', content: 'A new one.' },
    });
    expect(again.json<{ _id: string }>()._id).toBe(_id);
    await beacon({ path: `/article/${slug}`, viewport: 'desktop' });
    const after = await insights(7);
    expect(after.articles).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: null, title: 'Read Then Gone', views: 2 }),
        expect.objectContaining({ _id, title: 'Read Then Gone', views: 1 }),
      ]),
    );
    await t.app.inject({ method: 'DELETE', url: `/api/articles/${_id}`, headers: adminHeaders });
  });

  it('exports the range as CSV: a row per day and page, no cell a spreadsheet would run', async () => {
    await beacon({ path: '/article/tls-in-practice', viewport: 'desktop', newsletter: true });
    now = new Date(now.getTime() + DAY_MS);
    await rollUp();
    await beacon({ path: '/blog', viewport: 'desktop' });
    const response = await t.app.inject({
      url: '/api/insights/export.csv?days=7',
      headers: adminHeaders,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="insights-7-days.csv"',
    );
    expect(response.body.split('\r\n')).toEqual([
      INSIGHTS_CSV_COLUMNS.join(','),
      '2026-12-01,/article/tls-in-practice,TLS in Practice,1,1,1',
      '2026-12-02,/blog,,1,1,0',
      '',
    ]);
    expect(
      insightsCsv([
        {
          day: 'd',
          path: '/',
          article: '=HYPERLINK("x")',
          views: 1,
          visitors: 1,
          newsletter_views: 0,
        },
      ]),
    ).toContain(`'=HYPERLINK(""x"")`);
  });
});

describe('insights with ANALYTICS=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, analytics: false });
  });
  afterAll(() => t.close());

  it('answers beacons and stores nothing; the figures say counting is off', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/page-views',
      headers: { 'content-type': 'text/plain', 'user-agent': BROWSER },
      payload: JSON.stringify({ path: '/', viewport: 'desktop' }),
    });
    expect(response.statusCode).toBe(204);
    const figures = (
      await t.app.inject({ url: '/api/insights', headers: adminHeaders })
    ).json<Insights>();
    expect(figures.counting).toBe(false);
    expect(figures.totals).toEqual({ views: 0, visitors: 0 });
  });
});
