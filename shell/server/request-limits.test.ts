/** @jest-environment node */
// The site's request time limit (REQUEST_TIMEOUT_MS, docs/security.md "Time limits"), over real
// connections: a head or a body trickled a byte every 2 s (each byte keeps the socket from being
// idle) is cut off well within 15 s. app.inject() never meets Node's HTTP server, whose timers
// these are: Node checks its connections only every connectionsCheckingInterval, and a head's
// limit is headersTimeout (60 s unless given when the server is made).
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { REQUEST_TIMEOUT_MS } from './app';
import { buildTestSite } from './test-support';
import type { TestSite } from './test-support';

const CUT_WITHIN_MS = 15_000;
const TRICKLE_EVERY_MS = 2_000;

let site: TestSite;
let port: number;
beforeAll(async () => {
  site = await buildTestSite();
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  port = (site.app.server.address() as AddressInfo).port;
});
afterAll(() => site.close());

/**
 * Sends `start` at once, then `trickle` a byte every 2 s; resolves when the server closes the
 * connection: how long it took and what it answered.
 */
function trickled(start: string, trickle: string) {
  return new Promise<{ ms: number; answer: string }>((resolve, reject) => {
    const began = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.writable) socket.write(trickle[sent++ % trickle.length]!);
    }, TRICKLE_EVERY_MS);
    const giveUp = setTimeout(() => socket.destroy(), CUT_WITHIN_MS + 1_000);
    socket.on('connect', () => socket.write(start));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ ms: Date.now() - began, answer });
    });
    socket.on('timeout', reject);
  });
}

it(
  'cuts a trickled head and a trickled body within 15 s, with a 408',
  async () => {
    const [head, body] = await Promise.all([
      trickled('GET /blog HTTP/1.1\r\nHost: localhost:3000\r\nX-Slow: ', 'abcdefgh'),
      trickled(
        'POST /session HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: http://localhost:3000\r\n' +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"idToken":"',
        'abcdefgh',
      ),
    ]);
    for (const { ms, answer } of [head, body]) {
      expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 500);
      expect(ms).toBeLessThan(CUT_WITHIN_MS);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    }
    // A head never read may be a HEAD's: nothing after it (contract/client-errors.mjs).
    expect(head.answer).toMatch(/\r\nContent-Length: 0\r\n\r\n$/);
    // A body's request is known: its { message }.
    expect(body.answer).toMatch(/\r\n\r\n\{"message":"[^"]+"\}$/);
  },
  CUT_WITHIN_MS + 5_000,
);
