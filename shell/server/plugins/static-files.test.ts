/** @jest-environment node */
import { buildTestSite } from '../test-support';
import type { TestSite } from '../test-support';

let site: TestSite;
beforeAll(async () => {
  site = await buildTestSite();
});
afterAll(() => site.close());

const get = (url: string) => site.app.inject({ url, headers: { host: 'localhost' } });

describe("the shell's files", () => {
  it('are served with their cache rules', async () => {
    const hashed = await get('/main.1a2b3c4d.js');
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.txt')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each(['/server/render.cjs', '/assets.json', '/main.1a2b3c4d.js.map'])(
    'keep %s off the public server',
    async (url) => {
      expect((await get(url)).statusCode).toBe(404);
    },
  );

  it('/runtime-config.json: the config the server built, never cached', async () => {
    const response = await get('/runtime-config.json');
    expect(response.headers['cache-control']).toBe('no-cache');
    const config = JSON.parse(response.body) as {
      remotes: Record<string, string>;
      remoteOrigins: string[];
    };
    expect(config.remotes.blog).toBe('http://localhost:3000/remotes/blog/mf-manifest.json');
    expect(config.remoteOrigins).toEqual(['http://localhost:3000']);
  });
});
