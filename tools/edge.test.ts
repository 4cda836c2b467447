/** @jest-environment node */
// The production edge (deploy/edge/, docs/decisions/102 and 127) for real: Debian's nginx with its
// real cache, in front of a stand-in site and API on this machine, and clients on raw sockets.
// What it must hold: retracted content leaves its cache within the page's own s-maxage +
// stale-while-revalidate, staleness while the site fails is bounded by stale-if-error, clients do
// not choose their address or scheme, slow clients are cut off, and its own answers (400, 408, 413,
// 414, 429, 502) carry the site's headers and never a 5xx for a client's mistake.
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { claimBlock, release } from '@portfolio/testing/free-ports';
import { NGINX, readEdgeSettings, startEdge } from './edge';

jest.setTimeout(60_000);

if (!existsSync(NGINX)) {
  throw new Error(`nginx is needed at ${NGINX} (npm test installs Debian's nginx as root)`);
}

/** What the stand-in upstream answers a page, set by each test. */
interface PageAnswer {
  status: number;
  cacheControl: string;
  body: string;
  headers?: Record<string, string>;
}

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The site's server and the API end a request whose head and body have not arrived within 10 s
 * (shell/server/app.ts REQUEST_TIMEOUT_MS, content-api/src/http/time-limits.ts): a stand-in with
 * `servicesLimits` does too, as Node does it for both.
 */
const SERVICES_LIMITS: http.ServerOptions = {
  requestTimeout: 10_000,
  headersTimeout: 10_000,
  connectionsCheckingInterval: 1_000,
};

/** The stand-in site and API: one server; /api/* answers JSON, the rest pages. */
function startUpstream(port: number, options: http.ServerOptions = {}) {
  const seen: Seen[] = [];
  let page: PageAnswer = { status: 200, cacheControl: 'no-cache', body: 'page' };
  const server = http.createServer(options, (request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    if (request.url?.startsWith('/api/')) {
      let bytes = 0;
      request.on('data', (chunk: Buffer) => (bytes += chunk.length));
      request.on('end', () => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ bytes }));
      });
      return;
    }
    // A page's body (a sign-in's token) is read before the page is answered, as the site does.
    request.resume();
    request.on('end', () => answerPage(response));
  });
  const answerPage = (response: http.ServerResponse) => {
    response.writeHead(page.status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': page.cacheControl,
      // As long as the site's own policy with its script hashes.
      'Content-Security-Policy': `default-src 'self'; script-src ${"'sha256-x' ".repeat(40)}`,
      Vary: 'Cookie',
      ...page.headers,
    });
    response.end(page.body);
  };
  return {
    seen,
    setPage(answer: PageAnswer) {
      page = answer;
    },
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A raw HTTP/1.1 exchange: what came back (possibly nothing) and when the edge closed. */
function rawExchange(
  port: number,
  send: (socket: net.Socket) => void,
  waitMs: number,
): Promise<{ text: string; closedAfterMs: number | null }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let text = '';
    let closedAfterMs: number | null = null;
    const socket = net.connect(port, '127.0.0.1', () => send(socket));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closedAfterMs = Date.now() - started;
      clearTimeout(timer);
      resolve({ text, closedAfterMs });
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs });
    }, waitMs);
  });
}

/** Writes `text` one byte every `everyMs` until the socket closes. */
function trickle(socket: net.Socket, text: string, everyMs: number) {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= text.length) return clearInterval(timer);
    socket.write(text.charAt(index));
    index += 1;
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

/**
 * Slow clients: a head trickled one byte every 2 s (the whole head is due within 10 s), a body
 * that stops (no pause of 10 s), and bodies trickled one byte every 3 s (each pause short), on a
 * page route, a page asked for with a body, a chunked one, a remote's file and the API: each is
 * ended within 15 s whatever the pace (the site's and the API's 10 s for the whole request, the
 * edge's refusal of a body no one reads). `exchanges`: what came back, and when the edge closed
 * each. end() hangs them all up, for a run of other tests only, whose edge would otherwise wait
 * for them to stop it.
 */
function slowClients(port: number) {
  const sockets: net.Socket[] = [];
  const exchange = (head: string, body: string, everyMs: number) =>
    rawExchange(
      port,
      (socket) => {
        sockets.push(socket);
        socket.write(head);
        trickle(socket, body, everyMs);
      },
      25_000,
    );
  const body = 'x'.repeat(60);
  const withBody = (method: string, path: string) =>
    `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${body.length}\r\n\r\n`;
  const exchanges = Promise.all([
    exchange('', 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1234567890\r\n', 2_000),
    exchange(
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"name":',
      '',
      2_000,
    ),
  ]);
  const trickled = Promise.all([
    exchange(withBody('POST', '/session'), body, 3_000),
    exchange(withBody('GET', '/blog'), body, 3_000),
    exchange(
      'POST /session HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n',
      '1\r\nx\r\n'.repeat(20),
      3_000,
    ),
    exchange(withBody('GET', '/remotes/blog/remoteEntry.js'), body, 3_000),
    exchange(withBody('POST', '/api/contact'), body, 3_000),
  ]);
  return { exchanges, trickled, end: () => sockets.forEach((socket) => socket.destroy()) };
}

describe('the production edge', () => {
  let base: number;
  let upstream: ReturnType<typeof startUpstream>;
  let edge: Awaited<ReturnType<typeof startEdge>>;
  let trustingEdge: Awaited<ReturnType<typeof startEdge>>;
  // The slow clients' edge and upstream, and their exchanges (slowClients), started with the
  // others so that their 10 s pass while the tests before theirs run. An edge of their own: the
  // stalled body is passed on to its upstream as it arrives, and the stale-if-error test stops
  // the shared one (the edge's 502 could end the exchange before the cut-off); a limit of
  // requests at once is per edge too.
  let slowUpstream: ReturnType<typeof startUpstream>;
  let slowEdge: Awaited<ReturnType<typeof startEdge>>;
  let slow: ReturnType<typeof slowClients>;
  const url = (path: string, port = base) => `http://127.0.0.1:${port}${path}`;

  beforeAll(async () => {
    base = await claimBlock({ offsets: [0, 1, 2, 3, 4] });
    upstream = startUpstream(base + 1);
    slowUpstream = startUpstream(base + 4, SERVICES_LIMITS);
    await Promise.all([upstream.listen(), slowUpstream.listen()]);
    const upstreamAt = (port: number) => ({
      site: `127.0.0.1:${port}`,
      api: `127.0.0.1:${port}`,
      remotes: Object.fromEntries(
        ['portfolio', 'blog', 'auth', 'shop'].map((name) => [name, `http://127.0.0.1:${port}/`]),
      ),
      log: () => undefined,
    });
    const where = upstreamAt(base + 1);
    [edge, trustingEdge, slowEdge] = await Promise.all([
      startEdge({ port: base, ...where }),
      // Behind a TLS terminator on this machine.
      startEdge({ port: base + 2, trustedProxy: '127.0.0.1/32', ...where }),
      startEdge({ port: base + 3, ...upstreamAt(base + 4) }),
    ]);
    slow = slowClients(base + 3);
  });
  afterAll(async () => {
    slow?.end();
    await Promise.all([
      edge?.stop(),
      trustingEdge?.stop(),
      slowEdge?.stop(),
      upstream?.close(),
      slowUpstream?.close(),
    ]);
    await release(base);
  });

  it('stops serving a retracted page within its s-maxage + stale-while-revalidate, at any rate', async () => {
    upstream.setPage({
      status: 200,
      cacheControl: 'public, max-age=0, s-maxage=1, stale-while-revalidate=3, stale-if-error=600',
      body: 'the article',
    });
    const path = '/article/retracted';
    expect((await fetch(url(path))).headers.get('x-cache-status')).toBe('MISS');
    expect((await fetch(url(path))).headers.get('x-cache-status')).toBe('HIT');
    // The owner unpublishes it: the site answers 404, kept by no cache.
    upstream.setPage({ status: 404, cacheControl: 'no-cache', body: 'not found' });
    const retracted = Date.now();
    const statuses: { at: number; status: number }[] = [];
    while (Date.now() - retracted < 7_000) {
      const response = await fetch(url(path));
      await response.arrayBuffer();
      statuses.push({ at: Date.now() - retracted, status: response.status });
      await sleep(100);
    }
    const firstGone = statuses.find(({ status }) => status === 404);
    // Stored just before the retraction: gone 1 + 3 s after it was stored, counted in nginx's
    // whole seconds (a page stored at 10.0 s is usable stale through 14.999 s), so within 5 s.
    expect(firstGone?.at).toBeLessThan(5_500);
    expect(
      statuses.filter(({ at, status }) => at >= (firstGone?.at ?? 0) && status !== 404),
    ).toEqual([]);
  });

  it('never keeps a page the site could not render whole (its 503), and passes it on as it is', async () => {
    // The site's answer to a render past its budget (docs/decisions/117).
    upstream.setPage({
      status: 503,
      cacheControl: 'no-store',
      body: 'the page, drawn in the browser',
      headers: { 'Retry-After': '2' },
    });
    const path = '/article/late';
    const asked = () => upstream.seen.filter((seen) => seen.url === path).length;
    const late = await fetch(url(path));
    expect(late.status).toBe(503);
    expect(late.headers.get('retry-after')).toBe('2');
    expect(late.headers.get('cache-control')).toBe('no-store');
    // The site's page, not the edge's own error answer.
    expect(await late.text()).toBe('the page, drawn in the browser');
    expect(asked()).toBe(1);
    // Asked again at once: the site is asked, and its whole page from then on is kept.
    upstream.setPage({
      status: 200,
      cacheControl: 'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
      body: 'the whole page',
    });
    const whole = await fetch(url(path));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('x-cache-status')).toBe('MISS');
    expect(await whole.text()).toBe('the whole page');
    expect(asked()).toBe(2);
    expect((await fetch(url(path))).headers.get('x-cache-status')).toBe('HIT');
  });

  it('serves a page stale while the site is down only as long as its stale-if-error', async () => {
    upstream.setPage({
      status: 200,
      cacheControl: 'public, max-age=0, s-maxage=1, stale-while-revalidate=0, stale-if-error=3',
      body: 'kept',
    });
    const path = '/blog/while-down';
    await (await fetch(url(path))).arrayBuffer();
    const stored = Date.now();
    await upstream.close();
    try {
      // Expired by then (nginx counts whole seconds), and served stale while the site is down.
      await sleep(2_500);
      const during = await fetch(url(path));
      expect(during.status).toBe(200);
      expect(during.headers.get('x-cache-status')).toBe('STALE');
      expect(await during.text()).toBe('kept');
      // s-maxage 1 + stale-if-error 3 s after it was stored, in nginx's whole seconds (through
      // the fifth second at most): then the edge's own 502, with the headers.
      await sleep(Math.max(0, 5_200 - (Date.now() - stored)));
      const after = await fetch(url(path), { headers: { Accept: 'application/json' } });
      expect(after.status).toBe(502);
      expect(await after.json()).toEqual({ message: 'The service is unavailable' });
      expect(after.headers.get('x-content-type-options')).toBe('nosniff');
      expect(after.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(after.headers.get('cache-control')).toBe('no-store');
    } finally {
      await upstream.listen();
    }
  });

  it('bypasses its page cache for a session cookie however it is spelt, and only for one', async () => {
    upstream.setPage({ status: 200, cacheControl: 'public, max-age=0, s-maxage=30', body: 'page' });
    const path = '/portfolio';
    await (await fetch(url(path))).arrayBuffer();
    const status = async (cookie: string) => {
      const response = await fetch(url(path), { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      return response.headers.get('x-cache-status');
    };
    for (const cookie of ['  __session =tok', 'a=1 ;\t__session\t= tok ; b=2', '__session=tok']) {
      expect(await status(cookie)).toBe('BYPASS');
    }
    for (const cookie of [
      'x__session=1',
      '__session2=1',
      '__Session=1',
      '__session=',
      'theme=dark',
    ]) {
      // Kept (per cookie: the site's pages vary on it), so the second time is a hit.
      await status(cookie);
      expect(await status(cookie)).toBe('HIT');
    }
  });

  it('tells the site and the API the address it saw, never one the client wrote', async () => {
    upstream.setPage({ status: 200, cacheControl: 'no-cache', body: 'page' });
    const spoofed = { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https' };
    for (const path of ['/api/contact', '/contact']) {
      const response = await fetch(url(path), { headers: spoofed });
      await response.arrayBuffer();
      expect(response.headers.get('strict-transport-security')).toBeNull();
      const request = upstream.seen.findLast((entry) => entry.url === path);
      expect(request?.headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(request?.headers['x-forwarded-proto']).toBe('http');
    }
  });

  it('believes a trusted TLS terminator, and sends HSTS for what came over https', async () => {
    const response = await fetch(url('/api/contact', base + 2), {
      headers: { 'X-Forwarded-For': 'spoofed, 203.0.113.9', 'X-Forwarded-Proto': 'https' },
    });
    await response.arrayBuffer();
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const request = upstream.seen.findLast((entry) => entry.url === '/api/contact');
    // The terminator's own entry for its client, not what that client wrote before it.
    expect(request?.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(request?.headers['x-forwarded-proto']).toBe('https');
  });

  it('answers long URLs without an upstream error: kept pages up to 8 KB, 414 beyond', async () => {
    upstream.setPage({
      status: 200,
      cacheControl: 'public, max-age=0, s-maxage=5',
      body: 'page',
    });
    for (const length of [2_400, 4_000, 7_000]) {
      const response = await fetch(url(`/blog?q=${'a'.repeat(length)}`));
      await response.arrayBuffer();
      expect(response.status).toBe(200);
    }
    const tooLong = await fetch(url(`/blog?q=${'a'.repeat(9_000)}`));
    expect(tooLong.status).toBe(414);
    expect(tooLong.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await tooLong.text()).toBe('URI too long\n');
  });

  it('answers a body too large for a page with its own 413, in JSON when asked', async () => {
    const response = await fetch(url('/session'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ idToken: 'x'.repeat(20_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request body too large' });
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('passes an upload of any size on to the API, whose own limit is the only one', async () => {
    const body = Buffer.alloc(13 * 1024 * 1024, 1);
    const response = await fetch(url('/api/images'), { method: 'POST', body });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ bytes: body.length });
  });

  it('cuts off a request head or a body that stops for 10 s', async () => {
    // Started in beforeAll.
    const [head, body] = await slow.exchanges;
    expect(head.closedAfterMs).not.toBeNull();
    expect(head.closedAfterMs).toBeLessThan(13_000);
    expect(body.closedAfterMs).not.toBeNull();
    expect(body.closedAfterMs).toBeLessThan(13_000);
  });

  it('ends a request whose body trickles in, one byte every 3 s, within 15 s on every route', async () => {
    // Started in beforeAll.
    const [session, pageWithBody, chunked, remoteFile, api] = await slow.trickled;
    for (const exchange of [session, pageWithBody, chunked, remoteFile, api]) {
      expect(exchange.closedAfterMs).not.toBeNull();
      expect(exchange.closedAfterMs).toBeLessThan(15_000);
    }
    // The site's own answer to a request that took too long, passed on as it came.
    for (const exchange of [session, chunked, api]) {
      expect(exchange.text).toMatch(/^HTTP\/1\.1 408 /);
    }
    // A remote's files take no body: refused at once, the edge's own answer with its headers.
    expect(remoteFile.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(remoteFile.text).toContain('X-Content-Type-Options: nosniff');
  });

  it('lets one client hold at most 32 requests at once: the rest get 429 at once', async () => {
    const sockets: net.Socket[] = [];
    const answers: string[] = [];
    try {
      for (let i = 0; i < 40; i += 1) {
        const socket = net.connect(base, '127.0.0.1');
        socket.on('error', () => undefined);
        socket.on('data', (chunk: Buffer) => answers.push(chunk.toString().split('\r\n')[0] ?? ''));
        socket.write(
          'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n{',
        );
        sockets.push(socket);
      }
      // The refusals come at once; on a busy machine allow them a few seconds to arrive.
      const refused = () => answers.filter((line) => line.startsWith('HTTP/1.1 429')).length;
      for (let waited = 0; refused() < 8 && waited < 10_000; waited += 100) await sleep(100);
      await sleep(500);
      expect(refused()).toBe(8);
      expect(answers).toHaveLength(8);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});

describe("the edge's settings", () => {
  it("are read once by their schema: the stack's ports by default, a wrong value refused by name", () => {
    expect(readEdgeSettings({})).toMatchObject({
      EDGE_PORT: 8080,
      SHELL_PORT: 3000,
      API_PORT: 4000,
      SHOP_PORT: 3004,
      NGINX: '/usr/sbin/nginx',
    });
    expect(readEdgeSettings({})).not.toHaveProperty('EDGE_TRUSTED_PROXY');
    expect(readEdgeSettings({ EDGE_TRUSTED_PROXY: '10.0.0.0/8' }).EDGE_TRUSTED_PROXY).toBe(
      '10.0.0.0/8',
    );
    expect(() => readEdgeSettings({ EDGE_TRUSTED_PROXY: 'my proxy' })).toThrow(
      /^EDGE_TRUSTED_PROXY must be an address or CIDR/,
    );
    expect(() => readEdgeSettings({ EDGE_PORT: 'eighty' })).toThrow(
      'EDGE_PORT must be a port number (1-65535), got "eighty"',
    );
  });
});
