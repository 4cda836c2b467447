// The production edge (deploy/edge/, docs/decisions/102) run here: Debian's nginx, unprivileged,
// with everything it writes (pid, temp files, its cache) in a folder of its own under the
// system's temp folder, in front of services on this machine. The browser specs' smoke run goes
// through it (e2e/support/e2e-stack.mjs with E2E_EDGE=on), the benchmark measures against it,
// and an owner can try it in front of `npm start`:
//   EDGE_PORT=8080 npm run edge     (then open http://localhost:8080; Ctrl-C stops it)
// EDGE_TRUSTED_PROXY: the address or CIDR of a TLS terminator in front of it, if any.
// Needs nginx (apt-get install nginx-light, or NGINX=/path/to/nginx).
// Its settings are read once, by EdgeSettingsSchema (docs/decisions/147), after the settings
// file `npm start` reads too, so both agree on the ports.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { AppPortsSchema, REMOTES, portOf } from '@portfolio/platform/apps';
import {
  Setting,
  SettingsError,
  SettingsFileSchema,
  loadSettingsFile,
  readSettings,
} from '@portfolio/platform/settings';
import type { Env } from '@portfolio/platform/settings';
// By path: the platform's package names no entry for it (docs/decisions/147).
import { StackSettingsSchema } from './stack/settings';
import { ROOT } from './root';
import { readCommandLine } from './command-line';

export const EDGE_DIR = path.join(ROOT, 'deploy', 'edge');

/** Where nginx is: read on its own too, by the tests and tools that start an edge of their own. */
const NginxSettingSchema = Type.Object({
  NGINX: Setting.text({ fallback: '/usr/sbin/nginx', accepts: 'the path of the nginx program' }),
});

const { SHELL_PORT, PORTFOLIO_PORT, BLOG_PORT, AUTH_PORT, SHOP_PORT, API_PORT } =
  AppPortsSchema.properties;

/**
 * `npm run edge`'s settings: its own port and trusted proxy, nginx, and the ports of the services
 * of `npm start` it stands in front of (the stack's own settings: tools/stack/settings.ts).
 */
export const EdgeSettingsSchema = Type.Object({
  ...SettingsFileSchema.properties,
  ...NginxSettingSchema.properties,
  EDGE_PORT: StackSettingsSchema.properties.EDGE_PORT,
  // nginx's set_real_ip_from takes one address or CIDR; anything else would stop nginx itself,
  // in words that do not name the setting.
  EDGE_TRUSTED_PROXY: Type.Optional(
    Setting.text({
      pattern: '^[0-9A-Fa-f:.]+(/[0-9]{1,3})?$',
      accepts: 'an address or CIDR (a TLS terminator in front of the edge)',
    }),
  ),
  SHELL_PORT,
  PORTFOLIO_PORT,
  BLOG_PORT,
  AUTH_PORT,
  SHOP_PORT,
  API_PORT,
});

export type EdgeSettings = Static<typeof EdgeSettingsSchema>;

/** The edge's settings from `env`, checked (a wrong value throws a SettingsError naming it). */
export function readEdgeSettings(env: Env): EdgeSettings {
  return readSettings(EdgeSettingsSchema, env);
}

export const NGINX: string = readSettings(NginxSettingSchema, process.env).NGINX;
/** EDGE_TRUSTED_PROXY's default: an address no connection comes from, so no peer is trusted. */
export const NO_TRUSTED_PROXY = '0.0.0.0/32';

/** Where the edge's upstreams are, and how it is set up. */
export interface EdgeOptions {
  port: number;
  host?: string;
  /** The site's server, host:port. */
  site: string;
  /** The content API, host:port. */
  api: string;
  /** Each remote's name → the base URL of its files (http://host:port/ or a CDN folder, ending in /). */
  remotes: Record<string, string>;
  workers?: number;
  /** More of nginx's http context (the benchmark's static file server). */
  extraHttp?: string;
  /** The address or CIDR of a TLS terminator in front of the edge (default: none). */
  trustedProxy?: string | undefined;
  /** The nginx program (default: NGINX). */
  nginx?: string;
  log?: (line: string) => void;
}

/** A running edge. */
export interface Edge {
  url: string;
  /** nginx's folder: its configuration, pid, temporary files and cache. */
  prefix: string;
  pid: number | undefined;
  /** Stops nginx (its graceful quit) and removes its folder. */
  stop(): Promise<void>;
}

/**
 * The template with its ${NAME} settings (upper case) filled in; nginx's own $variables stay.
 * A setting the template names and `values` lacks is an error, never an empty string.
 */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The edge's template needs ${name}`);
    return value;
  });
}

/**
 * The settings of deploy/edge/site.conf.template for services at these addresses. site and api:
 * host:port; remotes: name → the base URL of its files (http://host:port/ or a CDN folder, ending
 * in /); trustedProxy: the address or CIDR of a TLS terminator in front of the edge, whose
 * X-Forwarded-For and X-Forwarded-Proto are believed (default: none).
 */
export function edgeSettings({
  listen,
  site,
  api,
  remotes,
  cacheDir,
  confDir,
  trustedProxy = NO_TRUSTED_PROXY,
}: {
  listen: string;
  site: string;
  api: string;
  remotes: Record<string, string>;
  cacheDir: string;
  confDir: string;
  trustedProxy?: string | undefined;
}): Record<string, string> {
  return {
    EDGE_LISTEN: listen,
    EDGE_TRUSTED_PROXY: trustedProxy,
    EDGE_CACHE_DIR: cacheDir,
    EDGE_CONF_DIR: confDir,
    SITE_UPSTREAM: site,
    API_UPSTREAM: api,
    ...Object.fromEntries(
      Object.entries(remotes).map(([name, base]) => [`REMOTE_${name.toUpperCase()}_BASE`, base]),
    ),
  };
}

/** Whether something answers TCP on host:port. */
export function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The main configuration of an nginx run by this user under `prefix`: its pid file and temporary
 * folders there, never the system's (/run, /var/lib/nginx), errors to stderr, no access log.
 * `http` are the lines of its http block (the sites, their types and compression).
 */
export function prefixedNginxConfig({
  prefix,
  workers,
  http,
}: {
  prefix: string;
  workers: number;
  http: readonly string[];
}): string {
  const tmp = path.join(prefix, 'tmp');
  return [
    `worker_processes ${workers};`,
    `pid ${path.join(prefix, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    '  default_type application/octet-stream;',
    '  access_log off;',
    '  sendfile on;',
    '  tcp_nopush on;',
    `  client_body_temp_path ${tmp}/body;`,
    `  proxy_temp_path ${tmp}/proxy;`,
    `  fastcgi_temp_path ${tmp}/fastcgi;`,
    `  uwsgi_temp_path ${tmp}/uwsgi;`,
    `  scgi_temp_path ${tmp}/scgi;`,
    ...http,
    '}',
    '',
  ].join('\n');
}

/** Starts nginx as the edge on host:port. Resolves once it accepts connections. */
export async function startEdge({
  port,
  host = '127.0.0.1',
  site,
  api,
  remotes,
  workers = 1,
  extraHttp = '',
  trustedProxy,
  nginx = NGINX,
  log = (line) => console.error(`[edge] ${line}`),
}: EdgeOptions): Promise<Edge> {
  if (!existsSync(nginx)) {
    throw new Error(
      `nginx is not installed at ${nginx} (apt-get install nginx-light, or set NGINX)`,
    );
  }
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'portfolio-edge-'));
  // As root, nginx's workers run as nobody: they must reach the folder and write in its caches.
  chmodSync(prefix, 0o755);
  for (const dir of ['cache', 'tmp', 'conf']) {
    mkdirSync(path.join(prefix, dir), { recursive: true });
    chmodSync(path.join(prefix, dir), 0o777);
  }
  const confDir = path.join(prefix, 'conf');
  for (const file of ['forwarded.conf', 'remote-files.conf', 'error-headers.conf']) {
    writeFileSync(path.join(confDir, file), readFileSync(path.join(EDGE_DIR, file)));
  }
  const settings = edgeSettings({
    listen: `${host}:${port}`,
    site,
    api,
    remotes,
    cacheDir: path.join(prefix, 'cache'),
    confDir,
    trustedProxy,
  });
  writeFileSync(
    path.join(confDir, 'site.conf'),
    fillTemplate(readFileSync(path.join(EDGE_DIR, 'site.conf.template'), 'utf8'), settings),
  );
  writeFileSync(
    path.join(confDir, 'nginx.conf'),
    prefixedNginxConfig({
      prefix,
      workers,
      http: [`  include ${path.join(confDir, 'site.conf')};`, extraHttp],
    }),
  );
  const child = spawn(
    nginx,
    ['-p', prefix, '-c', path.join(confDir, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const print = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim())
      .forEach(log);
  child.stdout.on('data', print);
  child.stderr.on('data', print);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  while (!(await answers(host, port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx did not start on ${host}:${port} (exit ${child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`,
    prefix,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** `npm run edge`: the edge in front of the services of `npm start` on their ports. */
async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  loadSettingsFile(env);
  const settings = readEdgeSettings(env);
  const edge = await startEdge({
    port: settings.EDGE_PORT,
    site: `127.0.0.1:${settings.SHELL_PORT}`,
    api: `127.0.0.1:${settings.API_PORT}`,
    remotes: Object.fromEntries(
      REMOTES.map((app) => [app.name, `http://127.0.0.1:${portOf(app, settings)}/`]),
    ),
    trustedProxy: settings.EDGE_TRUSTED_PROXY,
    nginx: settings.NGINX,
    log: (line) => console.log(`[edge] ${line}`),
  });
  console.log(
    `[edge] ${edge.url} in front of the site on port ${settings.SHELL_PORT}; ` +
      'start the site with SITE_URL set to this address. Ctrl-C stops it.',
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void edge.stop().then(() => process.exit(0)));
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  readCommandLine({ usage: 'Usage: npm run edge (no arguments; settings in the environment)' });
  main().catch((error: unknown) => {
    // A wrong setting says which and what it accepts; anything else, its message.
    console.error(
      error instanceof SettingsError
        ? `[edge] ${error.message}`
        : error instanceof Error
          ? error.message
          : error,
    );
    process.exit(1);
  });
}
