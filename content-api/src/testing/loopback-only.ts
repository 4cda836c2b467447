// A tripwire for tests that hand the API addresses it must never connect to (the new-message
// webhook's inside addresses, docs/decisions/163): while it is set, every TCP connection this
// process opens must go to loopback. One to any other address, or to a host name the system's
// resolver would look up (a DNS query leaves the machine), is never made: it is recorded and the
// socket fails at once. So a test proves that a refused address was refused before any
// connection, and a broken refusal still sends no packet outside this machine.
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { bareHost } from '@portfolio/contract/hosts';

const LOOPBACK_NAMES = new Set(['localhost']);

/** Whether `host` (an address or a name) is this machine. */
function isLoopback(host: string): boolean {
  const bare = bareHost(host).toLowerCase();
  if (LOOPBACK_NAMES.has(bare)) return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) return bare === '::1' || /^::ffff:127\./.test(bare);
  return false;
}

export interface LoopbackOnly {
  /** Each connection refused: the host it was for, and why. */
  readonly refused: string[];
  restore(): void;
}

type ConnectArgs = Parameters<net.Socket['connect']>;

/** Sets the tripwire until restore(). */
export function loopbackOnly(): LoopbackOnly {
  const refused: string[] = [];
  const original = net.Socket.prototype.connect;
  const connect = function (this: net.Socket, ...args: unknown[]): net.Socket {
    const first = args[0];
    // net.createConnection() passes its normalised arguments: an array whose first is the options.
    const options = (
      Array.isArray(first) ? first[0] : typeof first === 'object' && first !== null ? first : {}
    ) as net.TcpNetConnectOpts & Partial<net.IpcNetConnectOpts>;
    const refuse = (why: string) => {
      refused.push(why);
      process.nextTick(() => this.destroy(new Error(`loopback only: ${why}`)));
      return this;
    };
    if (options.path === undefined) {
      const host = options.host ?? 'localhost';
      if (net.isIP(bareHost(host)) !== 0 || LOOPBACK_NAMES.has(host)) {
        if (!isLoopback(host)) return refuse(host);
      } else if (typeof options.lookup !== 'function') {
        return refuse(`${host} (a look-up by the system's resolver)`);
      } else {
        // A look-up of the caller's own: what it answers must be this machine too.
        const lookup = options.lookup;
        const checked: LookupFunction = (hostname, lookupOptions, callback) =>
          lookup(hostname, lookupOptions, (error, address, family) => {
            const addresses = Array.isArray(address)
              ? address.map((one) => one.address)
              : [address];
            const outside = addresses.filter((one) => !isLoopback(String(one)));
            if (!error && outside.length > 0) {
              refused.push(`${hostname} → ${outside.join(', ')}`);
              callback(new Error('loopback only'), '', 0);
              return;
            }
            (callback as (...values: unknown[]) => void)(error, address, family);
          });
        options.lookup = checked;
      }
    }
    return original.apply(this, args as ConnectArgs);
  };
  net.Socket.prototype.connect = connect as typeof original;
  return {
    refused,
    restore() {
      net.Socket.prototype.connect = original;
    },
  };
}
