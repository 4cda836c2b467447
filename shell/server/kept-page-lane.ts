// The kept-page lane (docs/decisions/105): a GET without any cookie, for a public host, whose
// target was located to a page that is kept, in a form made for its Accept-Encoding (Brotli or
// gzip, what browsers and caches ask for), is answered as the page route answers it, with the
// headers the site's hooks add (its security headers; nothing else applies to a kept page),
// straight from Node's HTTP server, without Fastify's request life cycle. Anything else goes on
// to Fastify (./plugins/page-route.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LRUCache } from 'lru-cache';
import { STATIC_SECURITY_HEADERS } from '@portfolio/platform/security-headers';
import type { RenderCache } from './render-cache';
import { pickEncoding, sharedAnswer } from './shared-page';
import type { PageEncoding, SharedAnswer, SharedPage } from './shared-page';

/** Answers a request for a kept page: true when it did, false to hand it to Fastify. */
export type KeptPageLane = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Request targets already located to a page, with the render cache's generation then. */
export type LocatedTargets = LRUCache<string, { key: string; generation: number }>;

export interface KeptPageLaneOptions {
  renderCache: RenderCache;
  located: LocatedTargets;
  /** Whether the site answers this Host header (the host check's rule). */
  isPublicHost(host: string | undefined): boolean;
  /** Whether the lane is closed: the server closes, or a canary gives visitors a cohort. */
  closed(): boolean;
  /** The headers of a kept page's answer that are not its own (Cache-Control, timing…). */
  hitOptions: { cacheControl: string; timing: string; reportingEndpoints: string };
}

interface LaneAnswer {
  status: number;
  head: string[];
  body?: Buffer;
}

export function createKeptPageLane({
  renderCache,
  located,
  isPublicHost,
  closed,
  hitOptions,
}: KeptPageLaneOptions): KeptPageLane {
  const securityHeaders = Object.fromEntries(
    Object.entries(STATIC_SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value]),
  );
  /** Host headers the host check accepted (a few: the site's names), so each is checked once. */
  const knownHosts = new Set<string>();
  const isKnownHost = (host: string | undefined) => {
    if (host === undefined) return false;
    if (knownHosts.has(host)) return true;
    if (!isPublicHost(host)) return false;
    if (knownHosts.size < 32) knownHosts.add(host);
    return true;
  };
  /** The answer for each encoding of a kept page, its headers in the flat form Node takes. */
  const laneAnswers = new WeakMap<SharedPage, Partial<Record<PageEncoding, LaneAnswer>>>();
  const laneAnswer = (answer: SharedAnswer): LaneAnswer => {
    const length = answer.body ? { 'content-length': String(answer.body.length) } : {};
    // The page's own headers over the site's: its opener policy (docs/decisions/177).
    const all = { ...securityHeaders, ...answer.headers, ...length };
    return { status: answer.status, head: Object.entries(all).flat(), body: answer.body };
  };

  return (request, response) => {
    if (closed() || request.method !== 'GET') return false;
    const { headers } = request;
    const target = request.url;
    if (headers.cookie !== undefined || !target?.startsWith('/')) return false;
    if (!isKnownHost(headers.host)) return false;
    const known = located.get(target);
    const kept = known?.generation === renderCache.ticket() && renderCache.lookup(known.key);
    if (!kept) return false;
    const acceptEncoding = headers['accept-encoding'];
    // The plain form, and deflate's (made per answer, never kept), are Fastify's to give.
    const encoding = pickEncoding(acceptEncoding);
    if (encoding === null) return false;
    const ifNoneMatch = headers['if-none-match'];
    let answer: LaneAnswer | undefined;
    if (ifNoneMatch === undefined) {
      // The page's full answer in this encoding, made once per page version.
      const forms = laneAnswers.get(kept) ?? {};
      answer = forms[encoding];
      if (!answer) {
        const made = sharedAnswer(kept, { acceptEncoding }, hitOptions);
        if (!made) return false;
        answer = forms[encoding] = laneAnswer(made);
        laneAnswers.set(kept, forms);
      }
    } else {
      const made = sharedAnswer(kept, { acceptEncoding, ifNoneMatch }, hitOptions);
      if (!made) return false;
      answer = laneAnswer(made);
    }
    response.writeHead(answer.status, answer.head);
    response.end(answer.body);
    return true;
  };
}
