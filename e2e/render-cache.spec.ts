// The render cache for visitors without a session (docs/decisions/039): a page asked for again
// comes from memory with a nonce of its own, and an admin's edit shows on the next request (the
// content API announces every change to the site's server).
import type { APIRequestContext } from '@playwright/test';
import { DEV_ADMIN, expect, idTokenFor, siteConfig, test } from './fixtures';

const nonceOf = (body: string) => /<script nonce="([^"]+)"/.exec(body)?.[1] ?? '';

async function page(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return { body: await response.text(), headers: response.headers() };
}

const isHit = ({ headers }: { headers: Record<string, string> }) =>
  headers['server-timing'] === 'cache;desc="hit"';

/**
 * Asks for `path` until it comes from the cache (another spec's write, in parallel, empties the
 * cache now and then), and returns the answers.
 */
async function untilCached(request: APIRequestContext, path: string, hits = 1) {
  const answers: Awaited<ReturnType<typeof page>>[] = [];
  for (let attempt = 0; attempt < 10 && answers.filter(isHit).length < hits; attempt += 1) {
    answers.push(await page(request, path));
  }
  expect(answers.filter(isHit)).toHaveLength(hits);
  return answers;
}

test('a page asked for again comes from the cache, with a nonce of its own', async ({
  request,
}) => {
  const answers = await untilCached(request, '/blog', 2);
  const [first, second] = answers.filter(isHit);
  const nonces = answers.map(({ body }) => nonceOf(body));
  expect(new Set(nonces).size).toBe(answers.length);
  for (const [index, { body, headers }] of answers.entries()) {
    expect(headers['content-security-policy']).toContain(`'nonce-${nonces[index]}'`);
    expect(headers['cache-control']).toBe('no-cache');
    expect(body).not.toContain('nonce-slot');
  }
  const withoutNonce = ({ body }: { body: string }) => body.split(nonceOf(body)).join('N');
  expect(withoutNonce(second!)).toBe(withoutNonce(first!));
});

test('hits answered at the same time each carry their own nonce, compressed or not', async ({
  request,
}) => {
  // A hit's bytes are reused once its response is finished (shell/render-cache.mjs): answers in
  // flight together must never share them.
  await untilCached(request, '/blog');
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, index) =>
      request.get('/blog', {
        headers: { 'accept-encoding': index % 2 === 0 ? 'gzip' : 'identity' },
      }),
    ),
  );
  const nonces = new Set<string>();
  for (const answer of answers) {
    const body = await answer.text();
    const nonce = nonceOf(body);
    nonces.add(nonce);
    expect(answer.headers()['content-security-policy']).toContain(`'nonce-${nonce}'`);
    const inBody = [...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
    expect(inBody.length).toBeGreaterThan(0);
    expect(new Set(inBody)).toEqual(new Set([nonce]));
  }
  expect(nonces.size).toBe(answers.length);
});

/**
 * What the site's server sends for `path` shortly after a write. The API announces the write
 * before it answers it, but here the announcement goes through the fault gate (a proxy) while
 * the test's next request goes straight to the site: the two race by a few milliseconds. Two
 * seconds is far below the cache's 60 s lifetime, so only the announcement can explain a change.
 */
const soon = (request: APIRequestContext, path: string) =>
  expect.poll(async () => (await request.get(path)).text(), {
    timeout: 2000,
    intervals: [20, 50, 100, 200],
  });

test("an admin's edits show on the next request, list and article alike", async ({ request }) => {
  const token = await idTokenFor(request, DEV_ADMIN.email, DEV_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const { apiBase } = await siteConfig(request);
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
