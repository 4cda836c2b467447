import type { CachedResponse } from './response-cache.js';
import { ResponseCache, computeEtag, etagMatches } from './response-cache.js';

const render = (body: string) => async () => ({ body, contentType: 'text/plain' });
const text = async (response: Promise<CachedResponse>) => (await response).body.toString();

/** A render that finishes when `finish(body)` is called, counting how often it was started. */
function controlledRender() {
  const control = { calls: 0, finish: (_body: string) => {}, fail: (_error: Error) => {} };
  const start = () => {
    control.calls += 1;
    return new Promise<{ body: string; contentType: string }>((resolve, reject) => {
      control.finish = (body) => resolve({ body, contentType: 'text/plain' });
      control.fail = reject;
    });
  };
  return { control, start };
}

describe('etagMatches', () => {
  const etag = computeEtag('hello');
  it('matches weakly, in lists and with *', () => {
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(etag.replace('W/', ''), etag)).toBe(true);
    expect(etagMatches(`"a", ${etag}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('"a"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});

describe('ResponseCache', () => {
  it('renders once until invalidated', async () => {
    const cache = new ResponseCache();
    const first = await cache.getOrRender('k', render('one'));
    const second = await cache.getOrRender('k', render('two'));
    expect(second).toBe(first);
    cache.invalidate();
    expect(await text(cache.getOrRender('k', render('three')))).toBe('three');
  });

  it('does not keep a render that raced with an invalidation', async () => {
    const cache = new ResponseCache();
    await cache.getOrRender('k', async () => {
      cache.invalidate();
      return { body: 'stale', contentType: 'text/plain' };
    });
    expect(await text(cache.getOrRender('k', render('fresh')))).toBe('fresh');
  });

  it('expires entries after the TTL', async () => {
    let now = 0;
    const cache = new ResponseCache({ ttlMs: 1000, now: () => now });
    await cache.getOrRender('k', render('old'));
    now = 999;
    expect(await text(cache.getOrRender('k', render('new')))).toBe('old');
    now = 1000;
    expect(await text(cache.getOrRender('k', render('new')))).toBe('new');
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = new ResponseCache({ maxEntries: 2 });
    await cache.getOrRender('a', render('a'));
    await cache.getOrRender('b', render('b'));
    await cache.getOrRender('a', render('a2'));
    await cache.getOrRender('c', render('c'));
    expect(cache.size).toBe(2);
    expect(await text(cache.getOrRender('a', render('a3')))).toBe('a');
    expect(await text(cache.getOrRender('b', render('b2')))).toBe('b2');
  });

  it('keeps the stored bodies within maxBytes, evicting the least recently used', async () => {
    const cache = new ResponseCache({ maxBytes: 10 });
    await cache.getOrRender('a', render('aaaa'));
    await cache.getOrRender('b', render('bbbb'));
    await cache.getOrRender('a', render('a2'));
    await cache.getOrRender('c', render('cccc'));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(8);
    expect(await text(cache.getOrRender('a', render('a3')))).toBe('aaaa');
    expect(await text(cache.getOrRender('b', render('b2')))).toBe('b2');
    cache.invalidate();
    expect(cache.bytes).toBe(0);
  });

  it('serves but never stores a body larger than maxBytes', async () => {
    const cache = new ResponseCache({ maxBytes: 10 });
    await cache.getOrRender('small', render('ok'));
    expect(await text(cache.getOrRender('big', render('x'.repeat(11))))).toBe('x'.repeat(11));
    expect(cache.size).toBe(1);
    expect(await text(cache.getOrRender('small', render('new')))).toBe('ok');
  });

  it('while suspended renders every time and stores nothing; resumes empty', async () => {
    const cache = new ResponseCache();
    await cache.getOrRender('k', render('before'));
    cache.suspend();
    expect(cache.isActive).toBe(false);
    expect(cache.size).toBe(0);
    expect(await text(cache.getOrRender('k', render('one')))).toBe('one');
    expect(await text(cache.getOrRender('k', render('two')))).toBe('two');
    expect(cache.size).toBe(0);
    cache.resume();
    expect(await text(cache.getOrRender('k', render('three')))).toBe('three');
    expect(await text(cache.getOrRender('k', render('four')))).toBe('three');
  });

  it('tells its listeners about every invalidation, suspension and resumption', () => {
    const cache = new ResponseCache();
    const heard: unknown[] = [];
    const stop = cache.onInvalidate((state) => heard.push(state));
    const start = cache.state.generation;
    cache.invalidate();
    cache.suspend();
    cache.resume();
    stop();
    cache.invalidate();
    expect(heard).toEqual([
      { generation: start + 1, active: true },
      { generation: start + 2, active: false },
      { generation: start + 3, active: true },
    ]);
  });

  it('does not keep a render that started before a resume', async () => {
    const cache = new ResponseCache();
    cache.suspend();
    await cache.getOrRender('k', async () => {
      cache.resume();
      return { body: 'started while suspended', contentType: 'text/plain' };
    });
    expect(await text(cache.getOrRender('k', render('fresh')))).toBe('fresh');
  });

  it('keeps the body as UTF-8 bytes, with the ETag of those bytes', async () => {
    const cache = new ResponseCache();
    const cached = await cache.getOrRender('k', render('café'));
    expect(Buffer.isBuffer(cached.body)).toBe(true);
    expect(cached.body).toEqual(Buffer.from('café', 'utf8'));
    expect(cached.etag).toBe(computeEtag('café'));
  });

  it('renders once for concurrent misses on the same key', async () => {
    const cache = new ResponseCache();
    const { control, start } = controlledRender();
    const first = cache.getOrRender('k', start);
    const second = cache.getOrRender('k', start);
    control.finish('shared');
    expect(await text(first)).toBe('shared');
    expect(await text(second)).toBe('shared');
    expect(control.calls).toBe(1);
  });

  it('does not share a render that started before an invalidation', async () => {
    const cache = new ResponseCache();
    const { control, start } = controlledRender();
    const before = cache.getOrRender('k', start);
    cache.invalidate();
    const after = cache.getOrRender('k', render('after the write'));
    control.finish('before the write');
    expect(await text(before)).toBe('before the write');
    expect(await text(after)).toBe('after the write');
    expect(await text(cache.getOrRender('k', render('unused')))).toBe('after the write');
  });

  it('gives a failed render to every request that waited on it, and caches nothing', async () => {
    const cache = new ResponseCache();
    const { control, start } = controlledRender();
    const first = cache.getOrRender('k', start);
    const second = cache.getOrRender('k', start);
    control.fail(new Error('not found'));
    await expect(first).rejects.toThrow('not found');
    await expect(second).rejects.toThrow('not found');
    expect(cache.size).toBe(0);
    expect(await text(cache.getOrRender('k', render('later')))).toBe('later');
  });

  it('while suspended does not share renders either', async () => {
    const cache = new ResponseCache();
    cache.suspend();
    const { control, start } = controlledRender();
    const first = cache.getOrRender('k', start);
    const second = cache.getOrRender('k', render('own render'));
    control.finish('first');
    expect(await text(first)).toBe('first');
    expect(await text(second)).toBe('own render');
  });
});
