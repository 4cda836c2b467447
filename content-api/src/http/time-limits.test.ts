// Security round 4, finding 2: a head or a body trickled a byte at a time held a connection to
// the API for as long as the client liked (90 s and more). Real connections, raw sockets: the
// app listening on loopback, port 0.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { adminHeaders } from '../testing/fake-auth.js';
import type { TestApp } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';
import { within } from '../testing/within.js';
import {
  BODY_TIMEOUT_MS,
  CONNECTIONS_CHECKING_INTERVAL_MS,
  HEAD_TIMEOUT_MS,
  type TimeLimits,
} from './time-limits.js';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const TOO_LONG = JSON.stringify({ message: 'The request took too long to arrive.' });
/** Slack for a busy machine (timers, the event loop) on top of a limit and Node's check. */
const SLACK_MS = 1_500;

interface Trickle {
  /** Milliseconds from the first byte until the API closed the connection. */
  closedAfter: Promise<number>;
  /** Everything the API sent. */
  received(): string;
  socket: net.Socket;
}

/**
 * Sends `first` at once, then `rest` `chunk` bytes (one unless told) every `everyMs`, until the
 * API closes the connection (or `rest` runs out).
 */
function trickle(
  port: number,
  first: string | Buffer,
  rest: string | Buffer,
  everyMs: number,
  chunk = 1,
) {
  const socket = net.connect(port, '127.0.0.1');
  const started = Date.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const bytes = Buffer.from(rest);
  let sent = 0;
  const timer = setInterval(() => {
    if (sent >= bytes.length || socket.destroyed || !socket.writable) return;
    socket.write(bytes.subarray(sent, sent + chunk));
    sent += chunk;
  }, everyMs);
  socket.write(first);
  const closedAfter = new Promise<number>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Date.now() - started);
    }),
  );
  return { closedAfter, received: () => received, socket } satisfies Trickle;
}

const uploadLimits: TimeLimits = {
  headMs: 1_000,
  bodyMs: 800,
  uploadMs: 2_500,
  checkEveryMs: 100,
};

// The default limits take ten seconds and more to cut a connection. Those connections are
// opened first, and the tests of the upload limits, on an app of their own, run while they
// wait: 'with the default time limits' comes last and looks at them then. Both apps are made
// before any connection is opened, so that no database start holds up the event loop (and the
// API's checks) while a limit is being measured.
let defaults: TestApp;
let uploads: TestApp;
let defaultCuts: { head: Trickle; silent: Trickle; body: Trickle };

async function listening(options: Parameters<typeof createTestApp>[1]): Promise<TestApp> {
  const t = await createTestApp('pglite', options);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return t;
}

beforeAll(async () => {
  defaults = await listening({ seed: false });
  uploads = await listening({ seed: false, timeLimits: uploadLimits });
  const port = (defaults.app.server.address() as AddressInfo).port;
  defaultCuts = {
    head: trickle(
      port,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\n',
      `X-Slow: ${'a'.repeat(200)}\r\n\r\n`,
      400,
    ),
    silent: trickle(port, '', '', 1_000),
    body: trickle(
      port,
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 300\r\n\r\n{',
      `"name":"${'a'.repeat(290)}`,
      400,
    ),
  };
});
afterAll(async () => {
  await Promise.all([defaults, uploads].map((t) => t?.close()));
});

describe('an upload has the whole-request limit, an admin only', () => {
  const limits = uploadLimits;
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = uploads;
    port = (t.app.server.address() as AddressInfo).port;
    // Fastify loads inject's module on its first call; Jest refuses a module loaded once one of
    // the concurrent tests below has ended ("outside of the scope of the test code").
    await t.app.inject({ url: '/api/health' });
  });

  const boundary = 'time-limits-boundary';
  const upload = (file: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const uploadHead = (length: number, headers: Record<string, string> = {}) =>
    `POST /api/images HTTP/1.1\r\nHost: localhost\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';

  // The tests below each have a connection of their own to the one app, and wait on its time
  // limits: they wait side by side (it.concurrent).
  it.concurrent(
    "takes an admin's upload that arrives slower than the body limit, within the whole limit",
    async () => {
      const body = upload(PNG_1X1);
      // The whole body over about 1.6 s: twice the body limit, within the upload's. In eight
      // pieces 200 ms apart: a byte every few milliseconds was stretched past the whole limit by
      // a busy machine's late timers.
      const slow = trickle(
        port,
        uploadHead(body.length, adminHeaders),
        body,
        200,
        Math.ceil(body.length / 8),
      );
      // The answer, not the connection's end (Node closes it later, when no next request comes).
      await within(limits.uploadMs + SLACK_MS, () => /^HTTP\/1\.1 \d{3} /.test(slow.received()));
      expect(slow.received()).toMatch(/^HTTP\/1\.1 201 /);
      slow.socket.destroy();
    },
    15_000,
  );

  it.concurrent(
    "cuts an admin's upload at the whole-request limit",
    async () => {
      const body = upload(PNG_1X1);
      const cut = trickle(port, uploadHead(body.length + 1_000, adminHeaders), body, 200);
      const after = await cut.closedAfter;
      expect(after).toBeGreaterThanOrEqual(limits.uploadMs - 100);
      expect(after).toBeLessThan(limits.uploadMs + limits.checkEveryMs + SLACK_MS);
      expect(cut.received()).toMatch(/^HTTP\/1\.1 408 /);
    },
    15_000,
  );

  it.concurrent(
    'answers an upload without a token at once and closes: its body is never waited for',
    async () => {
      const refused = trickle(port, uploadHead(10_000), 'x'.repeat(10_000), 200);
      const after = await refused.closedAfter;
      expect(after).toBeLessThan(limits.bodyMs);
      expect(refused.received()).toMatch(/^HTTP\/1\.1 401 /);
      expect(refused.received()).toMatch(/\r\nconnection: close\r\n/i);
    },
    15_000,
  );

  it.concurrent(
    'never cuts a content event stream: the limits are on receiving the request',
    async () => {
      const stream = trickle(
        port,
        'GET /api/content-events HTTP/1.1\r\nHost: localhost\r\n\r\n',
        '',
        1_000,
      );
      let closed = false;
      void stream.closedAfter.then(() => (closed = true));
      await new Promise((resolve) =>
        setTimeout(resolve, limits.uploadMs + limits.checkEveryMs + 1_000),
      );
      expect(closed).toBe(false);
      expect(stream.received()).toMatch(/^HTTP\/1\.1 200 /);
      const before = stream.received().length;
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/articles',
        headers: adminHeaders,
        payload: { title: 'Still heard', content: 'Text.' },
      });
      expect(created.statusCode).toBe(201);
      await within(2_000, () => stream.received().slice(before).includes('event: content'));
      stream.socket.destroy();
    },
    15_000,
  );
});

describe('with the default time limits', () => {
  let t: TestApp;
  beforeAll(() => {
    t = defaults;
  });

  it('gives Node its limits when the server is made', () => {
    expect(t.app.server.headersTimeout).toBe(HEAD_TIMEOUT_MS);
    expect(t.app.server.requestTimeout).toBe(180_000);
  });

  it('cuts a trickled head, a silent connection and a trickled body within their limits', async () => {
    // Opened by the file's beforeAll, ten seconds and more before the cuts are due.
    const { head, silent, body } = defaultCuts;
    const headLimit = HEAD_TIMEOUT_MS + CONNECTIONS_CHECKING_INTERVAL_MS + SLACK_MS;
    for (const cut of [head, silent]) {
      const after = await cut.closedAfter;
      expect(after).toBeGreaterThanOrEqual(HEAD_TIMEOUT_MS - 100);
      expect(after).toBeLessThan(headLimit);
    }
    expect(head.received()).toMatch(/^HTTP\/1\.1 408 /);
    const bodyAfter = await body.closedAfter;
    expect(bodyAfter).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
    expect(bodyAfter).toBeLessThan(BODY_TIMEOUT_MS + SLACK_MS);
    expect(body.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(body.received().endsWith(`\r\n\r\n${TOO_LONG}`)).toBe(true);
  });
});
