// The runtime config (docs/decisions/001, 090): what every page and every server of the site
// reads to find the remotes, the content API and Firebase, written once as a schema. The site's
// server builds it from its settings and checks it there (@portfolio/platform's
// buildRuntimeConfig); the browser checks it again where it reads it (the page's data block, or
// /runtime-config.json for a standalone remote), with parseRuntimeConfig below. Fields are open
// (an app ignores a field it does not know), so a newer server can add one.
import {
  Array as ArrayOf,
  Boolean as BooleanType,
  Integer,
  Literal,
  Object as ObjectOf,
  Optional,
  String as StringType,
  Union,
} from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { invalidAt } from './check.js';

export const REMOTE_NAMES = ['portfolio', 'blog', 'auth', 'shop'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * One origin for the browser (docs/decisions/101): the content API and each remote's files are
 * addressed on the site's own origin, under these paths, and routed from there to each service.
 */
export const API_PATH = '/api';
export const REMOTES_PATH = '/remotes/';
/** A remote's folder on the site's origin: /remotes/<name>/. */
export const remotePublicPath = (name: RemoteName) => `${REMOTES_PATH}${name}/`;

/** An absolute http(s) URL. */
const ABSOLUTE_HTTP_URL = '^https?://[^\\s/?#@]+(?:[/?#]\\S*)?$';
/** A URL's origin: scheme, host and port, nothing after. */
const HTTP_ORIGIN = '^https?://[^\\s/?#@]+$';
const nonEmpty = StringType({ minLength: 1, pattern: '\\S' });
const absoluteUrl = StringType({ pattern: ABSOLUTE_HTTP_URL, maxLength: 2048 });

export const FirebaseWebConfigSchema = ObjectOf({
  apiKey: nonEmpty,
  authDomain: nonEmpty,
  projectId: nonEmpty,
  appId: Optional(StringType()),
  storageBucket: Optional(StringType()),
  messagingSenderId: Optional(StringType()),
});
export type FirebaseWebConfig = Static<typeof FirebaseWebConfigSchema>;

export const SocialLinkSchema = ObjectOf({ label: StringType(), url: StringType() });
export type SocialLink = Static<typeof SocialLinkSchema>;

export const OwnerIdentitySchema = ObjectOf({
  name: StringType(),
  email: StringType(),
  social: ArrayOf(SocialLinkSchema, { maxItems: 20 }),
});
export type OwnerIdentity = Static<typeof OwnerIdentitySchema>;

export const RuntimeConfigSchema = ObjectOf({
  /**
   * The site's public origin (SITE_URL), e.g. https://alex.example: canonical URLs, feeds and
   * preview links are built from it, never from a request's Host header.
   */
  siteUrl: Optional(absoluteUrl),
  /** Content API base the browser calls, e.g. https://alex.example/api (the spec's "/api"). */
  apiBase: nonEmpty,
  /** Remote name → URL of its mf-manifest.json. */
  remotes: ObjectOf({
    portfolio: absoluteUrl,
    blog: absoluteUrl,
    auth: absoluteUrl,
    shop: absoluteUrl,
  }),
  /**
   * The origins the browser may load remote code from: the same list the page's
   * Content-Security-Policy names (docs/decisions/080). Every URL in `remotes` is on one of them,
   * and the federation runtime loads nothing from anywhere else. A config written before the
   * list existed allows the origins of its `remotes`.
   */
  remoteOrigins: Optional(ArrayOf(StringType({ pattern: HTTP_ORIGIN }), { maxItems: 32 })),
  firebase: FirebaseWebConfigSchema,
  /** When set (e.g. http://127.0.0.1:9099) the Firebase Auth SDK talks to the emulator. */
  authEmulatorUrl: Optional(absoluteUrl),
  /** Where user profile documents live: the content API (default) or Firestore. */
  profileStore: Union([Literal('api'), Literal('firestore')]),
  owner: OwnerIdentitySchema,
  /**
   * Whether the site counts page views (ANALYTICS, docs/decisions/180): the pages' beacon and
   * the privacy statement follow it. Absent (a config from before): counted.
   */
  analytics: Optional(BooleanType()),
  /** How long the shell waits for a remote before showing its fallback (default 15 s). */
  remoteLoadTimeoutMs: Optional(Integer({ minimum: 100, maximum: 120_000 })),
});

/** The config as checked: `remoteOrigins` always present (the remotes' own when not given). */
export type RuntimeConfig = Static<typeof RuntimeConfigSchema> & { remoteOrigins: string[] };

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

const originOf = (url: string) => new URL(url).origin;

/**
 * Checks an untrusted value against the schema and the rule that binds two of its fields (every
 * remote on an allowed origin), and returns it typed, with the API base's trailing slash gone;
 * throws a RuntimeConfigError naming the first field that is wrong.
 */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const where = invalidAt(RuntimeConfigSchema, raw);
  if (where !== null) {
    throw new RuntimeConfigError(
      where === ''
        ? 'Runtime config must be a JSON object.'
        : `Runtime config: "${where}" is missing or not valid.`,
    );
  }
  const config = raw as Static<typeof RuntimeConfigSchema>;
  const remoteOrigins = config.remoteOrigins ?? [
    ...new Set(REMOTE_NAMES.map((name) => originOf(config.remotes[name]))),
  ];
  for (const name of REMOTE_NAMES) {
    if (!remoteOrigins.includes(originOf(config.remotes[name]))) {
      throw new RuntimeConfigError(
        `Runtime config: "remotes.${name}" is not on one of the allowed remote origins.`,
      );
    }
  }
  return { ...config, apiBase: config.apiBase.replace(/\/+$/, ''), remoteOrigins };
}
