// @ts-check
// What a server answers a request it could not even read (Node's `clientError`: a head over
// its 16 KiB, a malformed request line, a request that took too long to arrive). Fastify's own
// answer is `{ error, message, statusCode }` in its words, written with a body even to a HEAD
// request, whose client then reads that body as the next answer and fails. The site's server
// and the content API answer the project's `{ message }` instead, and nothing after the head
// unless the request is known not to be a HEAD. Plain JavaScript, like hosts.mjs.
import { STATUS_CODES } from 'node:http';

/** @type {Record<string, [number, string]>} */
const ANSWERS = {
  HPE_HEADER_OVERFLOW: [431, 'The request head is too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};
const MALFORMED = /** @type {[number, string]} */ ([400, 'Malformed request.']);

/** Methods whose answer may carry a body; anything else (HEAD, or unknown) gets none. */
const WITH_BODY = /^(GET|POST|PUT|PATCH|DELETE|OPTIONS) /;

/**
 * The raw answer to a client error: a status line, `Connection: close`, and `{ message }` only
 * when the request's first bytes (or, without them, the method of the request whose body was
 * being read: a request that took too long) show a method other than HEAD.
 * @param {{ code?: string, rawPacket?: unknown }} error
 * @param {string} [method] the method of the request being read, when its head was read
 * @returns {{ status: number, raw: string }}
 */
export function clientErrorAnswer(error, method) {
  const [status, message] = ANSWERS[error.code ?? ''] ?? MALFORMED;
  const { rawPacket } = error;
  const start = Buffer.isBuffer(rawPacket)
    ? rawPacket.toString('latin1', 0, 8)
    : method
      ? `${method} `
      : '';
  const body = WITH_BODY.test(start) ? JSON.stringify({ message }) : '';
  const raw =
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  return { status, raw };
}

/**
 * Fastify's `clientErrorHandler`: answers as above, then closes the connection.
 * @param {Error & { code?: string, rawPacket?: unknown }} error
 * @param {import('node:net').Socket} socket
 */
export function answerClientError(error, socket) {
  // The connection is gone: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A request whose head was read and whose body is still arriving (a trickled body cut off):
  // its method is known. A request already complete is an earlier one on the connection.
  // Node's HTTP parser on the socket, and the request it is reading: internals Node's types omit.
  const { parser } =
    /** @type {{ parser?: { incoming?: { method?: string, complete?: boolean } | null } }} */ (
      /** @type {unknown} */ (socket)
    );
  const incoming = parser?.incoming;
  const method = incoming && !incoming.complete ? incoming.method : undefined;
  if (socket.writable) socket.write(clientErrorAnswer(error, method).raw);
  socket.destroy(error);
}
