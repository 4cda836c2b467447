import { ResponseCache, computeEtag, etagMatches } from './response-cache.js';

const render = (body: string) => async () => ({ body, contentType: 'text/plain' });

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
    expect((await cache.getOrRender('k', render('three'))).body).toBe('three');
  });

  it('does not keep a render that raced with an invalidation', async () => {
    const cache = new ResponseCache();
    await cache.getOrRender('k', async () => {
      cache.invalidate();
      return { body: 'stale', contentType: 'text/plain' };
    });
    expect((await cache.getOrRender('k', render('fresh'))).body).toBe('fresh');
  });

  it('expires entries after the TTL', async () => {
    let now = 0;
    const cache = new ResponseCache({ ttlMs: 1000, now: () => now });
    await cache.getOrRender('k', render('old'));
    now = 999;
    expect((await cache.getOrRender('k', render('new'))).body).toBe('old');
    now = 1000;
    expect((await cache.getOrRender('k', render('new'))).body).toBe('new');
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = new ResponseCache({ maxEntries: 2 });
    await cache.getOrRender('a', render('a'));
    await cache.getOrRender('b', render('b'));
    await cache.getOrRender('a', render('a2'));
    await cache.getOrRender('c', render('c'));
    expect(cache.size).toBe(2);
    expect((await cache.getOrRender('a', render('a3'))).body).toBe('a');
    expect((await cache.getOrRender('b', render('b2'))).body).toBe('b2');
  });

  it('while suspended renders every time and stores nothing; resumes empty', async () => {
    const cache = new ResponseCache();
    await cache.getOrRender('k', render('before'));
    cache.suspend();
    expect(cache.isActive).toBe(false);
    expect(cache.size).toBe(0);
    expect((await cache.getOrRender('k', render('one'))).body).toBe('one');
    expect((await cache.getOrRender('k', render('two'))).body).toBe('two');
    expect(cache.size).toBe(0);
    cache.resume();
    expect((await cache.getOrRender('k', render('three'))).body).toBe('three');
    expect((await cache.getOrRender('k', render('four'))).body).toBe('three');
  });

  it('does not keep a render that started before a resume', async () => {
    const cache = new ResponseCache();
    cache.suspend();
    await cache.getOrRender('k', async () => {
      cache.resume();
      return { body: 'started while suspended', contentType: 'text/plain' };
    });
    expect((await cache.getOrRender('k', render('fresh'))).body).toBe('fresh');
  });
});
