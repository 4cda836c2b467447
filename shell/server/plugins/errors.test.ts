/** @jest-environment node */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildTestSite } from '../test-support';
import type { TestSite } from '../test-support';
import { METHOD_NOT_ALLOWED } from './errors';

let site: TestSite;
beforeAll(async () => {
  site = await buildTestSite();
});
afterAll(() => site.close());

describe('errors', () => {
  it('answers a method the site has no route for with 405 and the methods it has', async () => {
    const response = await site.app.inject({
      method: 'PUT',
      url: '/blog',
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(response.body)).toEqual({ message: METHOD_NOT_ALLOWED });
  });

  it.each([
    ['a body that is not JSON', 'application/json', '{"idToken": <script>'],
    ['a body of a type the site does not take', 'text/x-evil', '<script>alert(1)</script>'],
    ['a body too large', 'application/json', JSON.stringify({ idToken: 'a'.repeat(20_000) })],
  ])(
    'answers %s with its own 4xx message, never an echo of the request',
    async (_what, type, payload) => {
      const response = await site.app.inject({
        method: 'POST',
        url: '/session',
        headers: { host: 'localhost', origin: 'http://localhost', 'content-type': type },
        payload,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(Object.keys(JSON.parse(response.body))).toEqual(['message']);
      expect(response.body).not.toMatch(/script|idToken|aaaa/);
    },
  );

  it('never echoes a malformed URL', async () => {
    const response = await site.app.inject({
      url: '/%E0%A4%A<script>',
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain('<script>');
  });
});

describe("requests Node's parser refuses", () => {
  let port = 0;
  beforeAll(async () => {
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    port = (site.app.server.address() as AddressInfo).port;
  });

  /** What the server sends back for these bytes, whole, until it closes the connection. */
  function rawAnswer(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  const tooLarge = (method: string) =>
    `${method} /${'A'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`;

  it('answers headers too large with 431 and its own message', async () => {
    const answer = await rawAnswer(tooLarge('GET'));
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/Connection: close/);
    expect(JSON.parse(body ?? '')).toEqual({ message: 'Request headers too large.' });
  });

  it('answers a HEAD request it refuses with the head alone, so the answer parses', async () => {
    const answer = await rawAnswer(tooLarge('HEAD'));
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/Content-Length: 0\r\n\r\n$/);
  });

  it('answers a malformed request line with 400, never an echo', async () => {
    const answer = await rawAnswer('GET /<script> HTTP/9\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).not.toContain('<script>');
  });
});
