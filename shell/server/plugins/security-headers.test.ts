/** @jest-environment node */
import { buildTestSite } from '../test-support';
import type { TestSite } from '../test-support';

let site: TestSite;
beforeAll(async () => {
  site = await buildTestSite();
});
afterAll(() => site.close());

describe('the security headers', () => {
  it.each(['/blog', '/healthz', '/robots.txt', '/main.1a2b3c4d.js', '/no-such.file'])(
    'are on every answer: %s',
    async (url) => {
      const response = await site.app.inject({ url, headers: { host: 'localhost' } });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it("a page's policy names its nonce and 'strict-dynamic'; a file's names the hosts only", async () => {
    const page = await site.app.inject({ url: '/blog', headers: { host: 'localhost' } });
    const file = await site.app.inject({
      url: '/main.1a2b3c4d.js',
      headers: { host: 'localhost' },
    });
    expect(page.headers['content-security-policy']).toMatch(
      /script-src 'nonce-[^']+' 'strict-dynamic'/,
    );
    expect(file.headers['content-security-policy']).not.toContain('nonce-');
    // The remotes' origins, the same list the browser's federation runtime enforces (ADR 080).
    for (const remote of ['http://blog.test', 'http://shop.test']) {
      expect(page.headers['content-security-policy']).toContain(remote);
    }
    expect(page.headers['reporting-endpoints']).toMatch(
      /^csp="http:\/\/127\.0\.0\.1:\d+\/api\/csp-reports"$/,
    );
  });
});
