// The API answers only for the host names it is published under, so a page on another site
// cannot reach it through a DNS name of its own that resolves to this machine (DNS rebinding).
import type { TestApp } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';

describe('Host header', () => {
  describe('defaults: loopback names, any port', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite', { seed: false });
    });
    afterAll(() => t.close());

    it.each(['localhost', 'localhost:4000', '127.0.0.1:4200', '[::1]:4000', 'LOCALHOST:80'])(
      'answers for %s',
      async (host) => {
        const response = await t.app.inject({ url: '/api/health', headers: { host } });
        expect(response.statusCode).toBe(200);
      },
    );

    it.each([
      'evil.example',
      'evil.example:4000',
      'localhost.evil.example',
      '127.0.0.1.nip.io:4000',
      '192.168.1.20:4000',
    ])('400 for %s, on every route, before any work', async (host) => {
      for (const request of [
        { url: '/api/projects' },
        { url: '/api/contact' },
        { url: '/api/no-such-route' },
        { method: 'POST' as const, url: '/api/contact', payload: { name: 'x' } },
      ]) {
        const response = await t.app.inject({ ...request, headers: { host } });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: expect.stringMatching(/host/i) });
        expect(response.body).not.toContain('evil');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('the health check answers any host (load balancers probe by address)', async () => {
      const response = await t.app.inject({
        url: '/api/health',
        headers: { host: '10.0.3.7:4000' },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite', {
        seed: false,
        publicHosts: ['api.example.com', 'lan-box:4000'],
      });
    });
    afterAll(() => t.close());

    it.each([
      ['api.example.com', 200],
      ['api.example.com:443', 200],
      ['lan-box:4000', 200],
      ['lan-box:4001', 400],
      ['localhost:4000', 400],
    ])('%s → %i', async (host, status) => {
      const response = await t.app.inject({ url: '/api/projects', headers: { host } });
      expect(response.statusCode).toBe(status);
    });

    it('"*" answers for any host', async () => {
      const any = await createTestApp('pglite', { seed: false, publicHosts: ['*'] });
      try {
        const response = await any.app.inject({
          url: '/api/about-data',
          headers: { host: 'whatever.example' },
        });
        expect(response.statusCode).toBe(200);
      } finally {
        await any.close();
      }
    });
  });
});
