// The render cache for visitors without a session (docs/decisions/039): a page asked for again
// comes from memory with a nonce of its own, and an admin's edit shows on the very next request
// (the content API announces every change to the site's server).
import type { APIRequestContext } from '@playwright/test';
import { DEV_ADMIN, expect, idTokenFor, siteConfig, test } from './fixtures';

const nonceOf = (body: string) => /<script nonce="([^"]+)"/.exec(body)?.[1] ?? '';

async function page(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return { body: await response.text(), headers: response.headers() };
}

test('a page asked for again comes from the cache, with a nonce of its own', async ({
  request,
}) => {
  // The first answer may be a render or already cached; the ones after it are cached.
  const first = await page(request, '/blog');
  const second = await page(request, '/blog');
  const third = await page(request, '/blog');
  expect(second.headers['server-timing']).toBe('cache;desc="hit"');
  expect(third.headers['server-timing']).toBe('cache;desc="hit"');

  const nonces = [first, second, third].map(({ body }) => nonceOf(body));
  expect(new Set(nonces).size).toBe(3);
  for (const [index, { body, headers }] of [first, second, third].entries()) {
    expect(headers['content-security-policy']).toContain(`'nonce-${nonces[index]}'`);
    expect(headers['cache-control']).toBe('no-cache');
    expect(body.split(nonces[index]!).join('N')).toBe(first.body.split(nonces[0]!).join('N'));
  }
});

test("an admin's edits show on the next request, list and article alike", async ({ request }) => {
  const token = await idTokenFor(request, DEV_ADMIN.email, DEV_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const { apiBase } = await siteConfig(request);
  const title = `Cached page check ${Date.now().toString(36)}`;

  await page(request, '/blog');
  expect((await page(request, '/blog')).headers['server-timing']).toBe('cache;desc="hit"');
  const created = await request.post(`${apiBase}/articles`, {
    headers,
    data: { title, content: 'Written to **check** the render cache.' },
  });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };
  try {
    const list = await page(request, '/blog');
    expect(list.headers['server-timing']).toMatch(/^render;dur=/);
    expect(list.body).toContain(title);
    const article = await page(request, `/article/${id}`);
    expect(article.body).toContain('<strong>check</strong>');
    expect((await page(request, `/article/${id}`)).headers['server-timing']).toBe(
      'cache;desc="hit"',
    );

    const edited = await request.put(`${apiBase}/articles/${id}`, {
      headers,
      data: { title: `${title}, revised`, content: 'Edited.' },
    });
    expect(edited.status()).toBe(200);
    const revised = await page(request, `/article/${id}`);
    expect(revised.body).toContain(`${title}, revised`);
    expect(revised.body).not.toContain('<strong>check</strong>');
  } finally {
    expect((await request.delete(`${apiBase}/articles/${id}`, { headers })).ok()).toBe(true);
  }
  expect((await page(request, '/blog')).body).not.toContain(title);
  expect((await request.get(`/article/${id}`)).status()).toBe(404);
});
