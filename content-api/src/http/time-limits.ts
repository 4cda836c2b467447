// How long a request may take to arrive (security round 4, finding 2): a client that trickles
// its head or its body (a byte every few seconds) held a connection for as long as it liked.
//
//   head              within HEAD_TIMEOUT_MS of the request's start (Node's headersTimeout)
//   body              within BODY_TIMEOUT_MS of the head (the hook below), on every route but
//                     an admin's image upload
//   whole request     within UPLOAD_TIMEOUT_MS (Node's requestTimeout), which only an upload
//                     that passed the admin check gets near
//
// Node has no minimum body rate, and its requestTimeout is one figure for the whole server; so
// the long figure, which a 20 MiB photo on a slow link needs, is the server's, and every other
// route (16 KiB to 1 MiB bodies, most of them open to anyone) has its short one here. An answer
// sent before its body arrived (a 401 to an upload without a token, a 404, a 413) closes the
// connection, so nobody can trickle a body the API never wanted. Node looks for requests past
// their time every CONNECTIONS_CHECKING_INTERVAL_MS (its default, 30 s, added up to 30 s to
// each limit). A response may take as long as it needs: the limits are on receiving the
// request, so a content event stream (a GET, whole at once) is never cut by them.
import { answerClientError } from '@portfolio/contract/client-errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface TimeLimits {
  headMs: number;
  bodyMs: number;
  uploadMs: number;
  checkEveryMs: number;
}

/** A request head is a few hundred bytes (at most 16 KiB). */
export const HEAD_TIMEOUT_MS = 10_000;
/** The largest ordinary body is 1 MiB (an article): 10 s is 0.84 Mbit/s. */
export const BODY_TIMEOUT_MS = 10_000;
/**
 * An image upload, head and body: 20 MiB and its multipart envelope in 3 minutes is 0.94 Mbit/s,
 * below any mobile or DSL uplink. The edge passes `/api` bodies on as they arrive (ADR 129), so
 * this is the client's own pace; the edge cuts a body that pauses for 10 s.
 */
export const UPLOAD_TIMEOUT_MS = 180_000;
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

export const DEFAULT_TIME_LIMITS: TimeLimits = {
  headMs: HEAD_TIMEOUT_MS,
  bodyMs: BODY_TIMEOUT_MS,
  uploadMs: UPLOAD_TIMEOUT_MS,
  checkEveryMs: CONNECTIONS_CHECKING_INTERVAL_MS,
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an upload: its body has the whole-request limit, not BODY_TIMEOUT_MS. */
    uploadBody?: boolean;
  }
}

/** Fastify's options for these limits: Node's own, given when the server is made. */
export function serverTimeLimits(limits: TimeLimits) {
  return {
    // Only at creation does Node take a checking interval; Fastify sets requestTimeout again
    // after creating the server, so it is given twice.
    http: {
      headersTimeout: limits.headMs,
      requestTimeout: limits.uploadMs,
      connectionsCheckingInterval: limits.checkEveryMs,
    },
    requestTimeout: limits.uploadMs,
  };
}

/** Whether the request says a body follows. */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (!!length && length !== '0');
}

/** An answer given before the request's body arrived closes the connection: it is never read. */
export function closeIfBodyPending(request: FastifyRequest, reply: FastifyReply) {
  if (hasBody(request) && !request.raw.complete) reply.header('connection', 'close');
}

/** Cuts a request whose body is late with Node's own answer (408 `{ message }`) and closes. */
function cutOff(request: FastifyRequest, reply: FastifyReply) {
  const socket = request.raw.socket;
  if (reply.raw.headersSent) {
    socket.destroy();
    return;
  }
  const error = Object.assign(new Error('The request body took too long to arrive.'), {
    code: 'ERR_HTTP_REQUEST_TIMEOUT',
    rawPacket: Buffer.from(`${request.method} `),
  });
  request.log.info(`request body not received within the time limit: ${request.method}`);
  answerClientError(error, socket);
}

export function registerTimeLimits(app: FastifyInstance, limits: TimeLimits) {
  app.addHook('onRequest', (request, reply, done) => {
    if (hasBody(request) && !request.routeOptions.config.uploadBody) {
      const timer = setTimeout(() => {
        if (!request.raw.complete) cutOff(request, reply);
      }, limits.bodyMs);
      timer.unref();
      reply.raw.once('close', () => clearTimeout(timer));
    }
    done();
  });
  // A request refused at once (401, 404, 413…) does not keep its connection for its body.
  app.addHook('onSend', (request, reply, payload, done) => {
    closeIfBodyPending(request, reply);
    done(null, payload);
  });
}
