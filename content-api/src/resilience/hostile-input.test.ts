// The hostile-input campaign: fast-check generates requests against every endpoint, public and
// guarded, through app.inject(), with ID tokens checked by firebase-admin itself
// (../testing/local-firebase.ts). For every answer: never a 5xx; every error is JSON `{ message }`
// with no stack trace, file path, SQL or framework internals; no header split by CRLF. After the
// campaign: no table gained or lost a row, except the contact messages that were valid, which
// are stored exactly as sent; and the server still answers, in process and over a socket.
//
// CAMPAIGN_RUNS (per endpoint, default 60), CAMPAIGN_SEED (replay), CAMPAIGN_REPORT=1 (figures).
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  appMeta,
  articles,
  contactMessages,
  images,
  pageViews,
  profiles,
  projects,
} from '../db/schema.js';
import { containsBadText } from '../http/strict-input.js';
import { packageRoot } from '../paths.js';
import { testDrivers } from '../testing/databases.js';
import type { LocalFirebase } from '../testing/local-firebase.js';
import { createLocalFirebase } from '../testing/local-firebase.js';
import type { TestApp } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';
import type {
  ContactFields,
  CredentialPool,
  HostileRequest,
} from '@portfolio/testing/hostile-requests';
import {
  ARTICLE_SPEC,
  CONTACT_SPEC,
  PAGE_VIEW_SPEC,
  PROFILE_SPEC,
  PROJECT_SPEC,
  PUBLICATION_SPEC,
  READ_SPEC,
  badlyEncodedBody,
  brokenJsonBody,
  decoratedBody,
  hostileId,
  hostileImageName,
  hostileImageVariant,
  hostileJson,
  hostilePageViewFields,
  hostileReadHeaders,
  hostileText,
  hostileUpload,
  insideWebhookUrl,
  percentEncode,
} from '@portfolio/testing/hostile-requests';
import type { LoopbackOnly } from '../testing/loopback-only.js';
import { loopbackOnly } from '../testing/loopback-only.js';

const RUNS = Number(process.env.CAMPAIGN_RUNS ?? 60);
const SEED =
  process.env.CAMPAIGN_SEED === undefined ? undefined : Number(process.env.CAMPAIGN_SEED);
const REPORT = process.env.CAMPAIGN_REPORT === '1';
/** Node's own limit on a request head; the campaign stays under it like a real client must. */
const MAX_HEADER_BYTES = 16 * 1024;

const TABLES = {
  projects,
  articles,
  contact_messages: contactMessages,
  images,
  profiles,
  app_meta: appMeta,
  page_views: pageViews,
};

const VALID_CONTACT = { name: 'Campaign', email: 'campaign@example.com', message: 'Hello' };
const VALID_PROJECT = { title: 'Campaign', description: 'd', imagePath: '/images/tls.svg' };
const VALID_ARTICLE = { title: 'Campaign', content: 'Body' };
const VALID_PUBLICATION = { status: 'published' };
/** A beacon of the right shape for an article that does not exist: refused however it is sent. */
const UNKNOWN_PAGE_VIEW = { path: '/article/no-such-article', viewport: 'phone' };
/** A person's browser: a beacon gets past the bot check to the page's own checks. */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** What an error body must never contain. Checked after removing what the request itself sent. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat \S+ \(|\n\s+at |\bat (async )?\S+:\d+:\d+/],
  ['a source location', /\.(ts|js|mjs|cjs):\d+/],
  [
    'a file path',
    new RegExp(`node_modules|file://|${packageRoot.replace(/[/\\^$.*+?()[\]{}|-]/g, '\\$&')}`),
  ],
  [
    'SQL',
    /syntax error|violates|duplicate key|relation "|column "|failed query|sqlstate|\bselect\b.*\bfrom\b|insert into|update \S+ set/i,
  ],
  ['a driver', /pglite|drizzle|postgres|node-postgres|ioredis|busboy|secure-json-parse|\bajv\b/i],
  [
    'an error class or code',
    /\b(TypeError|RangeError|SyntaxError|ReferenceError|FST_[A-Z_]+|ERR_[A-Z_]+|E[A-Z]{4,}\b)/,
  ],
];

interface Tally {
  requests: number;
  byStatus: Record<number, number>;
  byEndpoint: Record<string, number>;
  storedContacts: number;
}

function catalogue(
  credentials: CredentialPool,
  existing: { projects: Set<string>; articles: Set<string>; images: Set<string> },
): Record<string, fc.Arbitrary<HostileRequest>> {
  type Credential = { header: string | undefined; kind: 'bad' | 'user' | 'admin' };
  const bad: fc.Arbitrary<Credential> = fc.oneof(
    fc.constantFrom(...credentials.bad).map((header) => ({ header, kind: 'bad' as const })),
    fc
      .string({ unit: 'binary-ascii', maxLength: 300 })
      .map((garbage) => ({ header: `Bearer ${garbage}`, kind: 'bad' as const })),
  );
  const user = fc.constant<Credential>({ header: credentials.user, kind: 'user' });
  const admin = fc.constant<Credential>({ header: credentials.admin, kind: 'admin' });
  // Mostly the admin's, so that bodies get past the guard and meet the validation.
  const adminCredential = fc.oneof(
    { arbitrary: admin, weight: 4 },
    { arbitrary: user, weight: 1 },
    { arbitrary: bad, weight: 2 },
  );
  const userCredential = fc.oneof(
    { arbitrary: user, weight: 3 },
    { arbitrary: admin, weight: 1 },
    { arbitrary: bad, weight: 2 },
  );
  const withAuth = (credential: Credential, headers: Record<string, string> = {}) =>
    credential.header === undefined ? headers : { ...headers, authorization: credential.header };

  const hostileQuery = fc.oneof(
    fc.constant(''),
    fc
      .array(fc.tuple(hostileText, hostileText), { maxLength: 4 })
      .map(
        (pairs) => `?${pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')}`,
      ),
    fc.constantFrom(
      '?__proto__[admin]=1',
      '?constructor[prototype][admin]=1',
      '?a[$ne]=1',
      '?%00=%00',
      '?&&&==&',
      '?%',
      `?x=${'y'.repeat(9000)}`,
    ),
  );
  const read = (endpoint: string, path: fc.Arbitrary<string>, expect: HostileRequest['expect']) =>
    fc.tuple(path, hostileReadHeaders).map(([url, headers]) => ({
      endpoint,
      request: { method: 'GET' as const, url, headers },
      expect,
    }));
  const json = (payload: unknown) => ({
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  const jsonOrEncoded = (
    broken: fc.Arbitrary<unknown>,
    valid: Record<string, unknown>,
    limit: number,
  ) =>
    fc.oneof(
      { arbitrary: broken.map(json), weight: 3 },
      { arbitrary: badlyEncodedBody(valid, limit), weight: 1 },
    );
  const adminWrite = (
    endpoint: string,
    method: 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    path: fc.Arbitrary<string>,
    body: fc.Arbitrary<{ payload: string | Buffer; headers: Record<string, string> }> | undefined,
  ) =>
    fc
      .tuple(adminCredential, path, body ?? fc.constant(undefined))
      .map(([credential, url, sent]) => ({
        endpoint,
        request: {
          method,
          url,
          headers: withAuth(credential, sent?.headers),
          ...(sent && { payload: sent.payload }),
        },
        expect: 'refuse' as const,
      }));

  // ?include=drafts (docs/decisions/120): an admin's read; anyone else is refused (401, 403),
  // and an admin asking for an id that does not exist gets the 404 (or the 400) of any other.
  const draftsRead = (
    endpoint: string,
    path: fc.Arbitrary<string>,
    credential: fc.Arbitrary<Credential>,
  ) =>
    fc.tuple(credential, path, hostileReadHeaders).map(([who, url, headers]) => ({
      endpoint,
      request: { method: 'GET' as const, url, headers: withAuth(who, headers) },
      expect: 'refuse' as const,
    }));
  const notAdmin = fc.oneof(user, bad);

  const projectId = hostileId(existing.projects);
  const articleId = hostileId(existing.articles);
  const anyRecordId = hostileId(new Set([...existing.projects, ...existing.articles]));
  const seededProject = [...existing.projects][0] as string;
  const seededArticle = [...existing.articles][0] as string;

  return {
    'GET /health': read(
      'GET /health',
      hostileQuery.map((q) => `/api/health${q}`),
      'any',
    ),
    'GET /projects': fc.oneof(
      read(
        'GET /projects',
        hostileQuery.map((q) => `/api/projects${q}`),
        'any',
      ),
      draftsRead('GET /projects', fc.constant('/api/projects?include=drafts'), notAdmin),
    ),
    'GET /projects/:id': fc.oneof(
      read(
        'GET /projects/:id',
        projectId.map((id) => `/api/projects/${id}`),
        'refuse',
      ),
      draftsRead(
        'GET /projects/:id',
        projectId.map((id) => `/api/projects/${id}?include=drafts`),
        adminCredential,
      ),
    ),
    'GET /articles': read(
      'GET /articles',
      fc
        .oneof(
          hostileQuery,
          fc
            .tuple(
              fc.oneof(
                hostileText.map(percentEncode),
                fc.constantFrom('-1', '0', '101', '1.5', '0x10', '1e400', 'NaN', '9'.repeat(40)),
              ),
              fc.constantFrom('limit', 'offset'),
            )
            .map(([value, name]) => `?${name}=${value}`),
          fc.constant('?limit=1&limit=2&offset=-5'),
        )
        .map((q) => `/api/articles${q}`),
      'any',
    ),
    'GET /articles?include=drafts': draftsRead(
      'GET /articles?include=drafts',
      fc
        .constantFrom('', '&limit=5', '&offset=1', '&limit=0')
        .map((q) => `/api/articles?include=drafts${q}`),
      notAdmin,
    ),
    'GET /articles/:id': fc.oneof(
      read(
        'GET /articles/:id',
        articleId.map((id) => `/api/articles/${id}`),
        'refuse',
      ),
      draftsRead(
        'GET /articles/:id',
        articleId.map((id) => `/api/articles/${id}?include=drafts`),
        adminCredential,
      ),
    ),
    'GET /search': read(
      'GET /search',
      fc
        .oneof(
          hostileText.map((text) => `?query=${percentEncode(text)}`),
          fc.constantFrom(
            '?query=%22unterminated',
            '?query=a%20or%20or%20-',
            '?query=%21%26%7C%3A*%3C-%3E',
            "?query='%3B%20DROP%20TABLE%20articles%3B--",
            '?query=a&query=b',
            '?query[$ne]=x',
            '?query=%00',
            '?query=%ED%A0%80',
          ),
        )
        .map((q) => `/api/search${q}`),
      'any',
    ),
    'GET /about-data': read(
      'GET /about-data',
      hostileQuery.map((q) => `/api/about-data${q}`),
      'any',
    ),
    'GET /images/:name': read(
      'GET /images/:name',
      hostileImageName(existing.images).map((name) => `/api/images/${name}`),
      'refuse',
    ),
    // The name is not an image's, or the variant is not one the API makes for any image (a seeded
    // SVG that draws alone has its variants, docs/decisions/172): never a 2xx.
    'GET /images/:name/:variant': read(
      'GET /images/:name/:variant',
      fc
        .tuple(
          fc.oneof(fc.constantFrom(...existing.images), hostileImageName(existing.images)),
          hostileImageVariant(),
        )
        .map(([name, variant]) => `/api/images/${name}/${variant}`),
      'refuse',
    ),
    'GET /rss.xml': read(
      'GET /rss.xml',
      hostileQuery.map((q) => `/api/rss.xml${q}`),
      'any',
    ),
    'GET /sitemap.xml': read(
      'GET /sitemap.xml',
      hostileQuery.map((q) => `/api/sitemap.xml${q}`),
      'any',
    ),
    // The index's one part (seeded content is one part) or a name no part has.
    'GET /sitemap-:part.xml': read(
      'GET /sitemap-:part.xml',
      fc
        .tuple(
          fc.oneof(
            fc.constantFrom('1', '2', '0', '01', '-1', '1.5', '99999999999', '%00', '%ED%A0%80'),
            hostileText.map(percentEncode),
          ),
          hostileQuery,
        )
        .map(([part, q]) => `/api/sitemap-${part}.xml${q}`),
      'any',
    ),

    'POST /contact': fc.oneof(
      // Injection strings in otherwise valid fields: accepted, stored exactly, counted.
      {
        weight: 2,
        arbitrary: fc
          .tuple(decoratedBody(CONTACT_SPEC, VALID_CONTACT), fc.boolean())
          .map(([body, keyed]) => ({
            endpoint: 'POST /contact',
            request: {
              method: 'POST' as const,
              url: '/api/contact',
              ...json(body),
              ...(keyed && { idempotencyKey: true }),
            },
            expect: 'any' as const,
            contact: body as unknown as ContactFields,
          })),
      },
      {
        weight: 4,
        arbitrary: jsonOrEncoded(
          brokenJsonBody(CONTACT_SPEC, VALID_CONTACT),
          VALID_CONTACT,
          16 * 1024,
        ).map((sent) => ({
          endpoint: 'POST /contact',
          request: { method: 'POST' as const, url: '/api/contact', ...sent },
          expect: 'refuse' as const,
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .oneof(
            hostileText.filter((text) => text.length > 0),
            hostileJson.filter((value) => value !== '' && value !== null && value !== undefined),
          )
          .map((website) => ({
            endpoint: 'POST /contact',
            request: {
              method: 'POST' as const,
              url: '/api/contact',
              ...json({ ...VALID_CONTACT, website }),
            },
            expect: 'discard' as const,
          })),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(
            '',
            'has space',
            'x'.repeat(256),
            'caf\u00e9',
            'a\tb',
            '\u0000',
            'k\r\nX-Injected: 1',
          )
          .map((key) => ({
            endpoint: 'POST /contact',
            request: {
              method: 'POST' as const,
              url: '/api/contact',
              payload: JSON.stringify(VALID_CONTACT),
              headers: { 'content-type': 'application/json', 'idempotency-key': key },
            },
            expect: 'refuse' as const,
          })),
      },
    ),

    'GET /contact': fc.tuple(adminCredential, hostileQuery).map(([credential, query]) => ({
      endpoint: 'GET /contact',
      request: {
        method: 'GET' as const,
        url: `/api/contact${query}`,
        headers: withAuth(credential),
      },
      expect: credential.kind === 'admin' ? ('any' as const) : ('refuse' as const),
    })),
    'PATCH /contact/:id': adminWrite(
      'PATCH /contact/:id',
      'PATCH',
      hostileId(new Set()).map((id) => `/api/contact/${id}`),
      fc.oneof(
        jsonOrEncoded(brokenJsonBody(READ_SPEC, { read: true }), { read: true }, 1024 * 1024),
        fc.constant(json({ read: true })),
      ),
    ),

    // A webhook that would reach inside, in any spelling (docs/decisions/163): refused, before
    // any connection (the campaign's tripwire lets none leave the machine, and records any).
    'PUT /contact/notifications': adminWrite(
      'PUT /contact/notifications',
      'PUT',
      fc.constant('/api/contact/notifications'),
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc.tuple(insideWebhookUrl, fc.boolean()).map(([webhookUrl, withEmail]) =>
            json({
              webhookUrl,
              email: withEmail
                ? {
                    to: 'owner@example.com',
                    from: 'site@example.com',
                    host: 'smtp.example.com',
                    port: 587,
                    secure: false,
                  }
                : null,
            }),
          ),
        },
        {
          weight: 1,
          arbitrary: jsonOrEncoded(
            hostileJson.map((webhookUrl) => ({ webhookUrl, email: null })),
            { webhookUrl: null, email: null },
            1024 * 1024,
          ).filter(
            ({ payload }) => !/^\{"webhookUrl":(null|"https?:\/\/[^"]*")/.test(String(payload)),
          ),
        },
      ),
    ),

    'POST /projects': adminWrite(
      'POST /projects',
      'POST',
      fc.constant('/api/projects'),
      jsonOrEncoded(brokenJsonBody(PROJECT_SPEC, VALID_PROJECT), VALID_PROJECT, 1024 * 1024),
    ),
    'PUT /projects/:id': fc.oneof(
      adminWrite(
        'PUT /projects/:id',
        'PUT',
        projectId.map((id) => `/api/projects/${id}`),
        fc.constant(json(VALID_PROJECT)),
      ),
      adminWrite(
        'PUT /projects/:id',
        'PUT',
        fc.constant(`/api/projects/${seededProject}`),
        jsonOrEncoded(brokenJsonBody(PROJECT_SPEC, VALID_PROJECT), VALID_PROJECT, 1024 * 1024),
      ),
    ),
    'PATCH /projects/:id': fc.oneof(
      adminWrite(
        'PATCH /projects/:id',
        'PATCH',
        projectId.map((id) => `/api/projects/${id}`),
        fc.constant(json(VALID_PUBLICATION)),
      ),
      adminWrite(
        'PATCH /projects/:id',
        'PATCH',
        fc.constant(`/api/projects/${seededProject}`),
        jsonOrEncoded(
          brokenJsonBody(PUBLICATION_SPEC, VALID_PUBLICATION),
          VALID_PUBLICATION,
          1024 * 1024,
        ),
      ),
    ),
    'DELETE /projects/:id': adminWrite(
      'DELETE /projects/:id',
      'DELETE',
      anyRecordId.map((id) => `/api/projects/${id}`),
      undefined,
    ),
    'POST /articles': adminWrite(
      'POST /articles',
      'POST',
      fc.constant('/api/articles'),
      jsonOrEncoded(brokenJsonBody(ARTICLE_SPEC, VALID_ARTICLE), VALID_ARTICLE, 1024 * 1024),
    ),
    'PUT /articles/:id': fc.oneof(
      adminWrite(
        'PUT /articles/:id',
        'PUT',
        articleId.map((id) => `/api/articles/${id}`),
        fc.constant(json(VALID_ARTICLE)),
      ),
      adminWrite(
        'PUT /articles/:id',
        'PUT',
        fc.constant(`/api/articles/${seededArticle}`),
        jsonOrEncoded(brokenJsonBody(ARTICLE_SPEC, VALID_ARTICLE), VALID_ARTICLE, 1024 * 1024),
      ),
    ),
    'PATCH /articles/:id': fc.oneof(
      adminWrite(
        'PATCH /articles/:id',
        'PATCH',
        articleId.map((id) => `/api/articles/${id}`),
        fc.constant(json(VALID_PUBLICATION)),
      ),
      adminWrite(
        'PATCH /articles/:id',
        'PATCH',
        fc.constant(`/api/articles/${seededArticle}`),
        jsonOrEncoded(
          brokenJsonBody(PUBLICATION_SPEC, VALID_PUBLICATION),
          VALID_PUBLICATION,
          1024 * 1024,
        ),
      ),
    ),
    'DELETE /articles/:id': adminWrite(
      'DELETE /articles/:id',
      'DELETE',
      anyRecordId.map((id) => `/api/articles/${id}`),
      undefined,
    ),
    'POST /images': adminWrite(
      'POST /images',
      'POST',
      fc.constant('/api/images'),
      hostileUpload.map(({ payload, contentType }) => ({
        payload,
        headers: { 'content-type': contentType },
      })),
    ),

    // A page's view beacon (docs/decisions/180): what no page of the site sends is refused with a
    // 4xx and stores nothing, whatever its body, encoding, client or forwarding headers say.
    'POST /page-views': fc
      .tuple(
        fc.oneof(
          {
            weight: 3,
            arbitrary: hostilePageViewFields.chain(({ path, referrer }) =>
              fc.constantFrom(
                { path, viewport: 'desktop' },
                { path: '/', viewport: 'phone', referrer },
              ),
            ),
          },
          { weight: 3, arbitrary: brokenJsonBody(PAGE_VIEW_SPEC, UNKNOWN_PAGE_VIEW) },
        ),
        fc.constantFrom('text/plain;charset=UTF-8', 'application/json'),
        fc.oneof(
          { weight: 3, arbitrary: fc.constant({}) },
          { weight: 1, arbitrary: hostileReadHeaders },
        ),
      )
      .map(([body, contentType, headers]) => ({
        payload: JSON.stringify(body),
        headers: { ...headers, 'content-type': contentType },
      }))
      .chain((sent) =>
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(sent) },
          { weight: 1, arbitrary: badlyEncodedBody(UNKNOWN_PAGE_VIEW, 1024) },
        ),
      )
      .map((sent) => ({
        endpoint: 'POST /page-views',
        request: {
          method: 'POST' as const,
          url: '/api/page-views',
          payload: sent.payload,
          headers: { 'user-agent': BROWSER, ...sent.headers },
        },
        expect: 'refuse' as const,
      })),
    'GET /insights': fc.tuple(adminCredential, hostileQuery).map(([credential, query]) => ({
      endpoint: 'GET /insights',
      request: {
        method: 'GET' as const,
        url: `/api/insights${query}`,
        headers: withAuth(credential),
      },
      expect: credential.kind === 'admin' ? ('any' as const) : ('refuse' as const),
    })),

    'GET /users/me': fc.tuple(userCredential, hostileReadHeaders).map(([credential, headers]) => ({
      endpoint: 'GET /users/me',
      request: {
        method: 'GET' as const,
        url: '/api/users/me',
        headers: withAuth(credential, headers),
      },
      // No profile exists, and reading one never creates it: 401 or 404.
      expect: 'refuse' as const,
    })),
    'PUT /users/me': fc
      .tuple(
        userCredential,
        fc.oneof(
          {
            weight: 3,
            arbitrary: jsonOrEncoded(
              brokenJsonBody(PROFILE_SPEC, { username: 'campaign' }),
              { username: 'campaign' },
              1024 * 1024,
            ),
          },
          // A role the caller may not give themselves: 403 for user and admin tokens alike.
          {
            weight: 1,
            arbitrary: fc
              .oneof(
                fc.constantFrom('admin', 'Admin', 'ADMIN', 'admin ', 'superuser', 'root'),
                hostileText,
              )
              .filter((role) => role !== 'user' && role.length <= 50 && !containsBadText(role))
              .map((role) => json({ username: 'campaign', role })),
          },
        ),
      )
      .map(([credential, sent]) => ({
        endpoint: 'PUT /users/me',
        request: {
          method: 'PUT' as const,
          url: '/api/users/me',
          payload: sent.payload,
          headers: withAuth(credential, sent.headers),
        },
        expect: 'refuse' as const,
      })),

    'other routes and methods': fc.oneof(
      fc
        .tuple(
          fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
          fc.oneof(
            hostileId(new Set()),
            fc.constantFrom('admin', '.env', '.git/config', 'graphql', 'v2/projects'),
          ),
          fc.constantFrom('/api/', '/', '/api/users/', '/api/images/x/'),
        )
        .map(([method, segment, prefix]) => ({
          endpoint: 'other routes and methods',
          request: { method: method as 'GET', url: `${prefix}${segment}` },
          expect: 'any' as const,
        })),
      fc
        .constantFrom<[string, string]>(
          ['PATCH', '/api/projects'],
          ['DELETE', '/api/projects'],
          ['PUT', '/api/contact'],
          ['DELETE', '/api/contact'],
          ['POST', '/api/search'],
          ['PUT', '/api/images/tls.svg'],
          ['DELETE', '/api/images/tls.svg'],
          ['POST', '/api/health'],
          ['POST', '/api/users/me'],
          ['DELETE', '/api/users/me'],
          ['POST', '/api/rss.xml'],
        )
        .map(([method, url]) => ({
          endpoint: 'other routes and methods',
          request: { method: method as 'GET', url, headers: { authorization: credentials.admin } },
          expect: 'refuse' as const,
        })),
    ),
  };
}

const ENDPOINTS = [
  'GET /health',
  'GET /projects',
  'GET /projects/:id',
  'GET /articles',
  'GET /articles?include=drafts',
  'GET /articles/:id',
  'GET /search',
  'GET /about-data',
  'GET /images/:name',
  'GET /images/:name/:variant',
  'GET /rss.xml',
  'GET /sitemap.xml',
  'GET /sitemap-:part.xml',
  'POST /contact',
  'GET /contact',
  'PATCH /contact/:id',
  'PUT /contact/notifications',
  'POST /projects',
  'PUT /projects/:id',
  'PATCH /projects/:id',
  'DELETE /projects/:id',
  'POST /articles',
  'PUT /articles/:id',
  'PATCH /articles/:id',
  'DELETE /articles/:id',
  'POST /images',
  'POST /page-views',
  'GET /insights',
  'GET /users/me',
  'PUT /users/me',
  'other routes and methods',
];

function fail(hostile: HostileRequest, response: LightMyRequestResponse, problem: string): never {
  const sent = { ...hostile.request };
  if (typeof sent.payload === 'string' || Buffer.isBuffer(sent.payload)) {
    sent.payload = `${String(sent.payload).slice(0, 300)}… (${String(sent.payload).length} bytes)`;
  }
  throw new Error(
    `${hostile.endpoint}: ${problem}\nstatus ${response.statusCode}, body ${response.body.slice(0, 500)}\n` +
      `request ${JSON.stringify(sent).slice(0, 1500)}`,
  );
}

/** The invariants every answer must keep. */
function checkAnswer(hostile: HostileRequest, response: LightMyRequestResponse) {
  const status = response.statusCode;
  if (status >= 500) fail(hostile, response, 'a 5xx');
  if (hostile.expect === 'refuse' && (status < 400 || status >= 500)) {
    fail(hostile, response, 'a hostile request was not refused with a 4xx');
  }
  if (hostile.expect === 'discard' && status !== 201 && (status < 400 || status >= 500)) {
    fail(hostile, response, 'a request to discard got neither a 4xx nor a 201');
  }
  for (const [name, value] of Object.entries(response.headers)) {
    if (/[\r\n]/.test(String(value))) fail(hostile, response, `CR/LF in the ${name} header`);
    if (name === 'set-cookie' || name === 'x-injected') fail(hostile, response, `header ${name}`);
  }
  if (response.headers['x-content-type-options'] !== 'nosniff') {
    fail(hostile, response, 'no X-Content-Type-Options');
  }
  if (status < 400 || hostile.request.method === 'HEAD') return;
  if (!String(response.headers['content-type']).startsWith('application/json')) {
    fail(hostile, response, 'an error that is not JSON');
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    fail(hostile, response, 'an error body that does not parse');
  }
  const keys = body && typeof body === 'object' ? Object.keys(body) : [];
  const message = (body as { message?: unknown }).message;
  if (keys.length !== 1 || typeof message !== 'string' || message.length === 0) {
    fail(hostile, response, 'an error that is not exactly { message }');
  }
  if (message.length > 300) fail(hostile, response, 'an overlong error message');
  // What the request sent may be echoed (a path, a field name); only the rest is checked.
  const path = String(hostile.request.url).split('?')[0] ?? '';
  const own = message
    .split(path)
    .join('')
    .replace(/"[^"]*"/g, '""');
  for (const [what, pattern] of LEAKS) {
    if (pattern.test(own)) fail(hostile, response, `${what} in an error message`);
  }
}

async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await t.database.db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? -1;
  }
  return counts;
}

// On PGlite always; on Postgres too when TEST_DATABASE_URL is set, with fewer runs.
describe.each(testDrivers)('hostile-input campaign (%s)', (driver) => {
  const runs = driver === 'pglite' ? RUNS : Math.max(10, Math.round(RUNS / 3));
  let t: TestApp;
  let firebase: LocalFirebase;
  let arbitraries: Record<string, fc.Arbitrary<HostileRequest>>;
  let before: Record<string, number>;
  const accepted: ContactFields[] = [];
  const tally: Tally = { requests: 0, byStatus: {}, byEndpoint: {}, storedContacts: 0 };
  let idempotencyKeys = 0;

  let tripwire: LoopbackOnly;

  beforeAll(async () => {
    tripwire = loopbackOnly();
    firebase = await createLocalFirebase();
    t = await createTestApp(driver, {
      verifyIdToken: firebase.verifyIdToken,
      contactRateLimit: 1_000_000,
      pageViewRateLimit: 1_000_000,
      // Every host name of the campaign's webhooks answers an inside address; none is looked up.
      notifications: { resolve: async () => [{ address: '10.9.8.7', family: 4 }] },
    });
    const ADMIN = { uid: 'campaign-admin', email: 'admin@example.com', role: 'admin' };
    const credentials: CredentialPool = {
      bad: [
        undefined,
        '',
        'Bearer',
        'Bearer ',
        'Basic YWRtaW46YWRtaW4=',
        'Bearer not-a-jwt',
        'Bearer a.b.c',
        'Bearer ..',
        `Bearer ${'A'.repeat(9000)}`,
        "Bearer ' OR 1=1 --",
        'Bearer {"$ne":null}',
        `Bearer ${firebase.sign(ADMIN, { expiresIn: -60 })}`,
        `Bearer ${firebase.sign(ADMIN, { foreignKey: true })}`,
        `Bearer ${firebase.sign(ADMIN, { audience: 'other-project' })}`,
        `Bearer ${firebase.sign(ADMIN, { issuer: 'https://securetoken.google.com/other-project' })}`,
        `Bearer ${firebase.sign(ADMIN, { alg: 'none' })}`,
        `Bearer ${firebase.sign(ADMIN, { kid: 'rotated-away' })}`,
        `Bearer ${firebase.sign({ uid: 'x'.repeat(200), role: 'admin' })}`,
        `bearer ${firebase.sign(ADMIN)} extra`,
        firebase.sign(ADMIN),
      ],
      user: `Bearer ${firebase.sign({ uid: 'campaign-user', email: 'user@example.com' })}`,
      admin: `Bearer ${firebase.sign(ADMIN)}`,
    };
    const { db } = t.database;
    arbitraries = catalogue(credentials, {
      projects: new Set((await db.select({ id: projects.id }).from(projects)).map((r) => r.id)),
      articles: new Set((await db.select({ id: articles.id }).from(articles)).map((r) => r.id)),
      images: new Set((await db.select({ name: images.name }).from(images)).map((r) => r.name)),
    });
    before = await rowCounts(t);
  });

  afterAll(async () => {
    if (REPORT) {
      console.info(
        `hostile-input campaign (${driver}): ${JSON.stringify({ runsPerEndpoint: runs, seed: SEED, ...tally })}`,
      );
    }
    await t?.close();
    await firebase?.close();
    tripwire?.restore();
  });

  async function send(hostile: HostileRequest) {
    const { idempotencyKey, ...request } = hostile.request as InjectOptions & {
      idempotencyKey?: boolean;
    };
    const headers = { ...(request.headers as Record<string, string> | undefined) };
    if (idempotencyKey) headers['idempotency-key'] = `campaign-${driver}-${(idempotencyKeys += 1)}`;
    const headBytes = Object.entries(headers).reduce(
      (n, [k, v]) => n + k.length + String(v).length + 4,
      0,
    );
    if (headBytes + String(request.url).length > MAX_HEADER_BYTES) return;
    const response = await t.app.inject({ ...request, headers });
    tally.requests += 1;
    tally.byStatus[response.statusCode] = (tally.byStatus[response.statusCode] ?? 0) + 1;
    tally.byEndpoint[hostile.endpoint] = (tally.byEndpoint[hostile.endpoint] ?? 0) + 1;
    checkAnswer(hostile, response);
    if (hostile.endpoint === 'POST /contact') {
      if (hostile.contact && response.statusCode !== 201) {
        fail(hostile, response, 'a valid contact message was not accepted');
      }
      // A discarded post answers 201 too; the final check proves nothing was stored for it.
      if (response.statusCode === 201 && hostile.expect !== 'discard') {
        if (!hostile.contact) fail(hostile, response, 'a hostile contact message was stored');
        accepted.push(hostile.contact);
      }
    }
  }

  it.each(ENDPOINTS)(
    '%s',
    async (endpoint) => {
      const arbitrary = arbitraries[endpoint];
      if (!arbitrary) throw new Error(`no generator for ${endpoint}`);
      await fc.assert(fc.asyncProperty(arbitrary, send), { numRuns: runs, seed: SEED });
    },
    180_000,
  );

  it('sent at least 1,000 requests over every endpoint', () => {
    expect(Object.keys(tally.byEndpoint).sort()).toEqual([...ENDPOINTS].sort());
    expect(tally.requests).toBeGreaterThanOrEqual(driver === 'pglite' ? 1_000 : 300);
  });

  it('stored nothing but the valid contact messages, exactly as sent', async () => {
    const after = await rowCounts(t);
    expect(after).toEqual({
      ...before,
      contact_messages: (before.contact_messages ?? 0) + accepted.length,
    });
    const stored = await t.database.db
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        message: contactMessages.message,
      })
      .from(contactMessages);
    const key = (m: ContactFields) =>
      JSON.stringify([m.name.trim(), m.email.trim(), m.message.trim()]);
    expect(stored.map(key).sort()).toEqual(accepted.map(key).sort());
    tally.storedContacts = stored.length;
  });

  it('connected nowhere but this machine (no webhook was ever sent inside or out)', () => {
    expect(tripwire.refused).toEqual([]);
  });

  it('still answers, in process and over a real socket', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/api/projects')).json()).toHaveLength(before.projects ?? -1);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
    const search = await fetch(`${address}/api/search?query=${encodeURIComponent("' OR 1=1 --")}`);
    expect(search.status).toBe(200);
  });
});
