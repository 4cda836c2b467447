// Generators (fast-check arbitraries) of hostile requests to the site's server (issue 23), used
// by its campaign in Jest (shell/server/hostile-requests.test.ts, every plugin over a renderer at
// the seam's type) and in the browser specs (e2e/hostile-site.spec.ts, the real stack). Paths,
// query strings, headers, cookies and bodies: whatever a request holds, the site answers it
// without a 5xx and never writes what was sent back as markup.
import fc from 'fast-check';
import { INJECTIONS, hostileText, percentEncode } from './hostile-requests';

/**
 * Markup a request may carry; an answer that contains one as sent reflects it. Each is the
 * hostile part of a payload, never something the site's own markup holds (`"><svg` alone is
 * how every page's navbar closes a button before its icon).
 */
export const REFLECTION_MARKERS = [
  '<script>alert',
  '<img src=x onerror',
  '<svg onload',
  // Not a bare `"><svg`: the navbar's own search button is `…aria-controls="…"><svg …>`.
  '"><svg onload',
  'onerror=alert',
  // An island marker as an article forged it (security round 5): the site's own islands carry
  // their key before their trigger, and its navbar's scroll flag is another number.
  'data-island="shell/Navbar" data-island-when="load"',
  'data-island="portfolio/HomeContactForm" data-island-when="load"',
  '<header data-scroll-flag="0"',
] as const;

/** Whether an answer writes back one of the request's markers as markup. */
export function reflects(body: string): string | undefined {
  return REFLECTION_MARKERS.find((marker) => body.includes(marker));
}

export interface HostileSiteRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'DELETE' | 'PUT' | 'OPTIONS';
  /** The request target as sent (already percent-encoded where it should be). */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The site's own routes, and spellings of them a crawler or an attacker may send. */
const PAGES = [
  '/',
  '/blog',
  '/article/tls-in-practice',
  '/articles/x',
  '/projects/home-lab-siem',
  '/search-article',
  '/portfolio',
  '/store',
  '/signin',
  '/welcome',
  '/admin-dashboard',
  '/login',
  '/robots.txt',
  '/sitemap.xml',
  '/sitemap-1.xml',
  '/sitemap-2.xml',
  '/runtime-config.json',
  '/healthz',
  '/readyz',
  '/session',
];

const segment = fc.oneof(
  fc.constantFrom(
    '..',
    '%2e%2e',
    '%2f',
    '%5c',
    '%00',
    '%',
    '%zz',
    '%E0%A4%A',
    '%FF%FE',
    'BLOG',
    '%62log',
    '',
    'server',
    'render.cjs',
    'assets.json',
    '.env',
    'index.html',
    'x.php',
    'x.map',
    'a'.repeat(2000),
  ),
  hostileText.map(percentEncode),
  fc.constantFrom(...INJECTIONS).map(percentEncode),
);

/** A path: one of the site's, changed, or made of hostile segments. */
export const hostilePath: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PAGES),
  fc
    .tuple(fc.constantFrom(...PAGES), segment)
    .map(([page, extra]) => `${page.replace(/\/$/, '')}/${extra}`),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
  fc.constantFrom(...PAGES).map((page) => page.toUpperCase()),
  fc.constantFrom(...PAGES).map((page) => `/${page}`),
  fc.constantFrom(...PAGES).map((page) => `${page}/`),
);

/** A query string of hostile keys and values (percent-encoded), or raw oddities. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom('query', 'x', 'tab', '__proto__', ''), hostileText),
        hostileText,
      ),
      { maxLength: 4 },
    )
    .map(
      (pairs) =>
        `?${pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&')}`,
    ),
  fc.constantFrom('?', '?&&', '?=', '?query', '?query=%', '?%zz=1', `?q=${'x'.repeat(5000)}`),
);

const headerValue = fc.oneof(
  hostileText.map((text) => text.replace(/[\r\n\0]/g, ' ').replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom(...INJECTIONS).map((text) => text.replace(/[\r\n]/g, ' ')),
);

/** Cookies, the site's own among them. */
const hostileCookie = fc.oneof(
  fc.constant(''),
  headerValue.map((value) => `__session=${encodeURIComponent(value)}`),
  fc.constantFrom(
    '__session=',
    '__session=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    '__session=a; __session=b',
    '__proto__=x',
    `__session=${'A'.repeat(8000)}`,
  ),
);

/** Headers a request may carry; the Host is the site's own unless `hosts` names others. */
export function hostileHeaders(host: string): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      host: fc.oneof({ arbitrary: fc.constant(host), weight: 8 }, headerValue),
      cookie: hostileCookie,
      origin: fc.oneof(fc.constant(`http://${host}`), headerValue),
      'accept-encoding': fc.constantFrom('gzip, br', 'identity', 'br', '*', 'x'),
      'accept-language': headerValue,
      referer: headerValue,
      'x-forwarded-host': headerValue,
      'if-none-match': headerValue,
      'content-type': fc.constantFrom(
        'application/json',
        'application/json; charset=latin1',
        'text/plain',
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
      ),
    },
    { requiredKeys: ['host'] },
  );
}

const sessionBody = fc.oneof(
  hostileText.map((idToken) => JSON.stringify({ idToken })),
  fc.constantFrom(
    '',
    '{',
    'null',
    '[]',
    '{"idToken":{"$gt":""}}',
    '{"idToken":"a.b.c","role":"admin"}',
    '{"__proto__":{"admin":true},"idToken":"a.b.c"}',
    `{"idToken":"${'a'.repeat(20_000)}"}`,
  ),
);

/** One hostile request to the site, to the host `host`. */
export function hostileSiteRequest(host: string): fc.Arbitrary<HostileSiteRequest> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        method: fc.constantFrom('GET', 'HEAD') as fc.Arbitrary<HostileSiteRequest['method']>,
        url: fc.tuple(hostilePath, hostileQuery).map(([path, query]) => `${path}${query}`),
        headers: hostileHeaders(host),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        method: fc.constantFrom('POST', 'DELETE') as fc.Arbitrary<HostileSiteRequest['method']>,
        url: fc.constantFrom('/session', '/session?x=1', '/blog', '/'),
        headers: hostileHeaders(host),
        body: sessionBody,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        method: fc.constantFrom('PUT', 'OPTIONS') as fc.Arbitrary<HostileSiteRequest['method']>,
        url: hostilePath,
        headers: hostileHeaders(host),
      }),
    },
  );
}
