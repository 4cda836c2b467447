// Security round 4, finding 1: a client chose its own identity with X-Forwarded-For, and got a
// fresh rate-limit bucket, stream share and Idempotency-Key scope for each new value. Through a
// trusted proxy hop (the app listening on loopback, a raw socket standing for the proxy), a client
// is the address the proxy saw, whatever it wrote itself, on every per-client limit.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { readConfig } from '../config.js';
import type { DatabaseHandle } from '../db/connect.js';
import { contactMessages } from '../db/schema.js';
import { CONTACT_MESSAGES } from '../features/contact/routes.js';
import { CONTENT_EVENTS_MESSAGES } from '../features/content-events/routes.js';
import { createTestDatabase } from '../testing/databases.js';
import { adminHeaders } from '../testing/fake-auth.js';
import type { TestApp } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';
import { clientOf, fastifyTrustProxy } from './client-identity.js';

describe('clientOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (ip, client) => {
    expect(clientOf(ip)).toBe(client);
  });
});

describe('fastifyTrustProxy', () => {
  it('never believes every peer', () => {
    expect(() => fastifyTrustProxy(true as never)).toThrow(/trustProxy must be false/);
    expect(fastifyTrustProxy(0)).toBe(false);
  });
});

interface Answer {
  status: number;
  head: string;
  body: string;
}

/** What a proxy that appends writes, and what one that overwrites writes, for a client it saw at `seen`. */
const appended = (seen: string) => `${randomAddress()}, ${seen}`;
const overwritten = (seen: string) => seen;
function randomAddress() {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `${(a % 223) + 1}.${b}.${c}.${(a + b) % 254 || 1}`;
}

// One database for the tests below (a fresh one per test was most of their time).
let database: DatabaseHandle | undefined;
afterAll(() => database?.close());

describe.each([
  ["the proxy's address", '127.0.0.1'],
  ['a range holding it', '127.0.0.0/8'],
  ['a hop count', '1'],
])('behind one trusted proxy hop (TRUST_PROXY as %s: %s)', (_what, setting) => {
  const RATE = 3;
  let t: TestApp;
  let port = 0;
  const sockets = new Set<net.Socket>();

  beforeEach(async () => {
    database ??= await createTestDatabase('pglite');
    // What a test stores, and all these tests store, is contact messages (their Idempotency-Keys
    // with them): gone before the next, as in a fresh database. Its rate limits and streams are
    // its app's, in memory, and each test has an app of its own.
    await database.db.delete(contactMessages);
    t = await createTestApp('pglite', {
      database,
      seed: false,
      trustProxy: readConfig({ TRUST_PROXY: setting }).trustProxy,
      contactRateLimit: RATE,
      cspReportRateLimit: RATE,
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await t.close();
  });

  /**
   * One request on a connection of its own, as the proxy sends it. Resolves with the answer's
   * head once it has arrived; `whole` also waits for the body (the connection closes after it).
   */
  function request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body = '',
    whole = true,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      sockets.add(socket);
      const lines = Object.entries({
        host: 'localhost',
        connection: 'close',
        ...(body && { 'content-length': String(Buffer.byteLength(body)) }),
        ...headers,
      }).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`${method} ${path} HTTP/1.1\r\n${lines.join('')}\r\n${body}`);
      let received = '';
      const answer = (): Answer | undefined => {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return undefined;
        const head = received.slice(0, end);
        return { status: Number(head.split(' ')[1]), head, body: received.slice(end + 4) };
      };
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString();
        const got = answer();
        // A stream stays open: its head is the answer. Anything else closes after its body.
        if (got && !whole && got.status === 200) resolve(got);
      });
      socket.on('end', () => {
        const got = answer();
        if (got) resolve(got);
        else reject(new Error(`no answer: ${received}`));
      });
      socket.on('error', reject);
    });
  }

  const contact = (forwardedFor: string, headers: Record<string, string> = {}) =>
    request(
      'POST',
      '/api/contact',
      { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, ...headers },
      JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Hello!' }),
    );

  it('gives a client one rate-limit bucket on /api/contact, whatever it writes', async () => {
    const seen = '198.51.100.7';
    for (let i = 0; i < RATE; i += 1) {
      const sent = await contact(i % 2 ? overwritten(seen) : appended(seen));
      expect(sent.status).toBe(201);
    }
    const more = await contact(appended(seen));
    expect(more.status).toBe(429);
    expect(JSON.parse(more.body)).toEqual({ message: CONTACT_MESSAGES.rateLimited });
    expect((await contact(`${randomAddress()}, ${randomAddress()}, ${seen}`)).status).toBe(429);
    // Another client, as the proxy saw it, has a bucket of its own.
    expect((await contact(appended('198.51.100.8'))).status).toBe(201);
    // An IPv6 client is its /64, whichever address in it it writes from.
    for (let i = 1; i <= RATE; i += 1) {
      expect((await contact(appended(`2001:db8:5:6::${i}`))).status).toBe(201);
    }
    expect((await contact(appended('2001:db8:5:6:ffff:ffff:ffff:ffff'))).status).toBe(429);
  });

  it('gives a client one rate-limit bucket on /api/csp-reports', async () => {
    const report = (forwardedFor: string) =>
      request(
        'POST',
        '/api/csp-reports',
        { 'content-type': 'application/csp-report', 'x-forwarded-for': forwardedFor },
        JSON.stringify({ 'csp-report': { 'blocked-uri': 'inline' } }),
      );
    const seen = '198.51.100.7';
    for (let i = 0; i < RATE; i += 1) {
      expect((await report(i % 2 ? overwritten(seen) : appended(seen))).status).toBe(204);
    }
    const more = await report(appended(seen));
    expect(more.status).toBe(429);
    expect(JSON.parse(more.body)).toEqual({ message: 'Too many reports. Please slow down.' });
    expect((await report(appended('198.51.100.8'))).status).toBe(204);
  });

  it('gives a client one share of the content event streams', async () => {
    const stream = (forwardedFor: string) =>
      request('GET', '/api/content-events', { 'x-forwarded-for': forwardedFor }, '', false);
    const seen = '198.51.100.7';
    for (let i = 0; i < 4; i += 1) {
      expect((await stream(i % 2 ? overwritten(seen) : appended(seen))).status).toBe(200);
    }
    const more = await stream(appended(seen));
    expect(more.status).toBe(429);
    expect(more.body).toContain(CONTENT_EVENTS_MESSAGES.tooManyFromClient);
    expect((await stream(appended('198.51.100.8'))).status).toBe(200);
  });

  it('gives a client one Idempotency-Key scope', async () => {
    const key = { 'idempotency-key': 'message-1' };
    const seen = '198.51.100.7';
    const first = await contact(appended(seen), key);
    expect(first.status).toBe(201);
    for (const forwardedFor of [appended(seen), overwritten(seen)]) {
      const again = await contact(forwardedFor, key);
      expect(again.status).toBe(201);
      expect(again.head).toMatch(/\r\nidempotent-replayed: true(\r\n|$)/i);
    }
    // The same key from another client is that client's own.
    const other = await contact(appended('198.51.100.8'), key);
    expect(other.status).toBe(201);
    expect(other.head).not.toMatch(/idempotent-replayed/i);
    // An IPv6 client is its /64 here too: a retry from its next privacy address is a retry.
    expect((await contact(appended('2001:db8:5:6::1'), key)).head).not.toMatch(/replayed/i);
    const retried = await contact(appended('2001:db8:5:6::2'), key);
    expect(retried.head).toMatch(/\r\nidempotent-replayed: true(\r\n|$)/i);
    const stored = await t.app.inject({ url: '/api/contact', headers: adminHeaders });
    expect(stored.json()).toHaveLength(3);
  });
});
