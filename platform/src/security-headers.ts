// Security headers of the site's pages and files. The Content-Security-Policy is built from the
// same runtime config the page loads, so it allows exactly the configured remotes, the content
// API and Firebase, and never inline or evaluated scripts but the page's own.
import type { RuntimeConfig } from '@portfolio/contract';

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const unique = (values: readonly (string | null | undefined)[]): string[] => [
  ...new Set(values.filter((value): value is string => Boolean(value))),
];

export interface PolicyOptions {
  /**
   * A signed-in visitor's page: its per-response nonce (its inline scripts carry it). Such a
   * page is private to one response, so a fresh value costs nothing.
   */
  nonce?: string;
  /**
   * A page every visitor without a session gets byte for byte (docs/decisions/100): the SHA-256
   * (base64) of each inline script actually in its bytes, so the page needs no per-response value
   * and a shared cache can keep it.
   */
  scriptHashes?: readonly string[];
  /**
   * Development (npm run dev): the remotes' dev servers (these origins, their own) push hot
   * updates over WebSockets straight to the page: their ws(s) origins are allowed too.
   */
  hotReloadOrigins?: readonly string[];
}

export function contentSecurityPolicy(
  config: RuntimeConfig,
  { nonce, scriptHashes, hotReloadOrigins = [] }: PolicyOptions = {},
): string {
  const inline = [
    ...(nonce ? [`'nonce-${nonce}'`] : []),
    ...(scriptHashes ?? []).map((hash) => `'sha256-${hash}'`),
  ];
  // The runtime config's list, which the browser's federation runtime also enforces (ADR 080).
  const remotes = unique(config.remoteOrigins);
  const hotUpdates = hotReloadOrigins.map((origin) => origin.replace(/^http/, 'ws'));
  const api = originOf(config.apiBase);
  const emulator = originOf(config.authEmulatorUrl);
  const authDomain = `https://${config.firebase.authDomain}`;
  // The Firebase JS SDK talks to these Google endpoints for a real project.
  const firebaseApis = [
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://firestore.googleapis.com',
    'https://www.googleapis.com',
  ];
  const directives: Record<string, (string | null)[]> = {
    'default-src': ["'self'"],
    // apis.google.com: the Firebase Auth popup flow loads Google's gapi loader from there.
    // A server-rendered page: its inline scripts carry the response's nonce (signed in) or are
    // named by their hash (everyone else), and what they load (remote entries and chunks,
    // Google's sign-in loader) is trusted through 'strict-dynamic'; browsers without CSP 3 fall
    // back to the host list. A static page: the host list.
    'script-src': [
      ...(inline.length > 0 ? [...inline, "'strict-dynamic'"] : []),
      "'self'",
      ...remotes,
      'https://apis.google.com',
    ],
    // Style attributes (React inline styles, the carousel) need 'unsafe-inline' for styles only.
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes, api, 'https://*.googleusercontent.com'],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes, ...hotUpdates, api, emulator, ...firebaseApis],
    'frame-src': [authDomain, emulator, 'https://accounts.google.com'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Violations go to the content API's report endpoint (rate-limited, logged there).
    ...(api ? { 'report-uri': [`${config.apiBase}/csp-reports`], 'report-to': ['csp'] } : {}),
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${unique(sources).join(' ')}`)
    .join('; ');
}

/** The Reporting-Endpoints header that names the policy's `report-to csp` group. */
export function reportingEndpoints(config: Pick<RuntimeConfig, 'apiBase'>): string {
  return `csp="${config.apiBase}/csp-reports"`;
}

/** The opener policy's header: every answer's (below), but a page of islands for everyone's. */
export const OPENER_POLICY_HEADER = 'Cross-Origin-Opener-Policy';
/**
 * A page of islands for everyone keeps no opener policy (docs/decisions/177): one would make the
 * browser move a visitor arriving from a new tab or another site into a browsing context group of
 * its own, a commit that costs a phone more than the whole page's script. Such a page holds
 * nothing of a visitor's; a signed-in visitor's pages, and the application's, keep the policy.
 */
export const PAGE_FOR_EVERYONE_OPENER_POLICY = 'unsafe-none';

export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  [OPENER_POLICY_HEADER]: 'same-origin-allow-popups',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};
