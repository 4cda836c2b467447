// The new-message webhook's way out (docs/decisions/163; security round 5, finding 3): an admin
// sets the URL, and the API POSTs to it on every contact message, so the URL must never make the
// API a way into the network it runs in. The host is resolved first (a literal address as the URL
// parser wrote it: 0x7f000001, 2130706433 and 127.1 all arrive as 127.0.0.1, [::ffff:7f00:1] as
// it is), every address it has is classified (ipaddr.js: IPv4-mapped IPv6 seen as the IPv4 it
// carries), and only a public unicast address is accepted: no loopback, private, link-local,
// unique-local, carrier-grade NAT, multicast, broadcast, reserved, unspecified or translated
// (NAT64, 6to4, Teredo) one. The connection then goes to that very address (the request's
// `lookup` answers it and nothing else, so a name that answers otherwise a moment later changes
// nothing), with the name kept for the Host header and TLS. No redirect is followed. What the
// receiver answered never comes back: a failure says only that the message was not delivered.
// A receiver on this machine is allowed by ALLOW_NOTIFICATIONS_TO_LOOPBACK, for development only.
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { bareHost } from '@portfolio/contract/hosts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A host name's addresses (every one the system's resolver gives). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithSystem: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export interface WebhookTargetOptions {
  /** ALLOW_NOTIFICATIONS_TO_LOOPBACK: a receiver on this machine too (development only). */
  allowLoopback: boolean;
  resolve: Resolve;
}

/** Why a webhook was not sent: what the dashboard and the log say, and nothing else. */
export const WEBHOOK_FAILURES = {
  notPublic:
    'the webhook was not sent: its host is not a public Internet address (a loopback, private, ' +
    'link-local or other local network address)',
  notFound: 'the webhook was not sent: its host name could not be resolved',
  notDelivered: 'the webhook did not accept the message (no answer, an error or a redirect)',
} as const;

export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
}

/**
 * ipaddr.js's name for the range `address` is in (`unicast`: none of the special ones), an
 * IPv4-mapped IPv6 address as the IPv4 address it carries; null for what is not an address.
 */
export function addressRange(address: string): string | null {
  const bare = bareHost(address);
  if (!ipaddr.isValid(bare)) return null;
  return ipaddr.process(bare).range();
}

/** Whether a webhook may be sent to `address`. */
export function isPermittedAddress(address: string, allowLoopback: boolean): boolean {
  const range = addressRange(address);
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/**
 * The one address a webhook to `url` may go to: every address of its host must be permitted
 * (a name that also answers with an inside address is refused whole), then the first. Throws
 * WebhookRefused with what the owner may read.
 */
export async function webhookAddress(
  url: URL,
  { allowLoopback, resolve }: WebhookTargetOptions,
): Promise<ResolvedAddress> {
  const host = bareHost(url.hostname);
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new WebhookRefused(WEBHOOK_FAILURES.notFound);
    }
  }
  const [first] = addresses;
  if (!first) throw new WebhookRefused(WEBHOOK_FAILURES.notFound);
  if (!addresses.every(({ address }) => isPermittedAddress(address, allowLoopback))) {
    throw new WebhookRefused(WEBHOOK_FAILURES.notPublic);
  }
  return first;
}

/** A connection's lookup that answers `target`, whatever it is asked. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      const all: LookupAddress[] = [{ address: target.address, family: target.family }];
      (callback as (error: null, addresses: LookupAddress[]) => void)(null, all);
    } else callback(null, target.address, target.family);
  };
}

export interface WebhookDelivery extends WebhookTargetOptions {
  timeoutMs: number;
}

/**
 * POSTs `body` (JSON) to `url`, on the address checked for it. Resolves when the receiver
 * answered 2xx; throws WebhookRefused (its message is one of WEBHOOK_FAILURES) otherwise.
 */
export async function postWebhook(
  url: URL,
  body: string,
  { timeoutMs, ...target }: WebhookDelivery,
): Promise<void> {
  const address = await webhookAddress(url, target);
  const send = url.protocol === 'https:' ? https.request : http.request;
  await new Promise<void>((resolve, reject) => {
    const failed = () => reject(new WebhookRefused(WEBHOOK_FAILURES.notDelivered));
    const request = send(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'User-Agent': 'portfolio-content-api',
        },
        // The checked address only: no second look-up between the check and the connection.
        lookup: pinnedLookup(address),
        // A connection of its own, never one a pool made for an earlier look-up.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        // Its body is not read: nothing of what the receiver says comes back.
        response.resume();
        const status = response.statusCode ?? 0;
        // A redirect is not followed: the message is not re-sent somewhere else unasked.
        if (status >= 200 && status < 300) resolve();
        else failed();
      },
    );
    request.on('error', failed);
    request.end(body);
  });
}
