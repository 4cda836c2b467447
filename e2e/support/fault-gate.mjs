// A switchable gate in front of the content API, for the browser specs' faults: the site (the
// shell's server and the browser alike) reaches the API through it, so a fault set here is real
// for both: connections reset, answers slow, or 500s. The specs switch it with
// POST /__fault?mode=ok|down|slow|error (only from loopback). Started by e2e-stack.mjs.
import http from 'node:http';

/** @typedef {'ok' | 'down' | 'slow' | 'error'} FaultMode */
const MODES = new Set(['ok', 'down', 'slow', 'error']);
export const SLOW_MS = 2500;

/**
 * @param {{ target: string, port: number, host?: string }} options target: the API's origin
 * @returns {Promise<http.Server>}
 */
export function startFaultGate({ target, port, host = '127.0.0.1' }) {
  /** @type {FaultMode} */
  let mode = 'ok';
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://gate');
    if (url.pathname === '/__fault') {
      const next = url.searchParams.get('mode') ?? '';
      if (request.method !== 'POST' || !MODES.has(next)) {
        response.writeHead(400).end('POST /__fault?mode=ok|down|slow|error');
        return;
      }
      mode = /** @type {FaultMode} */ (next);
      response.writeHead(204).end();
      return;
    }
    if (mode === 'down') {
      request.socket.destroy();
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
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      proxied.on('error', () => response.destroy());
      request.pipe(proxied);
    };
    if (mode === 'slow') setTimeout(forward, SLOW_MS);
    else forward();
  });
  // Keep-alive connections from before a fault would bypass it: no keep-alive here.
  server.keepAliveTimeout = 0;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
