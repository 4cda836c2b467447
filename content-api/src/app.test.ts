// Cross-cutting behaviour: health, about data, CORS, errors, caching.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { buildApp } from './app.js';
import { createProject } from './features/projects/repository.js';
import { testDrivers } from './testing/databases.js';
import { adminHeaders } from './testing/fake-auth.js';
import type { TestApp } from './testing/test-app.js';
import { createTestApp } from './testing/test-app.js';

describe.each(testDrivers)('app (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  describe('GET /api/health', () => {
    it('answers ok while the database answers', async () => {
      const response = await t.app.inject('/api/health');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });
  });

  describe('GET /api/about-data', () => {
    it("returns the owner data from the site's settings (seed/settings.json at first)", async () => {
      const response = await t.app.inject('/api/about-data');
      expect(response.statusCode).toBe(200);
      const about = response.json();
      expect(about).toEqual({
        name: expect.any(String),
        title: expect.any(String),
        intro: expect.arrayContaining([expect.any(String)]),
        funFacts: expect.arrayContaining([
          { label: expect.any(String), value: expect.any(String) },
        ]),
      });
    });
  });

  describe('errors', () => {
    it('answers unknown routes with a JSON 404', async () => {
      const response = await t.app.inject('/api/nope');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Route GET /api/nope not found.' });
      expect((await t.app.inject('/elsewhere')).statusCode).toBe(404);
    });

    it('answers malformed URLs and overlong ids in the same JSON shape', async () => {
      const malformed = await t.app.inject('/api/projects/%E0%A4%A');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: 'Malformed URL.' });
      const long = await t.app.inject(`/api/articles/${'a'.repeat(101)}`);
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toMatch(/^Id must contain only lowercase letters/);
      const absurd = await t.app.inject(`/api/projects/${'a'.repeat(1001)}`);
      expect(absurd.statusCode).toBe(400);
      expect(absurd.json()).toEqual({ message: 'A path parameter is too long.' });
    });

    it('hides internal errors behind a generic message', async () => {
      const logged: unknown[] = [];
      const app = await buildApp({
        db: t.database.db,
        verifyIdToken: async () => ({ uid: 'x' }),
        logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
      });
      app.get('/api/boom', async () => {
        throw new Error('secret database detail');
      });
      const response = await app.inject('/api/boom');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: 'Something went wrong on our side. Please try again later.',
      });
      expect(response.body).not.toContain('secret');
      expect(String(logged[0])).toContain('secret database detail');
      await app.close();
    });

    it('logs no line per request with logRequests off, and still logs what went wrong', async () => {
      const logged: string[] = [];
      const app = await buildApp({
        db: t.database.db,
        verifyIdToken: async () => ({ uid: 'x' }),
        logRequests: false,
        logger: { level: 'info', stream: { write: (line: string) => logged.push(line) } },
      });
      app.get('/api/boom', async () => {
        throw new Error('secret database detail');
      });
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      expect(logged).toEqual([]);
      expect((await app.inject('/api/boom')).statusCode).toBe(500);
      expect(logged.join('')).toContain('secret database detail');
      expect(logged.join('')).not.toMatch(/incoming request|request completed/);
      await app.close();
    });

    it('sends X-Content-Type-Options: nosniff everywhere', async () => {
      expect((await t.app.inject('/api/projects')).headers['x-content-type-options']).toBe(
        'nosniff',
      );
      expect((await t.app.inject('/api/nope')).headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('CORS', () => {
    it.each(['http://localhost:3000', 'http://127.0.0.1:3004'])(
      'allows the local front-end origin %s with Authorization, Content-Type, Idempotency-Key',
      async (origin) => {
        const response = await t.app.inject({
          method: 'OPTIONS',
          url: '/api/projects',
          headers: {
            origin,
            'access-control-request-method': 'DELETE',
            'access-control-request-headers': 'authorization,content-type',
          },
        });
        expect(response.statusCode).toBe(204);
        expect(response.headers['access-control-allow-origin']).toBe(origin);
        const list = (header: string) => String(response.headers[header]).split(/,\s*/);
        expect(list('access-control-allow-methods')).toEqual([
          'GET',
          'POST',
          'PUT',
          'PATCH',
          'DELETE',
        ]);
        expect(list('access-control-allow-headers')).toEqual([
          'Authorization',
          'Content-Type',
          'Idempotency-Key',
        ]);
      },
    );

    it('does not allow other origins', async () => {
      const response = await t.app.inject({
        url: '/api/projects',
        headers: { origin: 'https://evil.example' },
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('uses CORS_ORIGINS when given', async () => {
      const app = await buildApp({
        db: t.database.db,
        verifyIdToken: async () => ({ uid: 'x' }),
        corsOrigins: ['https://site.example'],
      });
      const allowed = await app.inject({
        url: '/api/health',
        headers: { origin: 'https://site.example' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://site.example');
      const local = await app.inject({
        url: '/api/health',
        headers: { origin: 'http://localhost:3000' },
      });
      expect(local.headers['access-control-allow-origin']).toBeUndefined();
      await app.close();
    });
  });

  describe('caching of public reads', () => {
    it.each([
      '/api/projects',
      '/api/projects/home-lab-siem',
      '/api/articles',
      '/api/articles?limit=2',
      '/api/articles/tls-in-practice',
      '/api/search?query=tls',
      '/api/about-data',
      '/api/rss.xml',
      '/api/sitemap.xml',
      '/api/sitemap-1.xml',
    ])('%s answers 304 to a matching If-None-Match', async (url) => {
      const first = await t.app.inject(url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const listed = await t.app.inject({ url, headers: { 'if-none-match': `"other", ${etag}` } });
      expect(listed.statusCode).toBe(304);
      const stale = await t.app.inject({ url, headers: { 'if-none-match': 'W/"stale"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    });

    it.each([
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
      ['deflate', zlib.inflateSync],
    ] as const)(
      'sends cached reads in %s when asked, the same bytes each time',
      async (coding, decompress) => {
        const url = '/api/articles';
        const plain = await t.app.inject(url);
        const ask = () => t.app.inject({ url, headers: { 'accept-encoding': coding } });
        const first = await ask();
        expect(first.statusCode).toBe(200);
        expect(first.headers['content-encoding']).toBe(coding);
        expect(first.headers.vary).toMatch(/Accept-Encoding/);
        expect(first.headers.etag).toBe(plain.headers.etag);
        expect(decompress(first.rawPayload).toString()).toBe(plain.body);
        const second = await ask();
        expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
        const revalidated = await t.app.inject({
          url,
          headers: { 'accept-encoding': coding, 'if-none-match': first.headers.etag as string },
        });
        expect(revalidated.statusCode).toBe(304);
      },
    );

    it('sends cached reads as they are without Accept-Encoding, or when too small', async () => {
      const plain = await t.app.inject('/api/articles');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);
      const small = await t.app.inject({
        url: '/api/about-data',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(small.rawPayload.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json()).toHaveProperty('name');
    });

    it('answers from memory until a write that changes public content', async () => {
      const count = async () => (await t.app.inject('/api/projects')).json().length as number;
      const before = await count();
      // Written behind the API's back: the cached list does not know about it yet.
      await createProject(t.database.db, {
        title: 'Behind the back',
        description: 'd',
        imagePath: '/images/tls.svg',
      });
      expect(await count()).toBe(before);
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'A', email: 'a@example.com', message: 'Hi' },
      });
      expect(sent.statusCode).toBe(201);
      const failed = await t.app.inject({
        method: 'DELETE',
        url: '/api/articles/missing',
        headers: adminHeaders,
      });
      expect(failed.statusCode).toBe(404);
      expect(await count()).toBe(before);
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/articles',
        headers: adminHeaders,
        payload: { title: 'Any write', content: 'x' },
      });
      expect(write.statusCode).toBe(201);
      expect(await count()).toBe(before + 1);
    });

    it('does not cache errors', async () => {
      expect((await t.app.inject('/api/projects/later')).statusCode).toBe(404);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: adminHeaders,
        payload: { title: 'Later', description: 'd', imagePath: '/images/tls.svg' },
      });
      expect(created.json()._id).toBe('later');
      expect((await t.app.inject('/api/projects/later')).statusCode).toBe(200);
    });

    it('serves changed content and a new ETag after every kind of write', async () => {
      const etagOf = async (url: string) => (await t.app.inject(url)).headers.etag;
      const before = await etagOf('/api/articles');
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/articles',
        headers: adminHeaders,
        payload: { title: 'Fresh', content: 'Fresh content about lobsters.' },
      });
      const afterCreate = await t.app.inject('/api/articles');
      expect(afterCreate.headers.etag).not.toBe(before);
      expect(afterCreate.json()[0].title).toBe('Fresh');
      expect((await t.app.inject('/api/search?query=lobsters')).json()).toHaveLength(1);

      const id = created.json()._id;
      const detailEtag = await etagOf(`/api/articles/${id}`);
      await t.app.inject({
        method: 'PUT',
        url: `/api/articles/${id}`,
        headers: adminHeaders,
        payload: { title: 'Fresher', content: 'Now about crabs.' },
      });
      const detail = await t.app.inject({
        url: `/api/articles/${id}`,
        headers: { 'if-none-match': detailEtag as string },
      });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().title).toBe('Fresher');
      expect((await t.app.inject('/api/search?query=lobsters')).json()).toHaveLength(0);

      await t.app.inject({ method: 'DELETE', url: `/api/articles/${id}`, headers: adminHeaders });
      expect((await t.app.inject(`/api/articles/${id}`)).statusCode).toBe(404);
      expect((await t.app.inject('/api/rss.xml')).body).not.toContain('Fresher');
    });
  });
});

describe('a request Node cannot read (issue 23, finding 9)', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const raw = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(head));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });

  it("is answered with the API's { message }, and a HEAD with nothing after the head", async () => {
    const long = `/api/${'A'.repeat(17_000)}`;
    const get = await raw(`GET ${long} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(get).toMatch(/^HTTP\/1\.1 431 /);
    expect(get.split('\r\n\r\n')[1]).toBe(
      JSON.stringify({ message: 'The request head is too large.' }),
    );
    const head = await raw(`HEAD ${long} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(head).toMatch(/Content-Length: 0\r\n\r\n$/);
  });
});
