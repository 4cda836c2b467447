/** @jest-environment node */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { watchContent } from './content-events';
import { createRenderCache } from './render-cache';
import { sharedPage } from './shared-page';

type Listener = (event: { data?: string }) => void;

/** Stands in for the content API's event stream: the test says what the API sends. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  emit(type: string, data?: unknown) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ data: typeof data === 'string' ? data : JSON.stringify(data) });
    }
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const page = (text: string) => sharedPage(200, Buffer.from(`<main>${text}</main>`), 'policy');

/** The cache on the content API's announcements, as the server wires it (one watch). */
function setup(options: { maxBytes?: number } = {}) {
  FakeEventSource.opened = [];
  const watch = watchContent({
    apiBase: 'http://api.test/api',
    reconnectMs: 10,
    EventSourceImpl: FakeEventSource as never,
  });
  const cache = createRenderCache({ watch, ...options });
  const stream = () => FakeEventSource.opened[FakeEventSource.opened.length - 1]!;
  const close = () => {
    cache.close();
    watch.close();
  };
  return { cache, stream, watch, close };
}

describe('createRenderCache', () => {
  it('listens to the content API and keeps nothing until the API says it announces changes', async () => {
    const { cache, stream, close } = setup();
    expect(stream().url).toBe('http://api.test/api/content-events');
    await cache.store('/', cache.ticket(), page('home'));
    expect(cache.lookup('/')).toBeUndefined();

    stream().emit('content', { generation: 1, active: true });
    const home = page('home');
    await cache.store('/', cache.ticket(), home);
    const hit = cache.lookup('/');
    // The page as it was kept: the same bytes for every visitor, never a copy.
    expect(hit).toBe(home);
    expect(hit?.html.toString()).toBe('<main>home</main>');
    close();
  });

  it('keeps the Brotli and gzip forms of a page beside its plain bytes, made once', async () => {
    const { cache, stream, close } = setup();
    stream().emit('content', { generation: 1, active: true });
    const home = page('home'.repeat(100));
    await cache.store('/', cache.ticket(), home);
    const { br, gzip } = cache.lookup('/')!.encoded;
    expect(brotliDecompressSync(br!).equals(home.html)).toBe(true);
    expect(gunzipSync(gzip!).equals(home.html)).toBe(true);
    // The same version rendered again keeps the forms already made.
    await cache.store('/', cache.ticket(), page('home'.repeat(100)));
    expect(cache.lookup('/')).toBe(home);
    expect(cache.lookup('/')!.encoded.br).toBe(br);
    close();
  });

  it('drops every page on each content event, and a render that started before one', async () => {
    const { cache, stream, close } = setup();
    stream().emit('content', { generation: 1, active: true });
    await cache.store('/', cache.ticket(), page('old'));
    const before = cache.ticket();
    stream().emit('content', { generation: 2, active: true });
    expect(cache.lookup('/')).toBeUndefined();
    await cache.store('/blog', before, page('raced'));
    expect(cache.lookup('/blog')).toBeUndefined();
    close();
  });

  it('serves nothing while the stream is down or the API cannot hear all changes', async () => {
    const { cache, stream, watch, close } = setup();
    stream().emit('content', { generation: 1, active: true });
    await cache.store('/', cache.ticket(), page('home'));
    stream().emit('error');
    expect(watch.live).toBe(false);
    expect(cache.lookup('/')).toBeUndefined();

    stream().emit('content', { generation: 1, active: true });
    expect(watch.live).toBe(true);
    stream().emit('content', { generation: 2, active: false });
    expect(watch.live).toBe(false);
    await cache.store('/', cache.ticket(), page('home'));
    expect(cache.lookup('/')).toBeUndefined();

    stream().emit('content', 'not json');
    expect(watch.live).toBe(false);
    close();
  });

  it('opens the stream again after the API refused it', async () => {
    const { stream, watch, close } = setup();
    const refused = stream();
    refused.readyState = FakeEventSource.CLOSED;
    refused.emit('error');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(FakeEventSource.opened.length).toBe(2);
    stream().emit('content', { generation: 5, active: true });
    expect(watch.live).toBe(true);
    close();
    expect(stream().readyState).toBe(FakeEventSource.CLOSED);
  });

  it('forgets everything on clear (a remote redeployed), and keeps within its size', async () => {
    // A page counts one and a half times its bytes (room for its compressed forms).
    const { cache, stream, close } = setup({ maxBytes: 200 });
    stream().emit('content', { generation: 1, active: true });
    await cache.store('/a', cache.ticket(), page('a'));
    cache.clear();
    expect(cache.lookup('/a')).toBeUndefined();

    await cache.store('/big', cache.ticket(), page('x'.repeat(200)));
    expect(cache.lookup('/big')).toBeUndefined();
    await cache.store('/1', cache.ticket(), page('1'.repeat(60)));
    await cache.store('/2', cache.ticket(), page('2'.repeat(60)));
    expect(cache.lookup('/1')).toBeUndefined();
    expect(cache.lookup('/2')).toBeDefined();
    close();
  });
});
