/** @jest-environment node */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildTestSite } from '../test-support';
import type { TestSite } from '../test-support';

let site: TestSite;
let port = 0;
beforeAll(async () => {
  site = await buildTestSite({ env: { PUBLIC_HOSTS: 'alex.example' } });
  // Some requests cannot be made with inject() (it rewrites them): those go over a socket.
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  port = (site.app.server.address() as AddressInfo).port;
});
afterAll(() => site.close());

/** A raw HTTP/1.1 request line and headers, as a client may send them; the answer's text. */
function rawRequest(lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.end(`${lines.join('\r\n')}\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the host check', () => {
  it.each(['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'alex.example'])(
    'answers for %s',
    async (host) => {
      const response = await site.app.inject({ url: '/healthz', headers: { host } });
      expect(response.statusCode).toBe(200);
    },
  );

  it.each(['evil.example', 'alex.example.evil.example'])(
    'refuses the host "%s" with 400, before anything else',
    async (host) => {
      const response = await site.app.inject({ url: '/blog', headers: { host } });
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe('Unknown host');
      expect(site.renderer.rendered).toEqual([]);
    },
  );

  it('refuses a request without a host', async () => {
    const answer = await rawRequest(['GET /blog HTTP/1.0']);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(site.renderer.rendered).toEqual([]);
  });

  it('refuses a request target in absolute form, credentials or not: never a page', async () => {
    for (const target of ['http://u:p@x/blog', 'http://localhost/blog']) {
      const answer = await rawRequest([`GET ${target} HTTP/1.1`, 'Host: localhost']);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).not.toContain('u:p');
    }
    expect(site.renderer.rendered).toEqual([]);
  });
});

describe('a request Node cannot take', () => {
  it('is answered with its status and no body, which a HEAD must not have', async () => {
    const answer = await rawRequest([
      `HEAD /?q=${'A'.repeat(20_000)} HTTP/1.1`,
      'Host: localhost:3000',
    ]);
    expect(answer.startsWith('HTTP/1.1 431 Request Header Fields Too Large\r\n')).toBe(true);
    expect(answer).toContain('Content-Length: 0\r\n');
    expect(answer.endsWith('\r\n\r\n')).toBe(true);
  });
});
