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

  it("a page's policy names its inline scripts' hashes and 'strict-dynamic'; a file's names the hosts only", async () => {
    const page = await site.app.inject({ url: '/blog', headers: { host: 'localhost' } });
    const file = await site.app.inject({
      url: '/main.1a2b3c4d.js',
      headers: { host: 'localhost' },
    });
    expect(page.headers['content-security-policy']).toMatch(
      /script-src 'sha256-[A-Za-z0-9+/=]+' 'strict-dynamic'/,
    );
    expect(page.headers['content-security-policy']).not.toContain('nonce-');
    expect(file.headers['content-security-policy']).not.toMatch(/nonce-|sha256-|strict-dynamic/);
    // The remotes are served on the site's own origin (ADR 080, 101): never their own.
    expect(page.headers['content-security-policy']).not.toMatch(/blog\.test|shop\.test/);
    expect(page.headers['reporting-endpoints']).toBe('csp="http://localhost:3000/api/csp-reports"');
  });
});

describe('under npm run dev (HOT_RELOAD=on)', () => {
  it("lets the page reach each remote's hot-update socket at the page's own host name", async () => {
    const dev = await buildTestSite({
      hotReload: true,
      env: {
        // As npm run dev has them: the remotes' dev servers on loopback, by address.
        REMOTE_BLOG_URL: 'http://127.0.0.1:3002/mf-manifest.json',
        REMOTE_SHOP_URL: 'http://127.0.0.1:3004/mf-manifest.json',
      },
    });
    try {
      const page = await dev.app.inject({ url: '/blog', headers: { host: 'localhost' } });
      const policy = page.headers['content-security-policy'];
      // The dev client connects to ws://<the page's host>:<its port>/ws (tools/dev.ts).
      expect(policy).toContain('ws://localhost:3002');
      expect(policy).toContain('ws://localhost:3004');
      expect(policy).not.toContain('ws://127.0.0.1');
    } finally {
      await dev.close();
    }
  });
});
