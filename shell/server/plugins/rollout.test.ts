/** @jest-environment node */
import { signPreview } from '@portfolio/platform/remote-rollout';
import { buildTestSite } from '../test-support';
import type { TestSite } from '../test-support';
import {
  CANARY_PAGE_CACHE,
  COHORT_SETTING_CACHE,
  PRIVATE_PAGE_CACHE,
  SHARED_PAGE_CACHE,
} from './page-route';
import { PREVIEW_END_TEXT, PREVIEW_INVALID_TEXT, statusSignature } from './rollout';

const SECRET = 'a-test-secret-of-the-deployers-0123456789';
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

let site: TestSite;
beforeEach(async () => {
  site = await buildTestSite({ previewSecret: SECRET });
});
afterEach(() => site.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  site.app.inject({ url, headers: { host: 'localhost:3000', ...headers } });

/** The cookie a response sets, as the browser sends it back (`name=value`). */
function cookieSet(response: { headers: Record<string, unknown> }, name: string): string {
  const all = [response.headers['set-cookie'] ?? []].flat() as string[];
  const line = all.find((cookie) => cookie.startsWith(`${name}=`));
  return line?.split(';')[0] ?? '';
}

describe('a preview link', () => {
  it('renders the candidate for the browser that opened it only: private, with a banner and a way out', async () => {
    const token = signPreview(SECRET, { remote: 'blog', version: 'cand1', expires: inAnHour() });
    const opened = await get(`/_preview?token=${encodeURIComponent(token)}`);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/');
    expect(opened.headers['cache-control']).toBe('no-store');
    const cookie = cookieSet(opened, '__preview');
    expect(cookie).toContain(token);

    const previewed = await get('/blog', { cookie });
    expect(previewed.statusCode).toBe(200);
    expect(previewed.body).toContain('page /blog render 1 blog@cand1');
    expect(previewed.body).toContain('Preview: blog version cand1.');
    expect(previewed.body).toContain(
      `<a href="/_preview/end" style="color:#111">${PREVIEW_END_TEXT}</a>`,
    );
    expect(previewed.headers['cache-control']).toBe(PRIVATE_PAGE_CACHE);

    // Another browser, and the same one again without the cookie: the live page, never the
    // preview from any cache.
    const live = await get('/blog');
    expect(live.body).toContain('page /blog render 2</main>');
    expect(live.body).not.toContain('Preview');
    expect(live.headers['cache-control']).toBe(SHARED_PAGE_CACHE);
    const again = await get('/blog', { cookie });
    expect(again.body).toContain('blog@cand1');
    expect(site.renderer.rendered).toEqual(['/blog', '/blog', '/blog']);

    const ended = await get('/_preview/end', { cookie });
    expect(ended.statusCode).toBe(303);
    expect(String(ended.headers['set-cookie'])).toMatch(/__preview=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('keeps a previewed page that could not be rendered whole private: a 503 only its browser has', async () => {
    const token = signPreview(SECRET, { remote: 'blog', version: 'c2', expires: inAnHour() });
    const cookie = cookieSet(await get(`/_preview?token=${token}`), '__preview');
    // Cut off while React wrote it (ADR 117), then a render that threw.
    site.renderer.next = () => ({ pipe: async () => false });
    const cutOff = await get('/blog', { cookie });
    expect(cutOff.statusCode).toBe(503);
    expect(cutOff.headers['cache-control']).toBe(PRIVATE_PAGE_CACHE);
    site.renderer.next = () => new Error('the candidate broke');
    const failed = await get('/blog', { cookie });
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['cache-control']).toBe(PRIVATE_PAGE_CACHE);
  });

  it('counts a browser’s report of a previewed version only when its signed preview names it', async () => {
    const token = signPreview(SECRET, { remote: 'blog', version: 'p1', expires: inAnHour() });
    const signed = cookieSet(await get(`/_preview?token=${token}`), '__preview');
    const report = (cookie: string, version: string) =>
      site.app.inject({
        method: 'POST',
        url: '/_rollout/report',
        headers: { host: 'localhost:3000', 'content-type': 'text/plain;charset=UTF-8', cookie },
        payload: JSON.stringify({
          remote: 'blog',
          manifest: `http://localhost:3000/remotes/blog/v/${version}/mf-manifest.json`,
          kind: 'hydration',
        }),
      });
    await report(signed, 'p1');
    // Any other cookie, or another version than the signed one's, counts for nothing.
    await report('__preview=made-up', 'p2');
    await report(signed, 'p2');
    // What each version counted shows once it runs as a canary.
    const countsOf = async (version: string) => {
      site.renderer.canaries.set('blog', {
        version,
        percent: 1,
        margin: 100,
        minViews: 1000,
        startedAt: '2026-12-01T00:00:00.000Z',
      });
      const status = await get('/_rollout/status', {
        authorization: `Rollout ${statusSignature(SECRET, Date.now())}`,
      });
      return status.json().remotes.blog.canary.counts.hydrationErrors;
    };
    expect(await countsOf('p1')).toBe(1);
    expect(await countsOf('p2')).toBe(0);
  });

  it('lands on the page it names, never another origin', async () => {
    const token = signPreview(SECRET, { remote: 'blog', version: 'c1', expires: inAnHour() });
    const to = async (where: string) =>
      (await get(`/_preview?token=${token}&to=${encodeURIComponent(where)}`)).headers.location;
    expect(await to('/store?x=1')).toBe('/store?x=1');
    for (const away of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      expect(await to(away)).toBe('/');
    }
  });

  it('previews two remotes together from one link, or each link adding its own', async () => {
    const one = signPreview(SECRET, { remote: 'blog', version: 'b3', expires: inAnHour() });
    const two = signPreview(SECRET, { remote: 'shop', version: 's3', expires: inAnHour() });
    const cookie = cookieSet(await get(`/_preview?token=${one}&token=${two}`), '__preview');
    expect((await get('/blog', { cookie })).body).toContain('blog@b3 shop@s3');
  });

  it('previews two remotes together, each link adding its own', async () => {
    const blog = signPreview(SECRET, { remote: 'blog', version: 'b2', expires: inAnHour() });
    const shop = signPreview(SECRET, { remote: 'shop', version: 's2', expires: inAnHour() });
    const first = cookieSet(await get(`/_preview?token=${blog}`), '__preview');
    const both = cookieSet(await get(`/_preview?token=${shop}`, { cookie: first }), '__preview');
    const page = await get('/blog', { cookie: both });
    expect(page.body).toContain('blog@b2 shop@s2');
    expect(page.body).toContain('Preview: blog version b2, shop version s2.');
  });

  it.each([
    [
      'a forged signature',
      () => signPreview('another secret', { remote: 'blog', version: 'x', expires: inAnHour() }),
    ],
    ['an expired link', () => signPreview(SECRET, { remote: 'blog', version: 'x', expires: 1000 })],
    [
      'a changed version',
      () =>
        signPreview(SECRET, { remote: 'blog', version: 'x', expires: inAnHour() }).replace(
          '~x~',
          '~y~',
        ),
    ],
  ])('refuses %s, and a cookie made of it previews nothing', async (_what, token) => {
    const opened = await get(`/_preview?token=${encodeURIComponent(token())}`);
    expect(opened.statusCode).toBe(403);
    expect(opened.body).toBe(PREVIEW_INVALID_TEXT);
    expect(opened.headers['set-cookie']).toBeUndefined();
    const page = await get('/blog', { cookie: `__preview=${token()}` });
    expect(page.body).not.toContain('blog@x');
    expect(page.body).not.toContain('Preview');
  });

  it('is off without PREVIEW_SECRET', async () => {
    await site.close();
    site = await buildTestSite();
    const token = signPreview(SECRET, { remote: 'blog', version: 'x', expires: inAnHour() });
    expect((await get(`/_preview?token=${token}`)).statusCode).toBe(403);
    expect((await get('/blog', { cookie: `__preview=${token}` })).body).not.toContain('blog@x');
  });
});

describe('a canary', () => {
  const startCanary = (
    percent: number,
    extra: Partial<{ margin: number; minViews: number }> = {},
  ) =>
    site.renderer.canaries.set('blog', {
      version: 'can1',
      percent,
      margin: extra.margin ?? 2,
      minViews: extra.minViews ?? 50,
      startedAt: '2026-12-01T00:00:00.000Z',
    });

  it('gives each new visitor a cohort, keeps it, and keeps each cohort’s pages apart', async () => {
    startCanary(50);
    const cohorts = new Map<string, string>();
    for (let visitor = 0; visitor < 40; visitor += 1) {
      const first = await get('/blog');
      // A page without a cohort is never the kept one: it is rendered, to set the cookie.
      expect(first.headers['cache-control']).toBe(COHORT_SETTING_CACHE);
      const cookie = cookieSet(first, '__cohort');
      expect(cookie).toMatch(/^__cohort=\d{1,2}\.(live|blog-can1)$/);
      const candidate = cookie.endsWith('blog-can1');
      expect(first.body.includes('blog@can1')).toBe(candidate);
      cohorts.set(cookie, first.body);
      // The next pages: the same cohort, shared per cohort, the cookie not set again.
      for (const path of ['/blog', '/article/1']) {
        const next = await get(path, { cookie });
        expect(next.body.includes('blog@can1')).toBe(candidate);
        expect(next.headers['set-cookie']).toBeUndefined();
        expect(next.headers['cache-control']).toBe(
          candidate ? CANARY_PAGE_CACHE : SHARED_PAGE_CACHE,
        );
      }
    }
    const inCanary = [...cohorts.keys()].filter((cookie) => cookie.endsWith('blog-can1')).length;
    // 40 visitors at 50 %: both cohorts are had (each at least 8 of 40, far beyond chance).
    expect(inCanary).toBeGreaterThanOrEqual(8);
    expect(inCanary).toBeLessThanOrEqual(32);
  });

  it('gives a cohort to a cache asking again for the page it kept before the canary', async () => {
    // The edge revalidates its live page with the page's ETag: "unchanged" would keep it
    // serving that page, cookie-less, to every fresh visitor for as long as the canary runs.
    const kept = await get('/blog');
    const etag = String(kept.headers.etag);
    expect((await get('/blog', { 'if-none-match': etag })).statusCode).toBe(304);
    startCanary(50);
    const asked = await get('/blog', { 'if-none-match': etag });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['cache-control']).toBe(COHORT_SETTING_CACHE);
    expect(cookieSet(asked, '__cohort')).toMatch(/^__cohort=\d{1,2}\.(live|blog-can1)$/);
  });

  it('sends a cohort back to live once the canary ends', async () => {
    startCanary(100);
    const cookie = cookieSet(await get('/blog'), '__cohort');
    expect(cookie).toMatch(/blog-can1$/);
    site.renderer.canaries.clear();
    const after = await get('/blog', { cookie });
    expect(after.body).not.toContain('blog@can1');
    expect(cookieSet(after, '__cohort')).toMatch(/^__cohort=\d+\.live$/);
  });

  it('ends itself when its failure rate passes the live one by its margin', async () => {
    startCanary(100, { margin: 10, minViews: 3 });
    const cookie = cookieSet(await get('/blog'), '__cohort');
    await get('/blog', { cookie });
    await get('/blog', { cookie });
    const report = (manifest: string) =>
      site.app.inject({
        method: 'POST',
        url: '/_rollout/report',
        headers: { host: 'localhost:3000', 'content-type': 'text/plain;charset=UTF-8', cookie },
        payload: JSON.stringify({ remote: 'blog', manifest, kind: 'hydration' }),
      });
    // A report for a version the server does not hand out counts for nothing.
    expect(
      (await report('http://localhost:3000/remotes/blog/v/other/mf-manifest.json')).statusCode,
    ).toBe(204);
    expect((await get('/blog', { cookie })).body).toContain('blog@can1');
    await report('http://localhost:3000/remotes/blog/v/can1/mf-manifest.json');
    const after = await get('/blog', { cookie });
    expect(after.body).not.toContain('blog@can1');

    const at = Date.now();
    const status = await get('/_rollout/status', {
      authorization: `Rollout ${statusSignature(SECRET, at)}`,
    });
    expect(status.statusCode).toBe(200);
    const blog = status.json().remotes.blog;
    expect(blog.canary.counts).toMatchObject({ views: 4, hydrationErrors: 1 });
    expect(blog.canary.ended).toMatch(/^failure rate 25\.0 % over 4 views/);
    expect(blog.live.version).toBe('1');
  });

  it('shows its status only to a deployer', async () => {
    const forged = statusSignature('another secret', Date.now());
    expect((await get('/_rollout/status', { authorization: `Rollout ${forged}` })).statusCode).toBe(
      403,
    );
    const old = statusSignature(SECRET, Date.now() - 3600_000);
    expect((await get('/_rollout/status', { authorization: `Rollout ${old}` })).statusCode).toBe(
      403,
    );
    expect((await get('/_rollout/status')).statusCode).toBe(403);
  });
});
