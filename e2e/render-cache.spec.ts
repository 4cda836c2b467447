// The render cache for visitors without a session (docs/decisions/039, 100): a page asked for
// again comes from memory as the very same bytes, compressed once, and an admin's edit shows on
// the next request (the content API announces every change to the site's server).
import type { APIRequestContext } from '@playwright/test';
import { adminApi, expect, test } from './fixtures';

async function page(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string> = {},
) {
  const response = await request.get(path, { headers });
  expect(response.status()).toBe(200);
  return { body: await response.text(), headers: response.headers() };
}

const isHit = ({ headers }: { headers: Record<string, string> }) =>
  headers['server-timing'] === 'cache;desc="hit"';

/**
 * Asks for `path` until it comes from the cache (another spec's write, in parallel, empties the
 * cache now and then), and returns the answers.
 */
async function untilCached(
  request: APIRequestContext,
  path: string,
  hits = 1,
  headers: Record<string, string> = {},
) {
  const answers: Awaited<ReturnType<typeof page>>[] = [];
  for (let attempt = 0; attempt < 10 && answers.filter(isHit).length < hits; attempt += 1) {
    answers.push(await page(request, path, headers));
  }
  expect(answers.filter(isHit)).toHaveLength(hits);
  return answers;
}

test('a page asked for again comes from the cache: the same bytes, validator and policy', async ({
  request,
}) => {
  const answers = await untilCached(request, '/blog', 2);
  const [first, second] = answers.filter(isHit);
  expect(second!.body).toBe(first!.body);
  expect(second!.headers.etag).toBe(first!.headers.etag);
  expect(second!.headers['content-security-policy']).toBe(
    first!.headers['content-security-policy'],
  );
  expect(first!.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=/);
  expect(first!.body).not.toContain('nonce');
});

test('hits answered at the same time are the same page, compressed or not', async ({ request }) => {
  await untilCached(request, '/blog', 1, { 'accept-encoding': 'gzip' });
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, index) =>
      request.get('/blog', {
        headers: { 'accept-encoding': index % 2 === 0 ? 'gzip' : 'identity' },
      }),
    ),
  );
  const bodies = new Set<string>();
  for (const [index, answer] of answers.entries()) {
    bodies.add(await answer.text());
    expect(answer.headers()['content-encoding']).toBe(index % 2 === 0 ? 'gzip' : undefined);
  }
  // Another spec's write may change the page between two answers, never within one.
  expect(bodies.size).toBeLessThanOrEqual(2);
});

/**
 * What the site's server sends for `path` shortly after a write. The API announces the write
 * before it answers it, but here the announcement goes through the fault gate (a proxy) while
 * the test's next request goes straight to the site: the two race by a few milliseconds. Two
 * seconds is far below the cache's ten-minute lifetime, so only the announcement can explain a
 * change.
 */
const soon = (request: APIRequestContext, path: string) =>
  expect.poll(async () => (await request.get(path)).text(), {
    timeout: 2000,
    intervals: [20, 50, 100, 200],
  });

test("an admin's edits show on the next request, list and article alike", async ({ request }) => {
  const { apiBase, headers } = await adminApi(request);
  const title = `Cached page check ${Date.now().toString(36)}`;

  await untilCached(request, '/blog');
  const created = await request.post(`${apiBase}/articles`, {
    headers,
    data: { title, content: 'Written to **check** the render cache.' },
  });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };
  try {
    await soon(request, '/blog').toContain(title);
    await untilCached(request, `/article/${id}`);
    expect((await page(request, `/article/${id}`)).body).toContain('<strong>check</strong>');

    const edited = await request.put(`${apiBase}/articles/${id}`, {
      headers,
      data: { title: `${title}, revised`, content: 'Edited.' },
    });
    expect(edited.status()).toBe(200);
    await soon(request, `/article/${id}`).toContain(`${title}, revised`);
    expect((await page(request, `/article/${id}`)).body).not.toContain('<strong>check</strong>');
  } finally {
    expect((await request.delete(`${apiBase}/articles/${id}`, { headers })).ok()).toBe(true);
  }
  await soon(request, '/blog').not.toContain(title);
  await expect
    .poll(async () => (await request.get(`/article/${id}`)).status(), { timeout: 2000 })
    .toBe(404);
});
