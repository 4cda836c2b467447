/** @jest-environment node */
// The site's stream of content changes with its key (docs/decisions/083), against a small
// server that answers as the content API does: the key goes in its header, and a key the API
// does not take is dropped rather than leaving the caches off.
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTENT_EVENTS_KEY_HEADER, watchContent } from './content-events';
import type { ContentWatch } from './content-events';

const KEY = 'k'.repeat(64);

let server: Server;
let apiBase: string;
let watch: ContentWatch | undefined;
const requests: IncomingMessage['headers'][] = [];
/** The key this API takes (undefined: it has none, and refuses any). */
let apiKey: string | undefined;

beforeEach(async () => {
  requests.length = 0;
  server = createServer((request, response) => {
    requests.push(request.headers);
    const key = request.headers[CONTENT_EVENTS_KEY_HEADER.toLowerCase()];
    if (key !== undefined && key !== apiKey) {
      response.writeHead(401, { 'Content-Type': 'application/json' });
      response.end('{"message":"Invalid content events key."}');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    response.write('event: content\ndata: {"generation":1,"active":true}\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterEach(async () => {
  watch?.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Waits for `condition`, up to 20 s: a busy machine may take seconds (issue 50). */
async function until(condition: () => boolean) {
  const deadline = Date.now() + 20_000;
  while (!condition() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(condition()).toBe(true);
}

describe('watchContent', () => {
  it("sends the site's key with its stream", async () => {
    apiKey = KEY;
    watch = watchContent({ apiBase, key: KEY });
    await until(() => watch!.live);
    expect(requests[0]?.[CONTENT_EVENTS_KEY_HEADER.toLowerCase()]).toBe(KEY);
  });

  it('sends no key without one', async () => {
    apiKey = undefined;
    watch = watchContent({ apiBase });
    await until(() => watch!.live);
    expect(requests[0]).not.toHaveProperty(CONTENT_EVENTS_KEY_HEADER.toLowerCase());
  });

  it('drops a key the API refuses, says so once, and follows it as any client would', async () => {
    apiKey = 'another-runs-key-'.repeat(3);
    const log: string[] = [];
    watch = watchContent({ apiBase, key: KEY, reconnectMs: 10, log: (line) => log.push(line) });
    await until(() => watch!.live);
    expect(requests.map((headers) => headers[CONTENT_EVENTS_KEY_HEADER.toLowerCase()])).toEqual([
      KEY,
      undefined,
    ]);
    expect(log.filter((line) => line.includes("refused the site's key"))).toHaveLength(1);
  });
});
