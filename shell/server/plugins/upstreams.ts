// One origin for the browser (docs/decisions/101). A page asks the site's own origin for
// everything: its HTML, the shell's files, the content API under /api and each remote's files
// under /remotes/<name>/. This plugin routes the last two to where each service really is
// (SiteUpstreams: API_BASE_URL, REMOTE_<NAME>_URL), so `npm start` works as production does; in
// production the edge (deploy/edge/) routes them before they reach this server, and these routes
// stay for a site run without one. The API gets no cookie (it trusts ID tokens only, and the
// site's session cookie is not its business); each remote stays its own deployable on its own
// origin. A remote's hashed stylesheets that rendered pages link are answered from the copy this
// server keeps (../remote-assets.ts), so a remote outage never unstyles a rendered page.
import httpProxy from '@fastify/http-proxy';
import replyFrom from '@fastify/reply-from';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PATH, REMOTES_PATH } from '@portfolio/contract';
import type { SiteUpstreams } from '@portfolio/platform/runtime-config';
import { NOT_FOUND_TEXT } from './errors';
import { createRemoteAssets, remoteOf, upstreamUrl } from '../remote-assets';
import type { RemoteAssets } from '../remote-assets';

declare module 'fastify' {
  interface FastifyInstance {
    /** The remotes' hashed stylesheets the pages link, kept (../remote-assets.ts). */
    readonly remoteAssets: RemoteAssets;
  }
}

export interface UpstreamsOptions {
  /** The site's origin as the pages address it (the runtime config's). */
  siteOrigin: string;
  upstreams: SiteUpstreams;
}

/** An upstream that does not answer: the browser's part (a script, the API) handles it. */
export const UPSTREAM_UNAVAILABLE = 'Service unavailable';

type Headers = Record<string, string | string[] | undefined>;

/** The parts of a request (HTTP/1 or 2) the forwarded headers are made of. */
type Asked = Pick<FastifyRequest, 'ip' | 'protocol' | 'host'> & {
  headers: Record<string, string | string[] | undefined>;
};

/**
 * Headers that say who a request came from and how: a client may write any of them, so none
 * written before this server is passed on (security round 4, finding B).
 */
const FORWARDING_HEADER = /^(?:forwarded|x-forwarded-.*|x-real-ip|x-client-ip|true-client-ip)$/;

/**
 * What the service behind is told of the request: who asked, how, for which host. This server
 * is the first hop (it trusts no proxy in front of it: no `trustProxy`, so `ip` is the socket's
 * peer, `protocol` the socket's and `host` the Host header the host check accepted), so it sets
 * them and drops whatever the client wrote: a client could otherwise choose the address the API
 * rate-limits and scopes by (an appended X-Forwarded-For kept the client's entries first).
 */
function forwardedHeaders(request: Asked, headers: Headers): Headers {
  const passed: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower !== 'cookie' && !FORWARDING_HEADER.test(lower)) passed[name] = value;
  }
  return {
    ...passed,
    'x-forwarded-for': request.ip,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host,
  };
}

const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade']);

/**
 * The upstream's answer headers without those about its connection to this server (RFC 9110
 * 7.6.1: Connection, Keep-Alive, Proxy-Connection, Upgrade and any the Connection header names).
 * Passed on, the API's `Connection: keep-alive` overrode a client's `Connection: close`, whose
 * socket then stayed open after the answer (security round 5).
 */
export function withoutConnectionHeaders(headers: Headers): Headers {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const kept: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!CONNECTION_HEADERS.has(lower) && !named.has(lower)) kept[name] = value;
  }
  return kept;
}
/** The parts of a reply (HTTP/1 or 2) an answer of the site's own is sent with. */
interface Answer {
  code(status: number): unknown;
  header(name: string, value: string): unknown;
  type(contentType: string): unknown;
  send(payload: string): unknown;
}

function unavailable(reply: Answer) {
  reply.code(502);
  reply.header('Cache-Control', 'no-store');
  reply.type('text/plain; charset=utf-8');
  return reply.send(UPSTREAM_UNAVAILABLE);
}

export default fp<UpstreamsOptions>(
  async (app, { siteOrigin, upstreams }) => {
    const remoteBases = Object.fromEntries(
      Object.entries(upstreams.remotes).map(([name, manifest]) => [
        name,
        new URL('./', manifest).href,
      ]),
    ) as SiteUpstreams['remotes'];
    const remoteAssets = createRemoteAssets({
      siteOrigin,
      upstreams: remoteBases,
      log: (message, error) => app.log.warn({ err: error }, message),
    });
    app.decorate('remoteAssets', remoteAssets);

    // The content API: every method, bodies passed through as they come.
    const api = new URL(upstreams.api);
    // No info lines of the proxy's own per request ('fetching from remote server', 'response
    // received'): requests are logged by Fastify when LOG_REQUESTS asks for it.
    await app.register(httpProxy, {
      disableRequestLogging: true,
      upstream: api.origin,
      prefix: API_PATH,
      rewritePrefix: api.pathname.replace(/\/+$/, ''),
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => forwardedHeaders(request, headers),
        rewriteHeaders: (headers) => withoutConnectionHeaders(headers),
        onError: (reply) => unavailable(reply),
      },
    });

    // The remotes' files: GET and HEAD, from the kept copy when there is one.
    await app.register(replyFrom, { disableRequestLogging: true });
    app.route({
      method: ['GET', 'HEAD'],
      url: `${REMOTES_PATH}*`,
      handler(request, reply) {
        const query = request.url.indexOf('?');
        const pathname = query === -1 ? request.url : request.url.slice(0, query);
        const located = remoteOf(pathname);
        const upstream = located && upstreamUrl(remoteBases[located.remote], located.rest);
        if (!located || !upstream) {
          return reply.code(404).type('text/plain; charset=utf-8').send(NOT_FOUND_TEXT);
        }
        const kept = remoteAssets.get(pathname);
        if (kept) {
          return reply
            .header('Cache-Control', 'public, max-age=31536000, immutable')
            .type(kept.type)
            .send(kept.body);
        }
        // The query goes on as it came, beside the path, never through reply-from's URL
        // decoding of its source, which throws on a malformed `%` (a client's mistake was a 500).
        const search = query === -1 ? '' : request.url.slice(query + 1);
        return reply.from(upstream, {
          queryString: () => search,
          rewriteRequestHeaders: (original, headers) => forwardedHeaders(original, headers),
          rewriteHeaders: (headers) => withoutConnectionHeaders(headers),
          onError: (failed) => unavailable(failed),
        });
      },
    });
  },
  { name: 'site-upstreams', fastify: '5.x' },
);
