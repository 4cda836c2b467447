// Generators (fast-check arbitraries) of hostile requests for every endpoint of the API, used by
// content-api/src/resilience/hostile-input.test.ts only (test support: never built into the
// API). Each generated request says what it must get:
// - `refuse`: a 4xx, because the generator broke it on purpose (wrong type, missing or unknown
//   field, over-long or blank text, bad format, path traversal, bad encoding, bad credentials…);
// - `any`: whatever the API decides, as long as it is not a 5xx (reads of hostile queries, a
//   contact message whose fields are injection strings but otherwise valid, which must then be
//   stored exactly as sent).
import { gzipSync } from 'node:zlib';
import {
  ArticleInputSchema,
  ContactInputSchema,
  EMAIL_PATTERN,
  HTTP_URL_PATTERN,
  IMAGE_PATH_PATTERN,
  IMAGE_VARIANT_EXTENSIONS,
  IMAGE_VARIANT_WIDTHS,
  PageViewSchema,
  REFERRER_ORIGIN_PATTERN,
  countedPageOf,
  SLUG_PATTERN,
  ProfileInputSchema,
  ProjectInputSchema,
  PublicationInputSchema,
  ReadFlagInputSchema,
  STORED_DATE_TIME_FORMAT,
} from '@portfolio/contract';
import type { TObject, TSchema } from '@sinclair/typebox';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { FORGED_ISLANDS } from './hostile-markup.js';

/**
 * `refuse`: a 4xx. `discard`: a 4xx, or a 201 that stores nothing (a filled honeypot is
 * answered as if accepted, so a bot learns nothing). `any`: anything but a 5xx.
 */
export type Expectation = 'refuse' | 'discard' | 'any';

export interface ContactFields {
  name: string;
  email: string;
  message: string;
}

export interface HostileRequest {
  endpoint: string;
  request: InjectOptions;
  expect: Expectation;
  /** Set on contact posts that may be valid: what must be stored if the answer is 201. */
  contact?: ContactFields;
}

/** Credentials a request may carry (see LocalFirebase for the signed ones). */
export interface CredentialPool {
  /** Refused by every guard (401). */
  bad: (string | undefined)[];
  user: string;
  admin: string;
}

// --- Text -------------------------------------------------------------------------------------

/** Injection strings that are still well-formed text: valid inside a contact message. */
export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE articles; --",
  '1; SELECT pg_sleep(10) --',
  "') UNION SELECT uid, email, role FROM profiles --",
  '" OR ""="',
  "admin'--",
  '$$; DELETE FROM contact_messages; $$',
  '\\x27 OR 1=1',
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  '${process.exit(1)}',
  '<!--#exec cmd="/bin/cat /etc/passwd"-->',
  ']]><x>',
  '{"$gt": ""}',
  '{"$ne": null}',
  '{"$where": "sleep(5000)"}',
  '$regex',
  'a\r\nSet-Cookie: pwned=1',
  'x\r\n\r\n<html>',
  '%0d%0aLocation:%20https://evil.example',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  'file:///etc/passwd',
  '\u202eevil\u202c',
  '\ufeffbom',
  'Zalgo Z̷̢̛͔a̶͙͐l̸̰̈́g̴̣̾o̶̩͝',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'NaN',
  'undefined',
  'null',
  '__proto__',
  '-1',
  '1e309',
  // The markers of the page's own islands and loader (security round 5, finding 1).
  FORGED_ISLANDS.navbar,
  FORGED_ISLANDS.certificateGallery,
  FORGED_ISLANDS.homeContactForm,
  FORGED_ISLANDS.scriptIsland,
  FORGED_ISLANDS.scrollFlag,
] as const;

/** Text no field may hold: NUL, unpaired surrogates. */
export const BAD_TEXT = [
  '\u0000',
  'a\u0000b',
  '/etc/passwd\u0000.png',
  '\ud800',
  'x\udc00y',
  '\udbff',
];

const injection = fc.constantFrom(...INJECTIONS);

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: injection, weight: 4 },
  { arbitrary: fc.constantFrom(...BAD_TEXT), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 80 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 120_000 }).map((n) => 'A'.repeat(n)), weight: 1 },
);

const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '$where',
    '$gt',
    'toString',
    'hasOwnProperty',
    '',
    ' ',
    'role',
    'admin',
    '_id',
    'id',
    'read',
    'createdAt',
  ),
  fc.string({ unit: 'binary', maxLength: 16 }),
);

/** Any JSON value, hostile strings included, nested a few levels. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

// --- Ids, names, paths ------------------------------------------------------------------------

/** Percent-encodes every byte of the UTF-8 form (lone surrogates become U+FFFD). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const TRAVERSALS = [
  '..',
  '.',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%2e%2e',
  '%252e%252e%252f',
  '..%5c..%5cwindows',
  '%c0%ae%c0%ae%c0%af',
  '..;',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%E0%A4%A',
  '%FF%FE',
  'tls-in-practice%00',
  'tls-in-practice%2f..%2fhome-lab-siem',
  "1'%20OR%20'1'%3D'1",
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '%7B%22%24gt%22%3A%22%22%7D',
  '%0d%0aSet-Cookie%3A%20x%3D1',
  'UPPER',
  'with%20space',
  '-'.repeat(101),
  'a'.repeat(1001),
];

/** A path segment for an id that must not exist (a 400 or a 404). */
export function hostileId(existing: ReadonlySet<string>): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...TRAVERSALS),
    hostileText.map(percentEncode).filter((segment) => segment.length > 0),
    hostileText.map((text) => percentEncode(percentEncode(text))).filter((s) => s.length > 0),
    fc
      .stringMatching(/^[a-z0-9-]{1,100}$/)
      .filter((id) => !existing.has(id) && !existing.has(decodeURIComponent(id))),
  );
}

const IMAGE_TRAVERSALS = [
  '..%2f..%2f..%2fetc%2fpasswd',
  '..%2fseed%2fimages%2ftls.svg',
  '%2e%2e%2fpackage.json',
  'tls.svg%00.png',
  'tls.svg%2f..',
  'TLS.SVG',
  'tls.svg.php',
  '.svg',
  'tls.SVG',
  'tls.svg%20',
  'tls.svg%0d%0aX-Injected%3A%201',
  '..%5c..%5cwindows%5cwin.ini',
  'x.png%3Fa%3Db',
  `${'a'.repeat(130)}.png`,
];

export function hostileImageName(existing: ReadonlySet<string>): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...IMAGE_TRAVERSALS),
    hostileText.map((text) => `${percentEncode(text)}.png`),
    fc
      .stringMatching(/^[a-z0-9][a-z0-9-]{0,20}\.(png|jpg|gif|webp|avif|svg)$/)
      .filter((name) => !existing.has(name)),
  );
}

const IMAGE_VARIANT_TRAVERSALS = [
  '..%2f..%2fetc%2fpasswd',
  '..%2f640.avif',
  '640.avif%00.png',
  '640.avif%2f..',
  '640.AVIF',
  '0640.avif',
  '-640.avif',
  '640.5.avif',
  '1e3.avif',
  '99999.avif',
  '%36%34%30.avif%00',
  '640.avif.php',
  '640.svg',
  '640.gif',
  '640',
  '640.avif%0d%0aX-Injected%3A%201',
];

/**
 * The last segment of a variant's address (`640.avif`, docs/decisions/123): hostile, or well
 * formed for a width the API never makes; never one it makes for some image.
 */
export function hostileImageVariant(): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom(...IMAGE_VARIANT_TRAVERSALS),
      hostileText.map(percentEncode).filter((segment) => segment.length > 0),
      fc
        .tuple(fc.integer({ min: 1, max: 99_999 }), fc.constantFrom('avif', 'webp', 'jpg', 'png'))
        .map(([width, extension]) => `${width}.${extension}`),
    )
    .filter((segment) => !namesAVariant(segment));
}

const VARIANT_SEGMENTS = new Set(
  IMAGE_VARIANT_WIDTHS.flatMap((width) =>
    Object.values(IMAGE_VARIANT_EXTENSIONS).map((extension) => `${width}.${extension}`),
  ),
);

/**
 * Whether a segment, once the router decodes it, names a variant the API makes for some image:
 * `%36%34%30.avif` is `640.avif` (RFC 3986, 2.3), and an SVG that draws alone has its variants
 * too (docs/decisions/172), so such an address may rightly answer 200.
 */
function namesAVariant(segment: string): boolean {
  try {
    return VARIANT_SEGMENTS.has(decodeURIComponent(segment));
  } catch {
    return false;
  }
}

// --- Headers ----------------------------------------------------------------------------------

const hostileHeaderValue = fc.oneof(
  fc.constantFrom(
    '*',
    'W/"x", *',
    '"unterminated',
    'gzip;q=NaN, br;q=-1, *;q=2',
    'x'.repeat(20_000),
    'a\r\nX-Injected: 1',
    'ä',
    '',
    '127.0.0.1, 10.0.0.1, ::1, not-an-ip',
  ),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }),
);

/** Extra headers a reader may send: cache validators, encodings, proxies, origins. */
export const hostileReadHeaders: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom(
    'if-none-match',
    'accept-encoding',
    'accept',
    'x-forwarded-for',
    'x-forwarded-proto',
    'origin',
    'range',
    'cookie',
    'x-http-method-override',
  ),
  hostileHeaderValue,
  { maxKeys: 3 },
);

// --- Webhook URLs that point inside (security round 5, finding 3) ----------------------------

/**
 * Hosts a new-message webhook must never reach, in the spellings an attacker uses: loopback,
 * private, link-local (the cloud metadata address), unique-local, carrier-grade NAT, multicast,
 * broadcast and unspecified addresses; IPv4 in decimal, hex, octal and short forms; IPv4-mapped
 * and translated IPv6; and names (the campaign's resolver answers every name with an inside
 * address). None is ever connected to: the API refuses each before any connection.
 */
export const INSIDE_WEBHOOK_HOSTS = [
  '127.0.0.1',
  '127.1',
  '127.0.1',
  '0x7f000001',
  '0x7f.0.0.1',
  '2130706433',
  '017700000001',
  '0177.0.0.01',
  '[::1]',
  '[0:0:0:0:0:0:0:1]',
  '[::ffff:7f00:1]',
  '[::ffff:127.0.0.1]',
  '[0:0:0:0:0:ffff:7f00:1]',
  'localhost',
  'LOCALHOST',
  'localhost.',
  '169.254.169.254',
  '0xa9fea9fe',
  '2852039166',
  '[::ffff:a9fe:a9fe]',
  '[fe80::1]',
  '10.0.0.1',
  '012.0.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.0.1',
  '100.64.0.1',
  '[fc00::1]',
  '[fd00:ec2::254]',
  '224.0.0.1',
  '[ff02::1]',
  '255.255.255.255',
  '0.0.0.0',
  '0',
  '[::]',
  '[64:ff9b::a9fe:a9fe]',
  '[2002:7f00:1::]',
  'metadata.google.internal',
  'internal.example',
] as const;

/** A webhook URL to one of INSIDE_WEBHOOK_HOSTS, with credentials, a port and a path or not. */
export const insideWebhookUrl: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('http', 'https'),
    fc.constantFrom('', 'user:pass@', 'admin@', '%00@'),
    fc.constantFrom(...INSIDE_WEBHOOK_HOSTS),
    fc.constantFrom('', ':80', ':22', ':6379', ':2375', ':4000', ':65535'),
    fc.constantFrom('/', '/hook', '/latest/meta-data/', '/v1.24/containers/json', '?x=1#y'),
  )
  .map(([scheme, user, host, port, path]) => `${scheme}://${user}${host}${port}${path}`);

// --- Bodies -----------------------------------------------------------------------------------

type FieldKind =
  'text' | 'email' | 'imagePath' | 'url' | 'slug' | 'date' | 'list' | 'boolean' | 'choice';

interface FieldSpec {
  kind: FieldKind;
  /** maxLength of a text field. */
  max?: number;
  /** maxItems of a list. */
  maxItems?: number;
  required?: boolean;
}

export type BodySpec = Record<string, FieldSpec>;

/** What kind of field a property of a request body is, read from its schema. */
function fieldKind(name: string, schema: TSchema): FieldKind {
  // One of a few words (a publication status): a union of string constants.
  const options = schema.anyOf as TSchema[] | undefined;
  if (options?.every((option) => typeof option.const === 'string')) return 'choice';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'array') return 'list';
  if (schema.type !== 'string') throw new Error(`No generator for the field ${name}`);
  if (schema.format === STORED_DATE_TIME_FORMAT) return 'date';
  if (schema.pattern === IMAGE_PATH_PATTERN) return 'imagePath';
  if (schema.pattern === HTTP_URL_PATTERN) return 'url';
  if (schema.pattern === EMAIL_PATTERN) return 'email';
  if (schema.pattern === SLUG_PATTERN) return 'slug';
  return 'text';
}

/**
 * The fields of a request body as the generators need them, derived from the API's contract
 * (docs/decisions/052), so a changed limit or a new field is attacked without editing this file.
 */
export function bodySpec(schema: TObject, omit: readonly string[] = []): BodySpec {
  const required = new Set(schema.required ?? []);
  const spec: BodySpec = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    if (omit.includes(name)) continue;
    const field: FieldSpec = { kind: fieldKind(name, property) };
    if (typeof property.maxLength === 'number') field.max = property.maxLength;
    if (typeof property.maxItems === 'number') field.maxItems = property.maxItems;
    if (required.has(name)) field.required = true;
    spec[name] = field;
  }
  return spec;
}

/** The honeypot is left out: a filled one is answered 201 and stores nothing (see `discard`). */
export const CONTACT_SPEC = bodySpec(ContactInputSchema, ['website']);
export const PROJECT_SPEC = bodySpec(ProjectInputSchema);
export const ARTICLE_SPEC = bodySpec(ArticleInputSchema);
export const PROFILE_SPEC = bodySpec(ProfileInputSchema);
export const READ_SPEC = bodySpec(ReadFlagInputSchema);
export const PUBLICATION_SPEC = bodySpec(PublicationInputSchema);
export const PAGE_VIEW_SPEC = bodySpec(PageViewSchema);

/**
 * What a forged page-view beacon says (docs/decisions/180): pages the site does not count, or
 * whose content does not exist, addresses in every spelling, and referrers that are no origin.
 */
export const hostilePageViewFields = fc.record({
  path: fc.oneof(
    fc.constantFrom(
      '/admin-dashboard',
      '/signin',
      '/article/no-such-article',
      '/projects/no-such-project',
      '/tags/no-such-tag',
      '/articles/no-such-id',
      '/Blog',
      '/blog/',
      '/blog?x=1',
      '/blog#top',
      '/blog/page/1',
      '/blog/page/0',
      '/article/%2e%2e',
      '/article/../admin-dashboard',
      '//evil.example/',
      'https://evil.example/blog',
      '/article/<script>alert(1)</script>',
      `/article/${'a'.repeat(300)}`,
      '',
    ),
    hostileText.map((text) => `/${text}`).filter((path) => countedPageOf(path) === null),
  ),
  referrer: fc.oneof(
    fc.constantFrom(
      '"><script>alert(1)</script>',
      'javascript:alert(1)',
      'https://news.example.org/path?q=secret',
      'https://user:pass@news.example.org',
      'data:text/html,<b>x</b>',
      'https://news.example.org\r\nX-Injected: 1',
      `https://${'a'.repeat(300)}.example`,
    ),
    hostileText.filter((text) => !new RegExp(REFERRER_ORIGIN_PATTERN).test(text)),
  ),
});

const BAD_FORMATS: Partial<Record<FieldKind, string[]>> = {
  email: [
    'not-an-email',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    'a@',
    '@b.example',
    'a b@c d.example',
    '{"$gt":""}',
    'a@b.example\r\nBcc: victim@example.com',
  ],
  imagePath: [
    '../../etc/passwd',
    '/images/../../etc/passwd',
    '/images/%2e%2e%2fsecret.png',
    '/images/tls.svg/../../x',
    'https://evil.example/x.png',
    '/images/TLS.SVG',
    '/images/tls.svg\r\nX: y',
    'file:///etc/passwd',
    '/images/',
    "/images/x.png' OR '1'='1",
  ],
  url: [
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com',
    '//evil.example',
    'not a url',
    'vbscript:msgbox',
  ],
  slug: [
    'Not A Slug',
    'UPPER',
    '-leading',
    'trailing-',
    'two--hyphens',
    '../etc/passwd',
    'a/b',
    "x' OR '1'='1",
    'tls%2fx',
    'écrire',
  ],
  date: ['yesterday', '2025-13-45T00:00:00Z', "1' OR '1'='1", '9999999-01-01', '2025-06-10 09:00'],
  choice: ['live', 'Published', 'DRAFT', ' draft', 'published\u0000', "draft' OR '1'='1", 'null'],
  text: [],
};

const twoDigits = (min: number, max: number) =>
  fc.integer({ min, max }).map((n) => String(n).padStart(2, '0'));

/**
 * Dates that RFC 3339 syntax allows but that cannot be stored and read back: leap seconds
 * (Invalid Date in JS), year 0000 (PostgreSQL refuses it), years before 1970 (two-digit years
 * read back as 19xx/20xx, odd historical offsets) and offsets that carry 9999-12-31 past 9999.
 */
const unstorableDate = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1970, max: 9999 }), twoDigits(1, 12), twoDigits(1, 28))
    .map(([year, month, day]) => `${year}-${month}-${day}T23:59:60Z`),
  fc
    .tuple(fc.integer({ min: 0, max: 1969 }), twoDigits(1, 12), twoDigits(1, 28))
    .map(([year, month, day]) => `${String(year).padStart(4, '0')}-${month}-${day}T00:00:00Z`),
  fc
    .tuple(twoDigits(1, 23), twoDigits(0, 59))
    .map(([hours, minutes]) => `9999-12-31T23:59:59-${hours}:${minutes}`),
  fc.constantFrom('1970-01-01T00:00:00+00:01', '0000-01-01T00:00:00.000Z'),
);

/** Breaks `base` in one way that the schema (or the handler) must refuse. */
function breakBody(spec: BodySpec, base: Record<string, unknown>) {
  const fields = Object.keys(spec);
  const requiredFields = fields.filter((field) => spec[field]?.required);
  const textFields = fields.filter((field) =>
    ['text', 'email', 'slug'].includes(spec[field]?.kind ?? ''),
  );
  const formatted = fields.filter(
    (field) => (BAD_FORMATS[spec[field]?.kind ?? 'text'] ?? []).length,
  );
  const set = (field: string, value: unknown) => ({ ...base, [field]: value });

  const wrongType = fc.constantFrom(...fields).chain((field) => {
    const kind = spec[field]?.kind;
    const wrong = hostileJson.filter((value) =>
      kind === 'boolean'
        ? typeof value !== 'boolean'
        : kind === 'list'
          ? !Array.isArray(value) || value.some((item) => typeof item !== 'string')
          : typeof value !== 'string',
    );
    return wrong.map((value) => set(field, value));
  });
  const options: fc.Arbitrary<unknown>[] = [
    wrongType,
    hostileKey
      .filter((key) => !fields.includes(key))
      .chain((key) => hostileJson.map((value) => set(key, value))),
    hostileJson.filter(
      (value) => value === null || typeof value !== 'object' || Array.isArray(value),
    ),
    fc
      .constantFrom(...BAD_TEXT)
      .chain((bad) => fc.constantFrom(...fields).map((field) => set(field, bad))),
  ];
  if (requiredFields.length > 0) {
    options.push(
      fc.constantFrom(...requiredFields).map((field) => {
        const copy = { ...base };
        delete copy[field];
        return copy;
      }),
    );
  }
  if (textFields.length > 0) {
    options.push(
      fc.constantFrom(...textFields).chain((field) => {
        const max = spec[field]?.max ?? 100;
        return fc
          .integer({ min: 1, max: 64 })
          .map((extra) =>
            set(
              field,
              spec[field]?.kind === 'email' ? `${'a'.repeat(max)}@x.io` : 'y'.repeat(max + extra),
            ),
          );
      }),
    );
    const blankable = textFields.filter((field) => spec[field]?.kind === 'text');
    if (blankable.length > 0) {
      options.push(
        fc
          .constantFrom(...blankable)
          .chain((field) =>
            fc
              .constantFrom('', ' ', '\n\t  ', '\u00a0', '\u2003')
              .map((blank) => set(field, blank)),
          ),
      );
    }
  }
  if (formatted.length > 0) {
    options.push(
      fc
        .constantFrom(...formatted)
        .chain((field) =>
          fc
            .constantFrom(...(BAD_FORMATS[spec[field]?.kind ?? 'text'] ?? []))
            .map((bad) => set(field, bad)),
        ),
    );
  }
  const dates = fields.filter((field) => spec[field]?.kind === 'date');
  if (dates.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...dates), unstorableDate).map(([field, date]) => set(field, date)),
    );
  }
  for (const field of fields.filter((name) => spec[name]?.maxItems !== undefined)) {
    const maxItems = spec[field]?.maxItems ?? 0;
    options.push(
      fc
        .integer({ min: maxItems + 1, max: maxItems + 150 })
        .map((count) => set(field, Array(count).fill('Go'))),
    );
  }
  return fc.oneof(...options);
}

/** Injection strings in text fields that stay valid (trimmed non-blank, within the limit). */
function decorate(spec: BodySpec, base: Record<string, unknown>) {
  const decoratable = Object.keys(spec).filter((field) => spec[field]?.kind === 'text');
  return fc.subarray(decoratable).chain((fields) =>
    fc.tuple(...fields.map(() => injection)).map((values) => {
      const body = { ...base };
      fields.forEach((field, index) => {
        const value = values[index] as string;
        const max = spec[field]?.max ?? 100;
        if (value.trim().length > 0 && value.length <= max) body[field] = value;
      });
      return body;
    }),
  );
}

/** A body the route must refuse, sent as JSON: decorated, then broken. */
export function brokenJsonBody(spec: BodySpec, valid: Record<string, unknown>) {
  return decorate(spec, valid).chain((decorated) => breakBody(spec, decorated));
}

/** A decorated but valid body (only for POST /contact, whose stored rows are checked). */
export function decoratedBody(spec: BodySpec, valid: Record<string, unknown>) {
  return decorate(spec, valid);
}

const INVALID_UTF8 = [[0x80], [0xc3], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff], [0xf8, 0x88, 0x80]];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/json-patch+json',
  'application/x-json',
  'application/javascript',
  'image/png',
  '*/*',
  'application/*',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON; charset=ebcdic',
];

/**
 * A valid body made unacceptable by its encoding: bytes that are not UTF-8, cut short, another
 * content type or charset, UTF-16, a compressed body that does not decompress, deep nesting.
 */
export function badlyEncodedBody(valid: Record<string, unknown>, bodyLimit: number) {
  const json = JSON.stringify(valid);
  const asRequest = (payload: Buffer | string, headers: Record<string, string>) => ({
    payload,
    headers,
  });
  const jsonType = { 'content-type': 'application/json' };
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...INVALID_UTF8), fc.integer({ min: 1, max: json.length - 2 }))
      .map(([bytes, at]) =>
        asRequest(
          Buffer.concat([
            Buffer.from(json.slice(0, at)),
            Buffer.from(bytes),
            Buffer.from(json.slice(at)),
          ]),
          jsonType,
        ),
      ),
    fc
      .integer({ min: 0, max: json.length - 1 })
      .map((at) => asRequest(json.slice(0, at), jsonType)),
    fc
      .constantFrom(...WRONG_CONTENT_TYPES)
      .map((type) => asRequest(json, { 'content-type': type })),
    fc.constant(asRequest(Buffer.from(`\ufeff${json}`, 'utf16le'), jsonType)),
    fc
      .constantFrom('gzip', 'deflate', 'br', 'gzip, gzip', 'x-unknown')
      .map((encoding) => asRequest(json, { ...jsonType, 'content-encoding': encoding })),
    fc.constant(
      asRequest(gzipSync(json).subarray(0, 12), { ...jsonType, 'content-encoding': 'gzip' }),
    ),
    fc
      .tuple(fc.integer({ min: 1_000, max: 200_000 }), fc.boolean())
      .map(([depth, arrays]) =>
        asRequest(
          arrays
            ? '['.repeat(depth) + ']'.repeat(depth)
            : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
          jsonType,
        ),
      ),
    fc.constant(asRequest('x'.repeat(bodyLimit + 1), jsonType)),
    fc.constant(asRequest(json, { ...jsonType, 'content-length': String(json.length + 10) })),
  );
}

// --- Multipart uploads ------------------------------------------------------------------------

const BOUNDARY = '----campaign';

function multipart(parts: { field: string; filename: string; data: Buffer }[]) {
  return Buffer.concat([
    ...parts.map((part) =>
      Buffer.concat([
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        part.data,
        Buffer.from('\r\n'),
      ]),
    ),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

const SCRIPTED_SVGS = [
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>',
  '<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&xxe;</svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="https://evil.example"/></foreignObject></svg>',
  '<?xml-stylesheet href="https://evil.example/x.xsl"?><svg xmlns="http://www.w3.org/2000/svg"/>',
  '<html><script>alert(1)</script></html>',
  '<svg xmlns="http://www.w3.org/2000/svg"><use href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/></svg>',
];

/**
 * SVGs whose sheer shape is the attack: elements nested past the API's limit of 100 (past the
 * XML parser's own, which once made the check throw: a 500), or more elements than its 10,000,
 * each level or element a random harmless one, so every one must be refused with a reason.
 */
const SVG_ELEMENTS = ['g', 'svg', 'a', 'defs', 'mask', 'clipPath', 'text', 'tspan'];
const oversizedSvg = fc.oneof(
  fc
    .tuple(fc.integer({ min: 101, max: 5000 }), fc.constantFrom(...SVG_ELEMENTS))
    .map(
      ([depth, name]) =>
        `<svg xmlns="http://www.w3.org/2000/svg">${`<${name}>`.repeat(depth)}${`</${name}>`.repeat(depth)}</svg>`,
    ),
  fc
    .tuple(fc.integer({ min: 10_001, max: 20_000 }), fc.constantFrom('<rect/>', '<g></g>', '<a/>'))
    .map(
      ([count, element]) =>
        `<svg xmlns="http://www.w3.org/2000/svg">${element.repeat(count)}</svg>`,
    ),
);

/** Bytes that are no accepted image: their first byte rules out every magic number and SVG. */
const notAnImage = fc
  .uint8Array({ minLength: 1, maxLength: 2048 })
  .filter(
    (bytes) =>
      ![0x89, 0xff, 0x47, 0x52, 0x3c, 0x20, 0x09, 0x0a, 0x0d, 0xef].includes(bytes[0] ?? 0x89),
  )
  .map((bytes) => Buffer.from(bytes));

/** An upload the API must refuse: not an image, a scripted SVG, malformed multipart… */
export const hostileUpload = fc.oneof(
  fc.tuple(notAnImage, hostileText).map(([data, filename]) => ({
    payload: multipart([{ field: 'file', filename: filename.replace(/["\r\n]/g, ''), data }]),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  })),
  fc.oneof(fc.constantFrom(...SCRIPTED_SVGS), oversizedSvg).map((svg) => ({
    payload: multipart([{ field: 'file', filename: '../../evil.svg', data: Buffer.from(svg) }]),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  })),
  fc.constant({
    payload: multipart([{ field: 'image', filename: 'x.png', data: Buffer.from('\x89PNG') }]),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  }),
  fc.constant({
    payload: multipart([{ field: 'file', filename: 'empty.png', data: Buffer.alloc(0) }]),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  }),
  fc.constant({
    payload: multipart([
      { field: 'file', filename: 'big.png', data: Buffer.alloc(2 * 1024 * 1024 + 10, 0x89) },
    ]),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  }),
  fc
    .constantFrom(
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=other',
      'multipart/mixed; boundary=----campaign',
      'application/json',
      'image/png',
    )
    .chain((contentType) =>
      notAnImage.map((data) => ({
        payload: multipart([{ field: 'file', filename: 'x.png', data }]),
        contentType,
      })),
    ),
  notAnImage.map((data) => ({
    payload: Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"`),
      data,
    ]),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  })),
);
