/** @jest-environment node */
import { buildTestSite } from '../test-support';
import type { TestSite } from '../test-support';
import { BAD_REQUEST, METHOD_NOT_ALLOWED } from './errors';

let site: TestSite;
beforeAll(async () => {
  site = await buildTestSite();
});
afterAll(() => site.close());

describe('errors', () => {
  it('answers a method the site has no route for with 405 and the methods it has', async () => {
    const response = await site.app.inject({
      method: 'PUT',
      url: '/blog',
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(response.body)).toEqual({ message: METHOD_NOT_ALLOWED });
  });

  it('sends a form posted before its page took it over back to the page, with nothing in the URL', async () => {
    const response = await site.app.inject({
      method: 'POST',
      url: '/signin?from=x',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.org&password=secret',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/signin');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('secret');
  });

  it.each(['//evil.example/signin', '/\\evil.example/signin', '/.//evil.example/signin'])(
    'never sends a form posted to %s to another host',
    async (url) => {
      const response = await site.app.inject({
        method: 'POST',
        url,
        headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'password=secret',
      });
      // A path of this site's, or no redirect at all: never `//host`, which a browser follows.
      if (response.statusCode === 303) expect(response.headers.location).toMatch(/^\/(?![/\\])/);
      else expect(response.statusCode).toBe(405);
    },
  );

  it.each([
    ['a body that is not JSON', 'application/json', '{"idToken": <script>'],
    ['a body of a type the site does not take', 'text/x-evil', '<script>alert(1)</script>'],
    ['a body too large', 'application/json', JSON.stringify({ idToken: 'a'.repeat(20_000) })],
  ])(
    'answers %s with its own 4xx message, never an echo of the request',
    async (_what, type, payload) => {
      const response = await site.app.inject({
        method: 'POST',
        url: '/session',
        headers: { host: 'localhost', origin: 'http://localhost', 'content-type': type },
        payload,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(Object.keys(JSON.parse(response.body))).toEqual(['message']);
      expect(response.body).not.toMatch(/script|idToken|aaaa/);
    },
  );

  it.each(['/%E0%A4%A', '/%E0%A4%A<script>', '/blog/%c0%afx'])(
    'never echoes a malformed URL (%s): its own message, with the security headers',
    async (url) => {
      const response = await site.app.inject({ url, headers: { host: 'localhost' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: BAD_REQUEST });
      expect(response.body).not.toMatch(/%E0|%c0|script|FST_/i);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it('answers a URL that does not decode wherever it is decoded (a URIError) with 400', async () => {
    const app = await buildTestSite();
    app.app.get('/decodes', async (request) => decodeURIComponent(request.url.split('?')[1]!));
    const response = await app.app.inject({
      url: '/decodes?%E0%A4%A',
      headers: { host: 'localhost' },
    });
    await app.close();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: BAD_REQUEST });
  });
});
