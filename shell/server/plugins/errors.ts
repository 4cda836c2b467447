// What the site's server answers when there is no page or the request is wrong: its own short
// texts, never an echo of the request (a URL, a header) and never a 5xx for a client's mistake.
import type { Socket } from 'node:net';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';

export const NOT_FOUND_TEXT = 'Not found';
export const METHOD_NOT_ALLOWED = 'Method not allowed';
export const BAD_REQUEST = 'Bad request';
export const SERVER_ERROR = 'Something went wrong on our side. Please try again later.';

/** A message for a client error of this status: fixed texts only. */
function clientMessage(status: number): string {
  if (status === 413) return 'Request body too large.';
  if (status === 415) return 'Unsupported content type.';
  if (status === 408) return 'Request timed out.';
  if (status === 431) return 'Request headers too large.';
  return BAD_REQUEST;
}

/** The status and reason of a request Node's parser refused before any route saw it. */
function parserRefusal(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'Request Header Fields Too Large'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Request Timeout'];
  return [400, 'Bad Request'];
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (headers too large, a
 * malformed request line, a body that never arrived) gets the site's own `{ message }` and the
 * connection closes. The message goes only to a request whose method is known and is not HEAD:
 * after a HEAD, a body would be read as the start of the next answer (Fastify's own handler
 * writes one whatever the method), and the packet the parser stopped in may not start the request.
 */
export function answerClientError(
  // Fastify types the packet as a JSON-ed Buffer; Node passes the Buffer itself.
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason] = parserRefusal(error.code);
  const body = JSON.stringify({ message: clientMessage(status) });
  const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : Buffer.alloc(0);
  const method = /^([A-Z]+) /.exec(packet.subarray(0, 16).toString('latin1'))?.[1];
  const withBody = method !== undefined && method !== 'HEAD';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nCache-Control: no-store\r\n` +
      `Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${withBody ? Buffer.byteLength(body) : 0}\r\n\r\n${withBody ? body : ''}`,
  );
}

export default fp(
  async (app) => {
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      const status =
        typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'Request failed');
        return reply.code(500).header('Cache-Control', 'no-store').send({ message: SERVER_ERROR });
      }
      // Fastify's own texts (FST_ERR_BAD_URL, a body's schema) may repeat what was sent.
      request.log.info({ code: error.code, status }, 'Request refused');
      return reply
        .code(status)
        .header('Cache-Control', 'no-store')
        .send({ message: clientMessage(status) });
    });
    app.setNotFoundHandler(async (request, reply) =>
      request.method === 'GET' || request.method === 'HEAD'
        ? reply.code(404).type('text/plain; charset=utf-8').send(NOT_FOUND_TEXT)
        : reply.code(405).header('Allow', 'GET, HEAD').send({ message: METHOD_NOT_ALLOWED }),
    );
  },
  { name: 'site-errors', fastify: '5.x' },
);
