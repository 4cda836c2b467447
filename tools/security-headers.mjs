// Security headers for every page the static servers send. The Content-Security-Policy is built
// from the same runtime config the page will load, so it allows exactly the configured remotes,
// the content API and Firebase, and never inline or evaluated scripts.

/** @param {string | undefined} url */
function originOf(url) {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const unique = (values) => [...new Set(values.filter(Boolean))];

/**
 * @param {ReturnType<typeof import('./runtime-config.mjs').buildRuntimeConfig>} config
 * @param {{ nonce?: string }} [options] a server-rendered page's per-response nonce (React's
 *   streaming scripts carry it)
 */
export function contentSecurityPolicy(config, { nonce } = {}) {
  // The runtime config's list, which the browser's federation runtime also enforces (ADR 080).
  const remotes = unique(config.remoteOrigins ?? Object.values(config.remotes).map(originOf));
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
  const directives = {
    'default-src': ["'self'"],
    // apis.google.com: the Firebase Auth popup flow loads Google's gapi loader from there.
    // A server-rendered page: its scripts carry the response's nonce, and what they load
    // (remote entries and chunks, Google's sign-in loader) is trusted through 'strict-dynamic';
    // browsers without CSP 3 fall back to the host list. A static page: the host list.
    'script-src': [
      ...(nonce ? [`'nonce-${nonce}'`, "'strict-dynamic'"] : []),
      "'self'",
      ...remotes,
      'https://apis.google.com',
    ],
    // Style attributes (React inline styles, the carousel) need 'unsafe-inline' for styles only.
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes, api, 'https://*.googleusercontent.com'],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes, api, emulator, ...firebaseApis],
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

/**
 * The Reporting-Endpoints header that names the policy's `report-to csp` group.
 * @param {{ apiBase: string }} config
 */
export function reportingEndpoints(config) {
  return `csp="${config.apiBase}/csp-reports"`;
}

export const STATIC_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};
