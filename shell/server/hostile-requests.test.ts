/** @jest-environment node */
// The hostile-input campaign of the site's server (issue 23): paths, query strings, headers,
// cookies and bodies an attacker may send, every plugin answering. No answer is a 5xx and none
// writes back what was sent as markup. CAMPAIGN_RUNS sets how many requests (default 300).
import fc from 'fast-check';
import { hostileSiteRequest, reflects } from '@portfolio/testing/hostile-site-requests';
import { buildTestSite } from './test-support';
import type { TestSite } from './test-support';

const RUNS = Number(process.env.CAMPAIGN_RUNS ?? 300);

let site: TestSite;
beforeAll(async () => {
  site = await buildTestSite({ env: { PUBLIC_HOSTS: 'alex.example' } });
  // The API the server talks to answers as a real one may: sessions refused, feeds missing.
  site.api.on('POST', '/sessions/verify', { status: 401, json: { message: 'Session expired.' } });
  site.api.on('POST', '/sessions', { status: 401, json: { message: 'Invalid ID token.' } });
  for (const feed of ['/rss.xml', '/sitemap.xml', '/sitemap-1.xml']) {
    site.api.on('GET', feed, { text: '<rss/>', type: 'application/xml' });
  }
  // As it listens: warm (docs/decisions/117).
  await site.app.warmUp.start();
});
afterAll(() => site.close());

test(`${RUNS} hostile requests: never a 5xx, never what was sent written back as markup`, async () => {
  await fc.assert(
    fc.asyncProperty(hostileSiteRequest('localhost:3000'), async (hostile) => {
      const response = await site.app.inject({
        method: hostile.method,
        url: hostile.url,
        headers: hostile.headers,
        ...(hostile.body === undefined ? {} : { payload: hostile.body }),
      });
      const said = `${hostile.method} ${hostile.url.slice(0, 120)} → ${response.statusCode}`;
      expect(response.statusCode < 500 ? 'ok' : said).toBe('ok');
      expect(
        reflects(response.body) === undefined ? 'ok' : `${said}: ${reflects(response.body)}`,
      ).toBe('ok');
    }),
    { numRuns: RUNS },
  );
}, 120_000);
