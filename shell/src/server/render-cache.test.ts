/** @jest-environment node */
import { createRenderCache } from '../../render-cache.mjs';

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

const NONCE = 'n0nce+/A==';
const page = (text: string) => Buffer.from(`<script nonce="${NONCE}">${text}</script>${NONCE}`);

function setup(options: { maxBytes?: number } = {}) {
  FakeEventSource.opened = [];
  const cache = createRenderCache({
    apiBase: 'http://api.test/api',
    reconnectMs: 10,
    EventSourceImpl: FakeEventSource as never,
    ...options,
  });
  const stream = () => FakeEventSource.opened[FakeEventSource.opened.length - 1]!;
  return { cache, stream };
}

describe('createRenderCache', () => {
  it('listens to the content API and keeps nothing until the API says it announces changes', () => {
    const { cache, stream } = setup();
    expect(stream().url).toBe('http://api.test/api/content-events');
    cache.store('/', cache.ticket(), 200, page('home'), NONCE);
    expect(cache.lookup('/', 'other')).toBeUndefined();

    stream().emit('content', { generation: 1, active: true });
    cache.store('/', cache.ticket(), 200, page('home'), NONCE);
    const hit = cache.lookup('/', 'fresh==');
    expect(hit?.status).toBe(200);
    expect(hit?.body.toString()).toBe('<script nonce="fresh==">home</script>fresh==');
    cache.close();
  });

  it('drops every page on each content event, and a render that started before one', () => {
    const { cache, stream } = setup();
    stream().emit('content', { generation: 1, active: true });
    cache.store('/', cache.ticket(), 200, page('old'), NONCE);
    const before = cache.ticket();
    stream().emit('content', { generation: 2, active: true });
    expect(cache.lookup('/', NONCE)).toBeUndefined();
    cache.store('/blog', before, 200, page('raced'), NONCE);
    expect(cache.lookup('/blog', NONCE)).toBeUndefined();
    cache.close();
  });

  it('serves nothing while the stream is down or the API cannot hear all changes', () => {
    const { cache, stream } = setup();
    stream().emit('content', { generation: 1, active: true });
    cache.store('/', cache.ticket(), 200, page('home'), NONCE);
    stream().emit('error');
    expect(cache.live).toBe(false);
    expect(cache.lookup('/', NONCE)).toBeUndefined();

    stream().emit('content', { generation: 1, active: true });
    expect(cache.live).toBe(true);
    stream().emit('content', { generation: 2, active: false });
    expect(cache.live).toBe(false);
    cache.store('/', cache.ticket(), 200, page('home'), NONCE);
    expect(cache.lookup('/', NONCE)).toBeUndefined();

    stream().emit('content', 'not json');
    expect(cache.live).toBe(false);
    cache.close();
  });

  it('opens the stream again after the API refused it', async () => {
    const { cache, stream } = setup();
    const refused = stream();
    refused.readyState = FakeEventSource.CLOSED;
    refused.emit('error');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(FakeEventSource.opened.length).toBe(2);
    stream().emit('content', { generation: 5, active: true });
    expect(cache.live).toBe(true);
    cache.close();
    expect(stream().readyState).toBe(FakeEventSource.CLOSED);
  });

  it('forgets everything on clear (a remote redeployed), and keeps within its size', () => {
    const { cache, stream } = setup({ maxBytes: 100 });
    stream().emit('content', { generation: 1, active: true });
    cache.store('/a', cache.ticket(), 200, page('a'), NONCE);
    cache.clear();
    expect(cache.lookup('/a', NONCE)).toBeUndefined();

    cache.store('/big', cache.ticket(), 200, page('x'.repeat(200)), NONCE);
    expect(cache.lookup('/big', NONCE)).toBeUndefined();
    cache.store('/1', cache.ticket(), 200, page('1'.repeat(30)), NONCE);
    cache.store('/2', cache.ticket(), 200, page('2'.repeat(30)), NONCE);
    expect(cache.lookup('/1', NONCE)).toBeUndefined();
    expect(cache.lookup('/2', NONCE)).toBeDefined();
    cache.close();
  });
});
