import type { AddressInfo } from 'node:net';
import { adminHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { CONTENT_EVENTS_MESSAGES } from './routes.js';

interface ContentEvent {
  generation: number;
  active: boolean;
}

/** Reads a server-sent event stream one `content` event at a time. */
async function openStream(base: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/content-events`, { signal: controller.signal });
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

describe('GET /api/content-events', () => {
  let t: TestApp;
  let base: string;

  beforeEach(async () => {
    t = await createTestApp('pglite', { maxContentEventStreams: 2 });
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
    // The server notices the closed connection.
    let reopened: Response | undefined;
    for (let attempt = 0; attempt < 50 && reopened?.status !== 200; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const retry = await openStream(base).catch(() => undefined);
      if (retry?.response.status === 200) {
        reopened = retry.response;
        retry.close();
      } else {
        await retry?.response.body?.cancel();
      }
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
