/** @jest-environment node */
import { createContentCache } from './content-cache';

/** Stands in for the content API's change announcements: the test says when content changes. */
function fakeWatch(live = true) {
  const listeners = new Set<() => void>();
  return {
    live,
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    change() {
      for (const listener of listeners) listener();
    },
    close() {},
  };
}

const API = 'http://api.test/api';

/** The API: each call answers with a new body, marked as its cached content unless told not. */
function fakeApi() {
  const calls: string[] = [];
  const api = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!url.includes('uncached')) {
      headers.etag = `W/"${calls.length}"`;
      headers['cache-control'] = 'no-cache';
    }
    if (url.includes('/articles')) headers['x-total-count'] = '12';
    const status = url.includes('missing') ? 404 : 200;
    return new Response(JSON.stringify({ call: calls.length }), { status, headers });
  });
  return { api: api as unknown as typeof fetch, calls };
}

function setup(options: { live?: boolean; maxBytes?: number } = {}) {
  const watch = fakeWatch(options.live ?? true);
  const { api, calls } = fakeApi();
  const cache = createContentCache({ watch, apiBase: API, maxBytes: options.maxBytes });
  return { watch, calls, cache, fetch: cache.wrap(api) };
}

const body = async (response: Response) => ((await response.json()) as { call: number }).call;

describe('createContentCache', () => {
  it("keeps the API's public content answers until content changes", async () => {
    const { fetch, calls, watch } = setup();
    const first = await fetch(`${API}/articles`);
    expect(first.status).toBe(200);
    expect(await body(first)).toBe(1);
    const again = await fetch(`${API}/articles`, { headers: { Accept: 'application/json' } });
    expect(await body(again)).toBe(1);
    expect(again.headers.get('etag')).toBe('W/"1"');
    // A paged list's total is part of its answer.
    expect(again.headers.get('x-total-count')).toBe('12');
    expect(calls).toEqual([`GET ${API}/articles`]);

    watch.change();
    expect(await body(await fetch(`${API}/articles`))).toBe(2);
  });

  it('asks the API each time for what is private, written, not its cached content or elsewhere', async () => {
    const { fetch, calls } = setup();
    for (let round = 0; round < 2; round += 1) {
      await fetch(`${API}/user/profile`, { headers: { Authorization: 'Bearer t' } });
      await fetch(`${API}/session`, { headers: { Cookie: 'session=x' } });
      await fetch(`${API}/messages`, { method: 'POST', body: '{}' });
      await fetch(`${API}/uncached`);
      await fetch(`${API}/articles/missing`);
      await fetch('http://remote.test/server/routes.json');
    }
    expect(calls).toHaveLength(12);
  });

  it('keeps nothing while content changes are not announced, nor an answer asked before a change', async () => {
    const dark = setup({ live: false });
    await dark.fetch(`${API}/projects`);
    await dark.fetch(`${API}/projects`);
    expect(dark.calls).toHaveLength(2);

    const { watch, calls, cache } = setup();
    const slow = cache.wrap(async (input, init) => {
      watch.change(); // an admin's edit lands while the answer is on its way
      return fakeApi().api(input, init);
    });
    await slow(`${API}/projects`);
    expect(cache.size).toBe(0);
    expect(calls).toHaveLength(0);
  });

  it('keeps within its size, honours an aborted signal, and only passes calls on once closed', async () => {
    const { fetch, calls, cache } = setup({ maxBytes: 15 }); // one answer of ten bytes
    await fetch(`${API}/a`);
    await fetch(`${API}/b`);
    await fetch(`${API}/a`);
    expect(calls).toHaveLength(3); // /a was dropped to keep /b

    const aborted = AbortSignal.abort(new Error('visitor left'));
    await expect(fetch(`${API}/a`, { signal: aborted })).rejects.toThrow('visitor left');

    cache.close();
    await fetch(`${API}/a`);
    expect(calls).toHaveLength(4);
  });

  it('makes one call for every render that asks for the same answer meanwhile', async () => {
    const watch = fakeWatch();
    let answer: (response: Response) => void = () => {};
    const api = jest.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const fetch = createContentCache({ watch, apiBase: API }).wrap(api as unknown as typeof fetch);
    const first = fetch(`${API}/settings`);
    const second = fetch(`${API}/settings`);
    await new Promise((resolve) => setImmediate(resolve));
    answer(new Response('{"call":1}', { headers: { etag: 'W/"1"', 'cache-control': 'no-cache' } }));
    expect(await body(await first)).toBe(1);
    expect(await body(await second)).toBe(1);
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('keeps an answer that came after the render asking for it stopped waiting (its budget spent)', async () => {
    const watch = fakeWatch();
    let answer: (response: Response) => void = () => {};
    const api = jest.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const cache = createContentCache({ watch, apiBase: API });
    const fetch = cache.wrap(api as unknown as typeof fetch);
    const budget = new AbortController();
    const late = fetch(`${API}/articles/tls`, { signal: budget.signal });
    budget.abort(new Error('render budget spent'));
    await expect(late).rejects.toThrow('render budget spent');
    // The call itself goes on, on its own signal, and its answer is kept for the next render.
    const [, init] = api.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.signal?.aborted).toBe(false);
    answer(new Response('{"call":1}', { headers: { etag: 'W/"1"', 'cache-control': 'no-cache' } }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.size).toBe(1);
    expect(await body(await fetch(`${API}/articles/tls`))).toBe(1);
    expect(api).toHaveBeenCalledTimes(1);
  });
});
