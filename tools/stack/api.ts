// The stack's launcher of the content API: its build (`npm start`), or its sources under
// `tsx watch` (`npm run dev`), which restarts it alone when they change. The stack tells it
// where the apps are (CORS), the host names it answers for, the Auth emulator to trust and the
// mail catcher to send the site's mail to.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOOPBACK_HOST_NAMES } from '@portfolio/contract/hosts';
import { APPS } from '@portfolio/platform/apps';
import { ROOT } from '../root';
import { readableLogLine } from './log-lines';
import { mailCatcherSmtpUrl } from './mail';
import type { StackSetup } from './setup';
import { readyOrExited } from './supervisor';
import type { Supervisor } from './supervisor';

/** What apiPublicHosts() knows of this machine (os's, unless a test gives its own). */
export interface Machine {
  hostname: string;
  interfaces: NodeJS.Dict<{ address: string; family: string }[]>;
}

/**
 * The host names the API answers for (it refuses others: DNS rebinding). Loopback names
 * always; on a wildcard bind also this machine's name and addresses, which LAN browsers use.
 */
export function apiPublicHosts(
  setup: StackSetup,
  machine: Machine = { hostname: os.hostname(), interfaces: os.networkInterfaces() },
): string {
  const { settings, bindHost, publicHost } = setup;
  if (settings.PUBLIC_HOSTS) return settings.PUBLIC_HOSTS;
  const hosts = [...LOOPBACK_HOST_NAMES, publicHost];
  if (settings.API_BASE_URL) hosts.push(new URL(settings.API_BASE_URL).hostname);
  if (bindHost === '0.0.0.0' || bindHost === '::') {
    hosts.push(machine.hostname.toLowerCase());
    for (const addresses of Object.values(machine.interfaces)) {
      for (const { address, family } of addresses ?? []) {
        hosts.push(family === 'IPv6' ? `[${address.replace(/%.*$/, '')}]` : address);
      }
    }
  }
  const names = hosts
    .map((host) => host.toLowerCase())
    .map((host) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host))
    // The API refuses a PUBLIC_HOSTS entry it cannot parse (a machine name with "_", say).
    .filter((host) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(host));
  return [...new Set(names)].join(',');
}

/** What the API is given of the stack's other services besides its settings. */
export interface ApiNeighbours {
  /** Whether the mail catcher runs: then it is the API's SMTP_URL (docs/decisions/205). */
  mailCaught?: boolean;
}

/** The API's environment as the stack gives it. */
export function apiEnv(
  setup: StackSetup,
  { mailCaught = false }: ApiNeighbours = {},
): Record<string, string> {
  const { settings, bindHost, publicHost, apiPort, useEmulator, emulatorPort } = setup;
  const shell = APPS[0]!;
  // The API answers the apps on whatever ports they run, by either local host name.
  const siteOrigins = APPS.flatMap((app) =>
    ['localhost', '127.0.0.1', publicHost].map((host) => `http://${host}:${setup.appPort(app)}`),
  );
  return {
    HOST: bindHost,
    PORT: String(apiPort),
    CORS_ORIGINS: settings.CORS_ORIGINS || [...new Set(siteOrigins)].join(','),
    PUBLIC_HOSTS: apiPublicHosts(setup),
    SITE_URL: settings.SITE_URL || `http://localhost:${setup.appPort(shell)}`,
    // The browser reaches the API through the site's server (docs/decisions/101), which says
    // who asked in X-Forwarded-For: believed from loopback only (the stack's default).
    TRUST_PROXY: settings.TRUST_PROXY,
    // Development's notifications go to a catcher on this machine (docs/decisions/163).
    ALLOW_NOTIFICATIONS_TO_LOOPBACK: settings.ALLOW_NOTIFICATIONS_TO_LOOPBACK ? 'on' : 'off',
    FIREBASE_PROJECT_ID: settings.FIREBASE_PROJECT_ID,
    LOG_REQUESTS: setup.logRequests,
    CONTENT_EVENTS_KEY: setup.contentEventsKey,
    // The site's own mail, when the dashboard has no SMTP server: to the mail catcher, on this
    // machine (without it, an SMTP_URL of the environment's own, if any, is passed on as is).
    ...(mailCaught ? { SMTP_URL: mailCatcherSmtpUrl(setup) } : {}),
    ...(useEmulator
      ? {
          FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
          NODE_ENV: settings.NODE_ENV || 'development',
        }
      : {}),
  };
}

/** Starts the API; resolves whether it answers (false: not built, exited, or not in time). */
export function launchContentApi(
  supervisor: Supervisor,
  setup: StackSetup,
  { watch = false, ...neighbours }: { watch?: boolean } & ApiNeighbours = {},
): Promise<boolean> {
  const built = path.join(ROOT, 'content-api', 'dist', 'server.js');
  if (!watch && !existsSync(built)) {
    supervisor.log('content API not built (content-api/dist/server.js missing): run npm run build');
    return Promise.resolve(false);
  }
  const args = watch
    ? [
        path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        'watch',
        '--clear-screen=false',
        '--conditions=@portfolio/source',
        path.join(ROOT, 'content-api', 'src', 'server.ts'),
      ]
    : [built];
  const child = supervisor.run('api', process.execPath, args, {
    env: apiEnv(setup, neighbours),
    formatLine: readableLogLine,
  });
  return readyOrExited(
    supervisor.whenReady(child, `http://127.0.0.1:${setup.apiPort}/api/health`, 'Content API'),
  );
}
