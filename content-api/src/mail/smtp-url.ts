// SMTP_URL (docs/decisions/205): the SMTP server of the site's own mail when the dashboard has
// none saved. On this machine only, and named by its address: `npm start`'s mail catcher, a relay
// of the host. A host name is refused, localhost included: nodemailer would look it up, and a DNS
// query leaves the machine. What the dashboard saves is not read here: the owner's server may be
// anywhere (docs/decisions/163).
import { isIPv4 } from 'node:net';
import { bareHost } from '@portfolio/contract/hosts';

/** An SMTP server as nodemailer is given it. */
export interface SmtpServer {
  host: string;
  port: number;
  /** TLS from the start (smtps://); else plain, STARTTLS when offered. */
  secure: boolean;
  user: string | null;
  password: string | null;
}

/** What SMTP_URL accepts, as a refusal says it (the URL itself is never repeated: it may hold a password). */
export const SMTP_URL_ACCEPTS =
  'SMTP_URL must be an smtp:// or smtps:// URL of a server on this machine, named by its ' +
  'address: 127.0.0.1 (or another of 127.0.0.0/8) or [::1], e.g. smtp://127.0.0.1:1025';

export class SmtpUrlRefused extends Error {
  override name = 'SmtpUrlRefused';
}

/** Whether `hostname` (as the URL parser wrote it) is a loopback address, not a name. */
export function isLoopbackAddress(hostname: string): boolean {
  if (hostname === '[::1]') return true;
  return isIPv4(hostname) && hostname.startsWith('127.');
}

/** The server SMTP_URL names; throws SmtpUrlRefused (saying why) for anything else. */
export function parseSmtpUrl(raw: string): SmtpServer {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SmtpUrlRefused(`${SMTP_URL_ACCEPTS} (it is not a URL).`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new SmtpUrlRefused(`${SMTP_URL_ACCEPTS} (its scheme is ${url.protocol}).`);
  }
  // A scheme the URL standard does not know keeps its host as written: 0x7f000001, 127.1 and
  // [::ffff:127.0.0.1]-like spellings stay what they are and are refused here.
  if (!isLoopbackAddress(url.hostname)) {
    throw new SmtpUrlRefused(`${SMTP_URL_ACCEPTS} (its host is not such an address).`);
  }
  if ((url.pathname !== '' && url.pathname !== '/') || url.search || url.hash) {
    throw new SmtpUrlRefused(`${SMTP_URL_ACCEPTS} (it has a path or a query).`);
  }
  const secure = url.protocol === 'smtps:';
  const port = url.port === '' ? (secure ? 465 : 25) : Number(url.port);
  if (port === 0) throw new SmtpUrlRefused(`${SMTP_URL_ACCEPTS} (its port is 0).`);
  return {
    host: bareHost(url.hostname),
    port,
    secure,
    user: url.username === '' ? null : decodeURIComponent(url.username),
    password: url.password === '' ? null : decodeURIComponent(url.password),
  };
}
