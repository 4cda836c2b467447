/** @jest-environment node */
// The server's log of failures (docs/decisions/115): one line per kind, at most one a minute
// while it goes on, one when it works again. The content API is stopped and started for real.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFailureLog } from './failure-log';
import { buildTestSite } from './test-support';

function fakeLogger() {
  const lines: { level: 'warn' | 'info'; fields: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    warn: (fields: Record<string, unknown>, message: string) =>
      lines.push({ level: 'warn', fields, message }),
    info: (fields: Record<string, unknown>, message: string) =>
      lines.push({ level: 'info', fields, message }),
  };
}

describe('createFailureLog', () => {
  it('writes a kind once, then once per interval with the count, and once when it is back', () => {
    const logger = fakeLogger();
    let now = 0;
    const log = createFailureLog(logger as never, { intervalMs: 60_000, now: () => now });
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: { code: 'ECONNREFUSED' },
    });
    for (let index = 0; index < 25; index += 1) {
      log.failed({ source: 'content-api', kind: 'unreachable', error: refused });
      now += 1000;
    }
    log.failed({ source: 'content-api', kind: 'answers 500' });
    expect(logger.lines).toEqual([
      {
        level: 'warn',
        fields: {
          source: 'content-api',
          failure: 'unreachable',
          error: 'fetch failed (ECONNREFUSED)',
        },
        message: 'content-api: unreachable',
      },
      {
        level: 'warn',
        fields: { source: 'content-api', failure: 'answers 500' },
        message: 'content-api: answers 500',
      },
    ]);
    now = 61_000;
    log.failed({ source: 'content-api', kind: 'unreachable', error: refused });
    expect(logger.lines[2]).toMatchObject({
      fields: { failure: 'unreachable', notLogged: 24 },
      message: 'content-api: unreachable (still; 24 more since the last line)',
    });
    log.recovered('content-api', 'content-api: answers again');
    log.recovered('content-api', 'content-api: answers again');
    expect(logger.lines.slice(3)).toEqual([
      {
        level: 'info',
        fields: { source: 'content-api', recovered: true, failures: 27, downSeconds: 61 },
        message: 'content-api: answers again',
      },
    ]);
    // A new outage starts afresh.
    log.failed({ source: 'content-api', kind: 'unreachable', error: refused });
    expect(logger.lines).toHaveLength(5);
  });
});

describe("the site's calls to the content API, with the API stopped and started again", () => {
  it('log one line for many failed calls, no stack, and one when the API answers again', async () => {
    // A content API of its own, on a port it gets back after a restart.
    const answer = (_request: http.IncomingMessage, response: http.ServerResponse) =>
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
    let api = http.createServer(answer);
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const { port } = api.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}/api`;
    const lines: Record<string, unknown>[] = [];
    const site = await buildTestSite({
      logger: { level: 'info', stream: { write: (line) => lines.push(JSON.parse(line)) } },
      contentCache: false,
      env: { API_BASE_URL: base },
    });
    try {
      expect((await site.app.apiFetch(`${base}/articles`)).status).toBe(200);
      await new Promise<void>((resolve) => api.close(() => resolve()));
      for (let index = 0; index < 30; index += 1) {
        await expect(site.app.apiFetch(`${base}/articles`)).rejects.toThrow();
      }
      const failures = lines.filter((line) => line.source === 'content-api');
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({
        level: 40,
        failure: 'unreachable',
        path: '/api/articles',
        msg: 'content-api: unreachable',
      });
      expect(JSON.stringify(failures[0])).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);

      api = http.createServer(answer);
      await new Promise<void>((resolve) => api.listen(port, '127.0.0.1', resolve));
      expect((await site.app.apiFetch(`${base}/articles`)).status).toBe(200);
      expect((await site.app.apiFetch(`${base}/articles`)).status).toBe(200);
      expect(lines.filter((line) => line.source === 'content-api')).toEqual([
        failures[0],
        expect.objectContaining({
          level: 30,
          recovered: true,
          failures: 30,
          msg: 'content-api: answers again',
        }),
      ]);
    } finally {
      await site.close();
      await new Promise<void>((resolve) => api.close(() => resolve()));
    }
  });
});
