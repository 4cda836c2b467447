// @ts-check
// The host names the site answers for: the PUBLIC_HOSTS setting, read by the shell's server and
// the static server (platform/src/runtime-config.ts) and by the content API (src/config.ts,
// src/http/public-hosts.ts), and which names are this machine. One list and one check for all
// of them. Plain JavaScript, so the site's Node scripts import it without a build step.

/** The loopback names every server answers for: `npm start`, tests and scripts use them. */
export const LOOPBACK_HOST_NAMES = Object.freeze(['localhost', '127.0.0.1', '[::1]']);

/** A PUBLIC_HOSTS entry: a name or an [IPv6] address, optionally with :port; or `*`. */
const HOST_ENTRY = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/;

/**
 * A Host header or host setting ("name", "name:port", "[v6]", "[v6]:port", or a bare IPv6
 * address) → its lower-case name and port ('' when none); null when it is not one.
 * @param {string | undefined} value
 * @returns {{ name: string, port: string } | null}
 */
export function splitHost(value) {
  const host = (value ?? '').trim().toLowerCase();
  if (!host) return null;
  // A bare IPv6 address (HOST=::1) has no port: it is all name.
  if (!host.startsWith('[') && host.split(':').length > 2) return { name: `[${host}]`, port: '' };
  const match = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d*))?$/.exec(host);
  return match ? { name: match[1] ?? '', port: match[2] ?? '' } : null;
}

/**
 * A comma-separated host list (PUBLIC_HOSTS) → its entries, trimmed and in lower case.
 * @param {string | undefined} value
 * @returns {string[]}
 */
export function parseHostList(value) {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * The first entry of a host list that is not a host name, an address or `*`.
 * @param {readonly string[]} entries
 * @returns {string | undefined}
 */
export function invalidHostEntry(entries) {
  return entries.find((entry) => entry !== '*' && !HOST_ENTRY.test(entry));
}

/**
 * Whether `host` (a Host header) is one of `allowed`: entries are a name (any port) or
 * name:port (that port only); `*` allows every host.
 * @param {string | undefined} host
 * @param {readonly string[]} allowed
 * @returns {boolean}
 */
export function hostAllowed(host, allowed) {
  if (allowed.includes('*')) return true;
  const parts = splitHost(host);
  if (!parts?.name) return false;
  const { name, port } = parts;
  return allowed.some((entry) => entry === name || (port !== '' && entry === `${name}:${port}`));
}

/**
 * A host name as a URL or a Host header brackets it ("[::1]") → as an address is written
 * ("::1"); any other name unchanged.
 * @param {string} name
 * @returns {string}
 */
export function bareHost(name) {
  return name.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Whether a host (with or without a port) is this machine: localhost, 127.0.0.0/8 or ::1.
 * @param {string | undefined} host
 * @returns {boolean}
 */
export function isLoopbackHost(host) {
  const parts = splitHost(host);
  const name = parts ? bareHost(parts.name) : undefined;
  return (
    name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name ?? '')
  );
}
