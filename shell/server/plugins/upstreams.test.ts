/** @jest-environment node */
import { createServer, request } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildTestSite } from '../test-support';
import type { TestSite } from '../test-support';
import { UPSTREAM_UNAVAILABLE } from './upstreams';

/** A remote's own origin: answers its files by path and records what it was asked. */
async function startRemote() {
  const asked: { url: string; headers: IncomingMessage['headers'] }[] = [];
  const files = new Map<string, { type: string; body: string }>([
    ['/mf-manifest.json', { type: 'application/json', body: '{"name":"blog"}' }],
    ['/v/1/blog.1a2b3c4d.css', { type: 'text/css', body: 'main{color:teal}' }],
    ['/v/1/blog.1a2b3c4d.js', { type: 'text/javascript', body: 'console.log(1)' }],
    ['/v/1/search.5e6f7a8b.css', { type: 'text/css', body: 'mark{color:olive}' }],
    ['/v/2/blog.9c8d7e6f.css', { type: 'text/css', body: 'main{color:navy}' }],
  ]);
  const server: Server = createServer((request, response) => {
    asked.push({ url: request.url ?? '', headers: request.headers });
    const file = files.get((request.url ?? '').split('?')[0]!);
    if (!file) return response.writeHead(404).end('none');
    response.writeHead(200, { 'Content-Type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    asked,
    manifest: `${origin}/mf-manifest.json`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let site: TestSite;
let remote: Awaited<ReturnType<typeof startRemote>>;
beforeEach(async () => {
  remote = await startRemote();
  site = await buildTestSite({ env: { REMOTE_BLOG_URL: remote.manifest } });
});
afterEach(async () => {
  await site.close();
  await remote.stop();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  site.app.inject({ url, headers: { host: 'localhost:3000', ...headers } });

/**
 * One request on a real connection to the listening site: what came back, and whether the site
 * closed the socket after answering (within `waitMs`).
 */
function exchange(port: number, text: string, waitMs = 2_000) {
  return new Promise<{ answer: string; closed: boolean }>((resolve) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closed: false });
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closed: true });
    });
  });
}

describe("the site's one origin", () => {
  it("closes a client's connection after the API's answer when the client asks (Connection: close)", async () => {
    // The API keeps its own connection to the site alive, and says so.
    site.api.on('POST', '/csp-reports', { status: 204, text: '' });
    site.api.on('GET', '/projects', { json: [], headers: { 'Keep-Alive': 'timeout=5' } });
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = site.app.server.address() as AddressInfo;
    const report =
      'POST /api/csp-reports HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n' +
      'Content-Type: application/csp-report\r\nContent-Length: 2\r\n\r\n{}';
    const reported = await exchange(port, report);
    expect(reported.answer).toMatch(/^HTTP\/1\.1 204 /);
    expect(reported.answer.toLowerCase()).toContain('connection: close');
    expect(reported.answer.toLowerCase()).not.toContain('keep-alive');
    expect(reported.closed).toBe(true);
    const read = await exchange(
      port,
      'GET /api/projects HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n\r\n',
    );
    expect(read.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(read.closed).toBe(true);
    // A client that keeps its connection keeps it: the next request is answered on it.
    const twice = await exchange(
      port,
      'GET /api/projects HTTP/1.1\r\nHost: localhost:3000\r\n\r\n'.repeat(2),
      500,
    );
    expect(twice.answer.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
  });

  it("routes /api to the content API, every method, without the site's cookie", async () => {
    site.api.on('POST', '/contact', { status: 201, json: { ok: true } });
    const response = await site.app.inject({
      method: 'POST',
      url: '/api/contact?x=1',
      headers: {
        host: 'localhost:3000',
        'content-type': 'application/json',
        cookie: '__session=secret',
        'x-forwarded-for': '203.0.113.9',
      },
      payload: JSON.stringify({ name: 'A', message: 'x'.repeat(20_000) }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });
    const call = site.api.calls.find((each) => each.url === '/api/contact?x=1');
    // A body larger than the site's own limit passes through: the API judges its bodies.
    expect(call?.body).toContain('x'.repeat(20_000));
    expect(call?.headers.cookie).toBeUndefined();
    // The address this server saw, never the client's own X-Forwarded-For appended to.
    expect(call?.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(call?.headers['x-forwarded-host']).toBe('localhost:3000');
  });

  it('tells the API and the remotes who asked as the socket says, never what the client wrote', async () => {
    site.api.on('GET', '/projects', { json: [] });
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = site.app.server.address() as AddressInfo;
    const written = {
      'X-Forwarded-For': '1.2.3.4',
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'evil.test',
      'X-Forwarded-Port': '443',
      Forwarded: 'for=1.2.3.4;proto=https;host=evil.test',
      'X-Real-IP': '1.2.3.4',
    };
    for (const target of ['/api/projects', '/remotes/blog/mf-manifest.json']) {
      const status = await new Promise<number>((resolve, reject) => {
        request({
          host: '127.0.0.1',
          port,
          path: target,
          headers: { ...written, Host: 'localhost:3000' },
        })
          .on('response', (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          })
          .on('error', reject)
          .end();
      });
      expect(status).toBe(200);
    }
    const seen = [
      site.api.calls.find((each) => each.url === '/api/projects')?.headers,
      remote.asked.find((each) => each.url === '/mf-manifest.json')?.headers,
    ];
    for (const headers of seen) {
      expect(headers?.['x-forwarded-for']).toBe('127.0.0.1');
      expect(headers?.['x-forwarded-proto']).toBe('http');
      expect(headers?.['x-forwarded-host']).toBe('localhost:3000');
      expect(headers?.['x-forwarded-port']).toBeUndefined();
      expect(headers?.forwarded).toBeUndefined();
      expect(headers?.['x-real-ip']).toBeUndefined();
    }
  });

  it('writes no log line of its own per proxied request (LOG_REQUESTS decides)', async () => {
    await site.close();
    const lines: string[] = [];
    site = await buildTestSite({
      env: { REMOTE_BLOG_URL: remote.manifest },
      logger: { level: 'info', stream: { write: (line) => lines.push(line) } },
    });
    site.api.on('GET', '/projects', { json: [] });
    expect((await get('/api/projects')).statusCode).toBe(200);
    expect((await get('/remotes/blog/mf-manifest.json')).statusCode).toBe(200);
    expect(
      lines.filter((line) => /fetching from remote server|response received/.test(line)),
    ).toEqual([]);
  });

  it("routes /remotes/<name>/ to that remote's own origin", async () => {
    const manifest = await get('/remotes/blog/mf-manifest.json?v=2');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ name: 'blog' });
    expect(remote.asked.map((each) => each.url)).toEqual(['/mf-manifest.json?v=2']);
    expect(remote.asked[0]?.headers.cookie).toBeUndefined();
  });

  it.each([
    ['/remotes/blog/mf-manifest.json?x=%E0%A4%A', '/mf-manifest.json?x=%E0%A4%A'],
    ['/remotes/blog/mf-manifest.json?%', '/mf-manifest.json?%'],
    ['/remotes/blog/mf-manifest.json?a=%zz&b=1', '/mf-manifest.json?a=%zz&b=1'],
  ])('passes a malformed query on as it came: %s (never a 5xx)', async (url, asked) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(remote.asked.map((each) => each.url)).toEqual([asked]);
  });

  it.each(['/api/projects?x=%', '/api/projects?x=%E0%A4%A'])(
    'passes a malformed query to the API as it came: %s',
    async (url) => {
      site.api.on('GET', '/projects', { json: [] });
      expect((await get(url)).statusCode).toBe(200);
      expect(site.api.calls.at(-1)?.url).toBe(url);
    },
  );

  it.each(['/api/%E0%A4%A', '/api/pro%zzjects', '/remotes/blog/%', '/remotes/blog/a%zz.js'])(
    'answers a malformed path %s with 400 and { message }, asking no one',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Bad request' });
      expect(remote.asked).toEqual([]);
      expect(site.api.calls.filter((each) => each.url !== '/api/health')).toEqual([]);
    },
  );

  it.each([
    '/remotes/nope/mf-manifest.json',
    '/remotes/blog',
    '/remotes/blog//evil.test/x.js',
    '/remotes/blog/v/../../etc/passwd',
    '/remotes/blog/v/%2e%2e/%2e%2e/x',
    '/remotes/blog/v%2f..%2f..%2fx',
    '/remotes/blog/a%5cb.js',
  ])('answers 404 to %s, and never asks anyone else', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(remote.asked).toEqual([]);
  });

  it("answers 502 while a remote's origin is down, and keeps the stylesheets pages link", async () => {
    site.renderer.next = () => ({
      stylesheets: ['http://localhost:3000/remotes/blog/v/1/blog.1a2b3c4d.css'],
    });
    expect((await get('/blog')).statusCode).toBe(200);
    await site.app.remoteAssets.settled();
    await remote.stop();

    const css = await get('/remotes/blog/v/1/blog.1a2b3c4d.css');
    expect(css.statusCode).toBe(200);
    expect(css.body).toBe('main{color:teal}');
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const script = await get('/remotes/blog/v/1/blog.1a2b3c4d.js');
    expect(script.statusCode).toBe(502);
    expect(script.body).toBe(UPSTREAM_UNAVAILABLE);
    expect(script.headers['cache-control']).toBe('no-store');
  });

  it("keeps every stylesheet of the remotes' live versions, from the start and after a redeploy", async () => {
    // Another worker sent the page: this process has rendered nothing when its stylesheet is
    // asked for after the remote went down.
    await site.close();
    site = await buildTestSite({ env: { REMOTE_BLOG_URL: remote.manifest } });
    site.renderer.stylesheets = [
      'http://localhost:3000/remotes/blog/v/1/blog.1a2b3c4d.css',
      'http://localhost:3000/remotes/blog/v/1/search.5e6f7a8b.css',
    ];
    await site.app.ready();
    await site.app.remoteAssets.settled();
    expect(remote.asked.map((each) => each.url).sort()).toEqual([
      '/v/1/blog.1a2b3c4d.css',
      '/v/1/search.5e6f7a8b.css',
    ]);

    // Redeployed: the next render keeps the new version's stylesheets, once.
    site.renderer.versions = 'blog@2';
    site.renderer.stylesheets = ['http://localhost:3000/remotes/blog/v/2/blog.9c8d7e6f.css'];
    expect((await get('/blog')).statusCode).toBe(200);
    expect((await get('/blog?page=2')).statusCode).toBe(200);
    await site.app.remoteAssets.settled();
    await remote.stop();

    for (const [path, body] of [
      ['/remotes/blog/v/1/search.5e6f7a8b.css', 'mark{color:olive}'],
      ['/remotes/blog/v/2/blog.9c8d7e6f.css', 'main{color:navy}'],
    ] as const) {
      const css = await get(path);
      expect(css.statusCode).toBe(200);
      expect(css.body).toBe(body);
    }
    expect(remote.asked.filter((each) => each.url === '/v/2/blog.9c8d7e6f.css')).toHaveLength(1);
  });

  it('keeps no file that may change (not hashed), and nothing off its own origin', async () => {
    site.renderer.next = () => ({
      stylesheets: [
        'http://localhost:3000/remotes/blog/mf-manifest.json',
        'http://elsewhere.test/remotes/blog/v/1/blog.1a2b3c4d.css',
      ],
    });
    await get('/blog');
    await site.app.remoteAssets.settled();
    expect(remote.asked).toEqual([]);
  });

  it('answers 502 while the content API is down', async () => {
    await site.api.close();
    const response = await get('/api/projects');
    expect(response.statusCode).toBe(502);
    expect(response.body).toBe(UPSTREAM_UNAVAILABLE);
  });
});
