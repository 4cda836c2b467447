import type { AddressInfo } from 'node:net';
import type { DatabaseHandle } from '../../db/connect.js';
import { createTestDatabase } from '../../testing/databases.js';
import { adminHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import {
  CONTENT_EVENTS_KEY_HEADER,
  CONTENT_EVENTS_MESSAGES,
  DEFAULT_MAX_CONTENT_EVENT_STREAMS_PER_CLIENT,
} from './routes.js';

interface ContentEvent {
  generation: number;
  active: boolean;
}

/** Reads a server-sent event stream one `content` event at a time. */
async function openStream(base: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/content-events`, {
    signal: controller.signal,
    headers,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  return {
    response,
    async next(): Promise<ContentEvent> {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (!block.startsWith('event: content\n')) continue;
          return JSON.parse(block.slice(block.indexOf('data: ') + 6)) as ContentEvent;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffered += value;
      }
    },
    async ended(): Promise<boolean> {
      for (;;) {
        const { done } = await reader.read();
        if (done) return true;
      }
    },
    close: () => controller.abort(),
  };
}

// Each test has an app of its own (its streams and their limits are the app's, in memory), and
// each describe one database for its tests (a fresh one per test was most of their time): one
// test of each writes to it, an article of its own, and every test counts generations from the
// one it is first told.
describe('GET /api/content-events', () => {
  let t: TestApp;
  let base: string;
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database.close());

  beforeEach(async () => {
    t = await createTestApp('pglite', { database, maxContentEventStreams: 2 });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => t.close());

  it('says the current content generation, then a new one after each public write', async () => {
    const stream = await openStream(base);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    const first = await stream.next();
    expect(first.active).toBe(true);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: adminHeaders,
      payload: { title: 'Fresh news', content: 'Some **text**.' },
    });
    expect(created.statusCode).toBe(201);
    const after = await stream.next();
    expect(after).toEqual({ generation: first.generation + 1, active: true });
    stream.close();
  });

  it('refuses more streams than its limit with 429 and a message, and frees a closed one', async () => {
    const first = await openStream(base);
    const second = await openStream(base);
    const refused = await fetch(`${base}/api/content-events`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: CONTENT_EVENTS_MESSAGES.tooMany });

    first.close();
    // The server notices the closed connection (within seconds on a busy machine). Each try is
    // closed as it was opened: its body is read through a reader, which a cancel cannot reach.
    let reopened: Response | undefined;
    const deadline = Date.now() + 20_000;
    while (reopened?.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const retry = await openStream(base).catch(() => undefined);
      if (retry?.response.status === 200) reopened = retry.response;
      retry?.close();
    }
    expect(reopened?.status).toBe(200);
    second.close();
  });

  it('ends open streams when the server closes', async () => {
    const stream = await openStream(base);
    await stream.next();
    await t.app.close();
    await expect(stream.ended()).resolves.toBe(true);
  });
});

describe('GET /api/content-events: one client cannot take every stream (issue 23, finding 8)', () => {
  const SITE_KEY = 'site-key-'.repeat(6);
  const PUBLIC_LIMIT = 12;
  let t: TestApp;
  let base: string;
  const streams: { close(): void }[] = [];
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database.close());

  beforeEach(async () => {
    // Behind a proxy on loopback, so each test client has an address of its own (the
    // X-Forwarded-For it writes).
    t = await createTestApp('pglite', {
      database,
      seed: false,
      maxContentEventStreams: PUBLIC_LIMIT,
      contentEventsKey: SITE_KEY,
      trustProxy: ['127.0.0.1'],
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await t.close();
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });
  async function open(headers: Record<string, string>) {
    const stream = await openStream(base, headers);
    streams.push(stream);
    return stream;
  }

  it('gives one client a few streams, then 429 with a message; others still get theirs', async () => {
    for (let i = 0; i < DEFAULT_MAX_CONTENT_EVENT_STREAMS_PER_CLIENT; i += 1) {
      expect((await open(from('203.0.113.7'))).response.status).toBe(200);
    }
    const hog = await fetch(`${base}/api/content-events`, { headers: from('203.0.113.7') });
    expect(hog.status).toBe(429);
    expect(await hog.json()).toEqual({ message: CONTENT_EVENTS_MESSAGES.tooManyFromClient });
    // An IPv6 /64 is one client, whatever address in it each stream comes from.
    for (let i = 1; i <= DEFAULT_MAX_CONTENT_EVENT_STREAMS_PER_CLIENT; i += 1) {
      expect((await open(from(`2001:db8:1:2::${i}`))).response.status).toBe(200);
    }
    const sameNet = await fetch(`${base}/api/content-events`, {
      headers: from('2001:db8:1:2:ffff:ffff:ffff:ffff'),
    });
    expect(sameNet.status).toBe(429);
    await sameNet.body?.cancel();
    expect((await open(from('198.51.100.9'))).response.status).toBe(200);
  });

  it("keeps the site's own streams out of the public's reach: with its key it connects when the public streams are full", async () => {
    for (let i = 0; i < PUBLIC_LIMIT; i += 1) await open(from(`192.0.2.${i + 1}`));
    const publicFull = await fetch(`${base}/api/content-events`, { headers: from('192.0.2.99') });
    expect(publicFull.status).toBe(429);
    expect(await publicFull.json()).toEqual({ message: CONTENT_EVENTS_MESSAGES.tooMany });

    const site = await open({ [CONTENT_EVENTS_KEY_HEADER]: SITE_KEY, ...from('192.0.2.1') });
    expect(site.response.status).toBe(200);
    const first = await site.next();
    await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: adminHeaders,
      payload: { title: 'Heard by the site', content: 'Text.' },
    });
    expect((await site.next()).generation).toBe(first.generation + 1);
  });

  it('refuses a wrong key with 401, and counts a closed stream out', async () => {
    const wrong = await fetch(`${base}/api/content-events`, {
      headers: { [CONTENT_EVENTS_KEY_HEADER]: `${SITE_KEY}x` },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: CONTENT_EVENTS_MESSAGES.badKey });

    const held = [];
    for (let i = 0; i < DEFAULT_MAX_CONTENT_EVENT_STREAMS_PER_CLIENT; i += 1) {
      held.push(await open(from('203.0.113.8')));
    }
    held[0]?.close();
    let status = 0;
    const deadline = Date.now() + 20_000;
    while (status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const retry = await open(from('203.0.113.8'));
      status = retry.response.status;
      if (status !== 200) retry.close();
    }
    expect(status).toBe(200);
  });
});
