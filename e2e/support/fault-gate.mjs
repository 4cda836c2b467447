// @ts-check
// A switchable gate in front of a service (the content API, or a remote's static host), for the
// browser specs' faults: the site (the shell's server and the browser alike) reaches the service
// through it, so a fault set here is real for both: connections reset (the server stopped),
// answers slow, 500s, answers of another shape than the API's contract (ADR 052), or a deploy's
// chunks missing while its manifest and entry are there. The specs switch it with
// POST /__fault?mode=ok|down|slow|error|malformed|missing-chunks[&ms=N]; a gate given `restart`
// also takes POST /__restart, which restarts the service for real (restart-process.mjs) and
// answers once it is back. Started by e2e-stack.mjs, on loopback.
import http from 'node:http';

/** @typedef {'ok' | 'down' | 'slow' | 'error' | 'malformed' | 'missing-chunks'} FaultMode */
const MODES = new Set(['ok', 'down', 'slow', 'error', 'malformed', 'missing-chunks']);
/** A slow answer's delay: past the site's render budget in the specs' stack (3 s, e2e-stack.mjs). */
export const SLOW_MS = 4500;
/** A built chunk or stylesheet: its name carries a content hash. */
const HASHED_FILE = /\.[0-9a-f]{8}\.(js|css)(\?|$)/;

/**
 * @param {{ target: string, port: number, host?: string, restart?: () => Promise<unknown> }} options
 *   target: the service's origin; restart: how POST /__restart restarts it
 * @returns {Promise<http.Server>}
 */
export function startFaultGate({ target, port, host = '127.0.0.1', restart }) {
  /** @type {FaultMode} */
  let mode = 'ok';
  let slowMs = SLOW_MS;
  const upstream = new URL(target);
  /**
   * Answers being relayed. A fault is a server restarted in that state, so a mode change cuts
   * them, long-lived ones included (the content API's event stream, which the site's render
   * cache trusts only while it is open: docs/decisions/039).
   * @type {Set<http.ServerResponse>}
   */
  const relaying = new Set();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://gate');
    if (url.pathname === '/__fault') {
      const next = url.searchParams.get('mode') ?? '';
      if (request.method !== 'POST' || !MODES.has(next)) {
        response
          .writeHead(400)
          .end('POST /__fault?mode=ok|down|slow|error|malformed|missing-chunks');
        return;
      }
      mode = /** @type {FaultMode} */ (next);
      slowMs = Number(url.searchParams.get('ms')) || SLOW_MS;
      for (const open of relaying) open.destroy();
      relaying.clear();
      response.writeHead(204).end();
      return;
    }
    if (url.pathname === '/__restart' && restart && request.method === 'POST') {
      restart().then(
        (result) =>
          response
            .writeHead(200, { 'Content-Type': 'application/json' })
            .end(JSON.stringify(result)),
        (error) => response.writeHead(500).end(String(error)),
      );
      return;
    }
    if (mode === 'down') {
      request.socket.destroy();
      return;
    }
    if (mode === 'missing-chunks' && HASHED_FILE.test(url.pathname)) {
      response
        .writeHead(404, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' })
        .end('Not found');
      return;
    }
    if (mode === 'error') {
      response
        .writeHead(500, {
          'Content-Type': 'application/json',
          'Access-Control-Allow-Origin': request.headers.origin ?? '*',
        })
        .end('{"message":"Internal error"}');
      return;
    }
    if (mode === 'malformed') {
      // A success whose body is no answer of the API: neither a list nor any of its records.
      response
        .writeHead(200, {
          'Content-Type': 'application/json',
          'Access-Control-Allow-Origin': request.headers.origin ?? '*',
          'Cache-Control': 'no-store',
        })
        .end('{"data":null,"title":42}');
      return;
    }
    const forward = () => {
      const proxied = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, host: upstream.host },
        },
        (answer) => {
          relaying.add(response);
          response.on('close', () => relaying.delete(response));
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      proxied.on('error', () => response.destroy());
      request.pipe(proxied);
    };
    if (mode === 'slow') setTimeout(forward, slowMs);
    else forward();
  });
  // Keep-alive connections from before a fault would bypass it: no keep-alive here.
  server.keepAliveTimeout = 0;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
