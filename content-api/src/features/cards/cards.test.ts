import { adminHeaders } from '../../testing/fake-auth.js';
import { testDrivers } from '../../testing/databases.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { CardCache } from './card-cache.js';
import { CARD_NOT_FOUND, cardVersion } from './routes.js';
import { CARD_HEIGHT, CARD_WIDTH } from './render.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk (bytes 16-23). */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe.each(testDrivers)('cards (%s)', (driver) => {
  let t: TestApp;
  let article: { _id: string; updatedAt: string };
  let project: { _id: string; updatedAt: string };
  /** When the settings last changed: every card shows them (docs/decisions/141). */
  let settingsAt: string;
  beforeAll(async () => {
    t = await createTestApp(driver, { siteUrl: 'https://portfolio.example' });
    settingsAt = (await t.app.inject('/api/settings')).json().updatedAt;
    [article] = (await t.app.inject('/api/articles')).json();
    [project] = (await t.app.inject('/api/projects')).json();
  });
  afterAll(() => t.close());

  it('an article card is a 1200 × 630 PNG, immutable at its versioned URL', async () => {
    const url = `/api/cards/articles/${article._id}.png?v=${cardVersion(article.updatedAt, settingsAt)}`;
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(pngSize(response.rawPayload)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
  });

  it('a project card and the default card too; an old or missing version is cached briefly', async () => {
    const projectCard = await t.app.inject(`/api/cards/projects/${project._id}.png?v=old`);
    expect(projectCard.statusCode).toBe(200);
    expect(projectCard.headers['cache-control']).toBe('public, max-age=300');
    expect(pngSize(projectCard.rawPayload)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
    const fallback = await t.app.inject('/api/cards/default.png');
    expect(fallback.statusCode).toBe(200);
    expect(pngSize(fallback.rawPayload)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
  });

  it('an edit gives the card a new version, and a new image', async () => {
    const before = await t.app.inject(`/api/cards/articles/${article._id}.png`);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${article._id}`,
      headers: adminHeaders,
      payload: { title: 'A brand new title for the card', content: 'Edited.' },
    });
    expect(edited.statusCode).toBe(200);
    const version = cardVersion(edited.json().updatedAt, settingsAt);
    expect(version).not.toBe(cardVersion(article.updatedAt, settingsAt));
    const after = await t.app.inject(`/api/cards/articles/${article._id}.png?v=${version}`);
    expect(after.headers['cache-control']).toContain('immutable');
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
  });

  it("a card's version is the later of its content's and the settings' times", () => {
    expect(cardVersion('2025-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')).toBe(
      Date.parse('2026-01-01T00:00:00.000Z').toString(36),
    );
    expect(cardVersion('2026-02-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')).toBe(
      Date.parse('2026-02-01T00:00:00.000Z').toString(36),
    );
    expect(cardVersion('not a time')).toBe('0');
  });

  it('unknown content is a 404 and a malformed name a 400, each with a message', async () => {
    const missing = await t.app.inject('/api/cards/articles/no-such-article.png');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: CARD_NOT_FOUND });
    for (const url of [
      '/api/cards/articles/UPPER.png',
      '/api/cards/projects/x.svg',
      `/api/cards/articles/${'a'.repeat(200)}.png`,
    ]) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await t.app.inject('/api/cards/users/x.png')).statusCode).toBe(404);
  });
});

describe('CardCache', () => {
  it('renders a key once, evicts the least recently used, and forgets failures', async () => {
    const cache = new CardCache(2);
    let renders = 0;
    const make = async () => {
      renders += 1;
      return Buffer.from('png');
    };
    await Promise.all([cache.get('a', make), cache.get('a', make)]);
    expect(renders).toBe(1);
    await cache.get('b', make);
    await cache.get('a', make);
    await cache.get('c', make);
    expect(cache.size).toBe(2);
    await cache.get('a', make);
    expect(renders).toBe(3);
    await expect(cache.get('d', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await Promise.resolve();
    expect(cache.size).toBeLessThanOrEqual(2);
    await cache.get('d', make);
    expect(renders).toBe(4);
  });
});
