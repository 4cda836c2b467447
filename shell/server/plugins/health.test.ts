/** @jest-environment node */
import { buildTestSite } from '../test-support';
import type { TestSite } from '../test-support';

let site: TestSite;
beforeEach(async () => {
  site = await buildTestSite();
});
afterEach(() => site.close());

const get = (url: string) => site.app.inject({ url, headers: { host: 'localhost' } });

describe('health', () => {
  it('/healthz: alive, never cached', async () => {
    const response = await get('/healthz');
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/readyz: ready while the remotes and the content API answer, and names what is down', async () => {
    await site.app.warmUp.start();
    expect(JSON.parse((await get('/readyz')).body)).toEqual({
      status: 'ready',
      warm: true,
      remotes: true,
      api: true,
    });
    site.renderer.reachable = false;
    const remotesDown = await get('/readyz');
    expect(remotesDown.statusCode).toBe(503);
    expect(JSON.parse(remotesDown.body)).toEqual({
      status: 'degraded',
      warm: true,
      remotes: false,
      api: true,
      remotesDown: ['blog'],
    });
    site.renderer.reachable = true;
    await site.api.close();
    const apiDown = await get('/readyz');
    expect(apiDown.statusCode).toBe(503);
    expect(JSON.parse(apiDown.body)).toEqual({
      status: 'degraded',
      warm: true,
      remotes: true,
      api: false,
    });
  });
});
