// Who a request comes from, for every per-client limit the API keeps: the contact and CSP-report
// rate limits, the content event streams each client may hold, and the scope of an
// Idempotency-Key. One rule for all of them (security round 4, finding 1):
//
// - the address is Fastify's `request.ip`, which believes X-Forwarded-For only as far as
//   TRUST_PROXY says: from the proxies it names (addresses, ranges) or for as many hops as it
//   counts, never from any peer (`true` is refused at start: config.ts). A proxy that appends to
//   the header a client wrote leaves the client's words on the left; only the entries the
//   trusted hops wrote, on the right, are read;
// - an IPv6 client is its /64, which one subscriber usually holds whole (and can draw a new
//   address from at will); an IPv4-mapped IPv6 address is the IPv4 address.
import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** TRUST_PROXY: believe no one, the last N hops, or the peers at these addresses or ranges. */
export type TrustProxy = false | number | readonly string[];

/** The client an address belongs to: itself, or its /64 for IPv6. */
export function clientOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip) || ip.includes('.')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [
        ...headGroups,
        ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'),
        ...tailGroups,
      ]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** The key every per-client limit and scope uses. */
export function clientKey(request: FastifyRequest): string {
  return clientOf(request.ip);
}

/**
 * Fastify's `trustProxy` for a TRUST_PROXY setting. A hop count becomes proxy-addr's rule (the
 * peer and the next N - 1 entries from the right are proxies): Fastify 5.12 takes a bare number
 * as trusting no one at all, which would put every client behind the proxy in one bucket.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') {
    if (!Number.isInteger(setting) || setting < 0) {
      throw new TypeError(`trustProxy: a hop count must be a whole number (got ${setting}).`);
    }
    if (setting === 0) return false;
    return (_address, hop) => hop < setting;
  }
  if (!Array.isArray(setting)) {
    // `true` (believe every peer) cannot come from the config, nor from a caller.
    throw new TypeError('trustProxy must be false, a hop count or a list of addresses.');
  }
  return [...setting];
}
