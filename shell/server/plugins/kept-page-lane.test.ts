/** @jest-environment node */
// The kept-page lane (docs/decisions/105): over a real connection, a kept page is answered before
// Fastify with exactly what Fastify's route answers (app.inject() never meets the lane: it calls
// Fastify's handler, not the server's); anything else still goes through Fastify.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { buildTestSite } from '../test-support';
import type { TestSite } from '../test-support';

let site: TestSite;
let port: number;
/** The requests Fastify's life cycle saw. */
let throughFastify: string[];

beforeEach(async () => {
  site = await buildTestSite();
  throughFastify = [];
  site.app.addHook('onRequest', async (request) => {
    throughFastify.push(`${request.method} ${request.url}`);
  });
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  port = (site.app.server.address() as AddressInfo).port;
});
afterEach(() => site.close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request over a real connection. */
function request(
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(
        {
          host: '127.0.0.1',
          port,
          path: target,
          method,
          headers: { host: 'localhost:3000', ...headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      )
      .on('error', reject)
      .end();
  });
}

/** Fastify's route, for the same request. */
async function injected(target: string, headers: Record<string, string>): Promise<Answer> {
  const response = await site.app.inject({
    url: target,
    headers: { host: 'localhost:3000', ...headers },
  });
  return {
    status: response.statusCode,
    headers: response.headers as http.IncomingHttpHeaders,
    body: response.rawPayload,
  };
}

/** What the connection adds (Date, keep-alive) is not the answer's. */
function answerHeaders(headers: http.IncomingHttpHeaders) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
}

/** /blog rendered (through Fastify) and kept with its compressed forms. */
async function keepBlog() {
  expect((await request('/blog')).status).toBe(200);
  await site.settled();
  throughFastify.length = 0;
}

describe('the kept-page lane', () => {
  it.each([{ 'accept-encoding': 'br' }, { 'accept-encoding': 'gzip, deflate' }])(
    'answers a kept page (%o) before Fastify, with what Fastify answers',
    async (asked) => {
      await keepBlog();
      const lane = await request('/blog', asked);
      expect(throughFastify).toEqual([]);
      const route = await injected('/blog', asked);
      expect(lane.status).toBe(200);
      expect(answerHeaders(lane.headers)).toEqual(answerHeaders(route.headers));
      expect(lane.body.equals(route.body)).toBe(true);
      expect(lane.headers['content-length']).toBe(String(lane.body.length));
      expect(lane.headers['x-content-type-options']).toBe('nosniff');
      // The connection stays open for the next request, as Fastify's answers leave it.
      expect(lane.headers.connection).toBe('keep-alive');
    },
  );

  it('answers a kept page of islands with its own opener policy, as Fastify does (docs/decisions/177)', async () => {
    site.renderer.next = () => ({ islands: { prerender: [] } });
    await keepBlog();
    const asked = { 'accept-encoding': 'br' };
    const lane = await request('/blog', asked);
    expect(throughFastify).toEqual([]);
    const route = await injected('/blog', asked);
    expect(lane.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(answerHeaders(lane.headers)).toEqual(answerHeaders(route.headers));
  });

  it('answers 304 before Fastify to a request that holds the page', async () => {
    await keepBlog();
    const first = await request('/blog', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(first.body).toString()).toContain('page /blog render 1');
    const asked = { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) };
    const lane = await request('/blog', asked);
    expect(throughFastify).toEqual([]);
    const route = await injected('/blog', asked);
    expect(lane.status).toBe(304);
    expect(lane.body.length).toBe(0);
    expect(answerHeaders(lane.headers)).toEqual(answerHeaders(route.headers));
  });

  it("answers the whole page to a request that holds another form's ETag", async () => {
    await keepBlog();
    const gzip = await request('/blog', { 'accept-encoding': 'gzip' });
    const brotli = await request('/blog', { 'accept-encoding': 'br' });
    expect(gzip.headers.etag).not.toBe(brotli.headers.etag);
    const asked = { 'accept-encoding': 'br', 'if-none-match': String(gzip.headers.etag) };
    const lane = await request('/blog', asked);
    expect(throughFastify).toEqual([]);
    expect(lane.status).toBe(200);
    expect(lane.headers.etag).toBe(brotli.headers.etag);
    expect(lane.body.equals(brotli.body)).toBe(true);
  });

  it.each<[string, string, Record<string, string>, string?]>([
    ['a request with a cookie', '/blog', { cookie: 'theme=dark', 'accept-encoding': 'br' }],
    ['a deflate answer (made per answer)', '/blog', { 'accept-encoding': 'deflate' }],
    ['no Accept-Encoding', '/blog', {}],
    ['a HEAD', '/blog', { 'accept-encoding': 'br' }, 'HEAD'],
    ['a page not rendered yet', '/about', { 'accept-encoding': 'br' }],
  ])('leaves %s to Fastify', async (_case, target, headers, method = 'GET') => {
    await keepBlog();
    const answer = await request(target, headers, method);
    expect(answer.status).toBe(200);
    expect(throughFastify).toEqual([`${method} ${target}`]);
  });

  it('leaves an unknown host to Fastify, which refuses it', async () => {
    await keepBlog();
    const answer = await request('/blog', { host: 'evil.test', 'accept-encoding': 'br' });
    // The host check's answer (its hook ends the request before the test's own hook sees it).
    expect(answer.status).toBe(400);
    expect(answer.body.toString()).toBe('Unknown host');
  });

  it('stops answering a page whose content changed: the next request renders it again', async () => {
    await keepBlog();
    site.watch.change();
    const answer = await request('/blog', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(throughFastify).toEqual(['GET /blog']);
    expect(site.renderer.rendered).toEqual(['/blog', '/blog']);
  });
});
