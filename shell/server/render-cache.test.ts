/** @jest-environment node */
import { EventEmitter } from 'node:events';
import { watchContent } from './content-events';
import { SPARE_COPIES, createRenderCache } from './render-cache';

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
/** Stands in for the server's response: the cache takes a hit's bytes back on its `finish`. */
const response = () => new EventEmitter();
const page = (text: string) => Buffer.from(`<script nonce="${NONCE}">${text}</script>${NONCE}`);

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
  it('listens to the content API and keeps nothing until the API says it announces changes', () => {
    const { cache, stream, close } = setup();
    expect(stream().url).toBe('http://api.test/api/content-events');
    cache.store('/', cache.ticket(), 200, page('home'), NONCE);
    expect(cache.lookup('/', 'other', response())).toBeUndefined();

    stream().emit('content', { generation: 1, active: true });
    cache.store('/', cache.ticket(), 200, page('home'), NONCE);
    const hit = cache.lookup('/', 'fresh==', response());
    expect(hit?.status).toBe(200);
    expect(hit?.body.toString()).toBe('<script nonce="fresh==">home</script>fresh==');
    close();
  });

  it('drops every page on each content event, and a render that started before one', () => {
    const { cache, stream, close } = setup();
    stream().emit('content', { generation: 1, active: true });
    cache.store('/', cache.ticket(), 200, page('old'), NONCE);
    const before = cache.ticket();
    stream().emit('content', { generation: 2, active: true });
    expect(cache.lookup('/', NONCE, response())).toBeUndefined();
    cache.store('/blog', before, 200, page('raced'), NONCE);
    expect(cache.lookup('/blog', NONCE, response())).toBeUndefined();
    close();
  });

  it('serves nothing while the stream is down or the API cannot hear all changes', () => {
    const { cache, stream, watch, close } = setup();
    stream().emit('content', { generation: 1, active: true });
    cache.store('/', cache.ticket(), 200, page('home'), NONCE);
    stream().emit('error');
    expect(watch.live).toBe(false);
    expect(cache.lookup('/', NONCE, response())).toBeUndefined();

    stream().emit('content', { generation: 1, active: true });
    expect(watch.live).toBe(true);
    stream().emit('content', { generation: 2, active: false });
    expect(watch.live).toBe(false);
    cache.store('/', cache.ticket(), 200, page('home'), NONCE);
    expect(cache.lookup('/', NONCE, response())).toBeUndefined();

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

  it('forgets everything on clear (a remote redeployed), and keeps within its size', () => {
    // A page counts with its spare copies: 5 × ~65 bytes each for '/1' and '/2'.
    expect(SPARE_COPIES).toBe(4);
    const { cache, stream, close } = setup({ maxBytes: 500 });
    stream().emit('content', { generation: 1, active: true });
    cache.store('/a', cache.ticket(), 200, page('a'), NONCE);
    cache.clear();
    expect(cache.lookup('/a', NONCE, response())).toBeUndefined();

    cache.store('/big', cache.ticket(), 200, page('x'.repeat(200)), NONCE);
    expect(cache.lookup('/big', NONCE, response())).toBeUndefined();
    cache.store('/1', cache.ticket(), 200, page('1'.repeat(30)), NONCE);
    cache.store('/2', cache.ticket(), 200, page('2'.repeat(30)), NONCE);
    expect(cache.lookup('/1', NONCE, response())).toBeUndefined();
    expect(cache.lookup('/2', NONCE, response())).toBeDefined();
    close();
  });

  it('gives each hit in flight its own bytes, and reuses them once its response is finished', () => {
    const { cache, stream, close } = setup();
    stream().emit('content', { generation: 1, active: true });
    const rendered = page('home');
    cache.store('/', cache.ticket(), 200, rendered, NONCE);

    const firstResponse = response();
    const first = cache.lookup('/', 'AAAAAAAAAA', firstResponse)!;
    const second = cache.lookup('/', 'BBBBBBBBBB', response())!;
    expect(second.body).not.toBe(first.body);
    expect(first.body.toString()).toBe('<script nonce="AAAAAAAAAA">home</script>AAAAAAAAAA');
    expect(second.body.toString()).toBe('<script nonce="BBBBBBBBBB">home</script>BBBBBBBBBB');

    // Until its response is finished, the first hit keeps its bytes.
    const third = cache.lookup('/', 'CCCCCCCCCC', response())!;
    expect(third.body).not.toBe(first.body);
    expect(first.body.toString()).toContain('AAAAAAAAAA');

    firstResponse.emit('finish');
    firstResponse.emit('finish');
    const fourth = cache.lookup('/', 'DDDDDDDDDD', response())!;
    expect(fourth.body).toBe(first.body);
    expect(fourth.body.toString()).toBe('<script nonce="DDDDDDDDDD">home</script>DDDDDDDDDD');
    // A response finished twice gives its copy back once.
    expect(cache.lookup('/', 'EEEEEEEEEE', response())!.body).not.toBe(fourth.body);
    // What was stored is never handed out, so the page stays as rendered.
    expect(rendered.toString()).toBe(page('home').toString());
    close();
  });

  it('never reuses the bytes of a response that was cut off', () => {
    const { cache, stream, close } = setup();
    stream().emit('content', { generation: 1, active: true });
    cache.store('/', cache.ticket(), 200, page('home'), NONCE);
    const cutOff = response();
    const hit = cache.lookup('/', NONCE, cutOff)!;
    cutOff.emit('close');
    const later = Array.from({ length: SPARE_COPIES + 1 }, () =>
      cache.lookup('/', NONCE, response())!,
    );
    expect(later.map((each) => each.body)).not.toContain(hit.body);
    close();
  });

  it('keeps at most SPARE_COPIES copies, and answers a nonce of another length all the same', () => {
    const { cache, stream, close } = setup();
    stream().emit('content', { generation: 1, active: true });
    cache.store('/', cache.ticket(), 200, page('home'), NONCE);
    const responses = Array.from({ length: SPARE_COPIES + 2 }, () => response());
    const hits = responses.map((each) => cache.lookup('/', NONCE, each)!);
    responses.forEach((each) => each.emit('finish'));
    const reused = responses.map(() => cache.lookup('/', NONCE, response())!.body);
    const old = new Set(hits.map((hit) => hit.body));
    expect(reused.filter((body) => old.has(body))).toHaveLength(SPARE_COPIES);

    const longer = cache.lookup('/', 'a-longer-nonce==', response())!;
    expect(longer.body.toString()).toBe(
      '<script nonce="a-longer-nonce==">home</script>a-longer-nonce==',
    );
    close();
  });
});
