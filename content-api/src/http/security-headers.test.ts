// The security headers on every route group, and CORS limited to the site's origins.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { testDrivers } from '../testing/databases.js';
import { adminHeaders, fakeVerifyIdToken, readerHeaders } from '../testing/fake-auth.js';
import type { TestApp } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';
import { API_CONTENT_SECURITY_POLICY, HSTS } from './security-headers.js';
import { IMAGE_CONTENT_SECURITY_POLICY } from '../features/images/routes.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipartPng() {
  const boundary = '----security-headers';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function expectCommonHeaders(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-powered-by']).toBeUndefined();
  expect(response.headers.server).toBeUndefined();
}

function expectDataHeaders(response: LightMyRequestResponse) {
  expectCommonHeaders(response);
  expect(response.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
}

const contact = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };

describe.each(testDrivers)('security headers (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  const cases: [string, InjectOptions, number][] = [
    ['health', { url: '/api/health' }, 200],
    ['project list', { url: '/api/projects' }, 200],
    ['project detail', { url: '/api/projects/home-lab-siem' }, 200],
    ['missing project', { url: '/api/projects/none-such' }, 404],
    ['article list', { url: '/api/articles?limit=2' }, 200],
    ['article detail', { url: '/api/articles/tls-in-practice' }, 200],
    ['bad query', { url: '/api/articles?limit=abc' }, 400],
    ['search', { url: '/api/search?query=tls' }, 200],
    ['about data', { url: '/api/about-data' }, 200],
    ['RSS', { url: '/api/rss.xml' }, 200],
    ['sitemap', { url: '/api/sitemap.xml' }, 200],
    ['contact post', { method: 'POST', url: '/api/contact', payload: contact }, 201],
    ['contact refusal', { method: 'POST', url: '/api/contact', payload: {} }, 400],
    ['admin without token', { url: '/api/contact' }, 401],
    ['admin as reader', { url: '/api/contact', headers: readerHeaders }, 403],
    ['admin listing', { url: '/api/contact', headers: adminHeaders }, 200],
    [
      'admin write',
      {
        method: 'POST',
        url: '/api/articles',
        headers: adminHeaders,
        payload: { title: 'Headers', content: 'x' },
      },
      201,
    ],
    ['profile', { url: '/api/users/me', headers: readerHeaders }, 404],
    ['unknown route', { url: '/api/nope' }, 404],
    ['malformed URL', { url: '/api/projects/%E0%A4%A' }, 400],
    ['unsupported body', { method: 'POST', url: '/api/contact', payload: 'x=1' }, 415],
  ];

  it.each(cases)('%s: JSON/XML headers', async (_name, request, status) => {
    const response = await t.app.inject(request);
    expect(response.statusCode).toBe(status);
    expectDataHeaders(response);
  });

  it('answers for one caller are never cached', async () => {
    for (const headers of [{}, readerHeaders, adminHeaders]) {
      const response = await t.app.inject({ url: '/api/contact', headers });
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('304 answers carry them too', async () => {
    const first = await t.app.inject('/api/projects');
    const again = await t.app.inject({
      url: '/api/projects',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expectDataHeaders(again);
  });

  it('images: cross-origin embeddable, with the image policy whatever the format', async () => {
    const svg = await t.app.inject('/api/images/tls.svg');
    expect(svg.statusCode).toBe(200);
    expectCommonHeaders(svg);
    expect(svg.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(svg.headers['content-security-policy']).toBe(IMAGE_CONTENT_SECURITY_POLICY);

    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...adminHeaders, ...multipartPng().headers },
      payload: multipartPng().payload,
    });
    expect(upload.statusCode).toBe(201);
    expectDataHeaders(upload);
    const png = await t.app.inject(`/api${upload.json().imagePath}`);
    expect(png.statusCode).toBe(200);
    expectCommonHeaders(png);
    expect(png.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(png.headers['content-security-policy']).toBe(IMAGE_CONTENT_SECURITY_POLICY);

    const missing = await t.app.inject('/api/images/none-such.png');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
  });

  it('CORS: the site gets Access-Control-Allow-Origin, a foreign origin does not', async () => {
    const site = 'http://localhost:3000';
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/contact',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,idempotency-key',
        },
      });
    const allowed = await preflight(site);
    expect(allowed.headers['access-control-allow-origin']).toBe(site);
    expectDataHeaders(allowed);
    for (const origin of ['https://evil.example', 'http://localhost:3000.evil.example', 'null']) {
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
      for (const url of ['/api/projects', '/api/images/tls.svg', '/api/nope']) {
        const response = await t.app.inject({ url, headers: { origin } });
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
        expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      }
    }
  });

  it('a preflight the CORS plugin refuses is still JSON { message }', async () => {
    const response = await t.app.inject({ method: 'OPTIONS', url: '/api/projects' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid Preflight Request.' });
    expectDataHeaders(response);
  });

  it('HSTS only over HTTPS (as told by a trusted proxy)', async () => {
    const app = await buildApp({
      db: t.database.db,
      verifyIdToken: fakeVerifyIdToken,
      trustProxy: ['127.0.0.1'],
    });
    try {
      const https = await app.inject({
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe(HSTS);
      const http = await app.inject('/api/health');
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
    // Not trusted: a client cannot switch it on by itself (harmless, but not its call).
    const spoofed = await t.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});
