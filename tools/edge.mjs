// The production edge (deploy/edge/, docs/decisions/102) run here: Debian's nginx, unprivileged,
// with everything it writes (pid, temp files, its cache) in a folder of its own under the
// system's temp folder, in front of services on this machine. The browser specs' smoke run goes
// through it (e2e/support/e2e-stack.mjs with E2E_EDGE=on), the benchmark measures against it,
// and an owner can try it in front of `npm start`:
//   EDGE_PORT=8080 npm run edge     (then open http://localhost:8080; Ctrl-C stops it)
// EDGE_TRUSTED_PROXY: the address or CIDR of a TLS terminator in front of it, if any.
// Needs nginx (apt-get install nginx-light, or NGINX=/path/to/nginx).
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
import { ROOT } from './root.ts';

export const EDGE_DIR = path.join(ROOT, 'deploy', 'edge');
export const NGINX = process.env.NGINX || '/usr/sbin/nginx';
/** EDGE_TRUSTED_PROXY's default: an address no connection comes from, so no peer is trusted. */
export const NO_TRUSTED_PROXY = '0.0.0.0/32';

/**
 * The template with its ${NAME} settings (upper case) filled in; nginx's own $variables stay.
 * A setting the template names and `values` lacks is an error, never an empty string.
 * @param {string} text
 * @param {Record<string, string>} values
 */
export function fillTemplate(text, values) {
  return text.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_match, name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The edge's template needs ${name}`);
    return value;
  });
}

/**
 * The settings of deploy/edge/site.conf.template for services at these addresses.
 * @param {{ listen: string, site: string, api: string, remotes: Record<string, string>,
 *   cacheDir: string, confDir: string, trustedProxy?: string }} where site and api: host:port;
 *   remotes: name → the base URL of its files (http://host:port/ or a CDN folder, ending in /);
 *   trustedProxy: the address or CIDR of a TLS terminator in front of the edge, whose
 *   X-Forwarded-For and X-Forwarded-Proto are believed (default: none)
 */
export function edgeSettings({
  listen,
  site,
  api,
  remotes,
  cacheDir,
  confDir,
  trustedProxy = NO_TRUSTED_PROXY,
}) {
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
function answers(host, port) {
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
 * Starts nginx as the edge on host:port. `extraHttp`: more of the http context (the benchmark's
 * static file server). Resolves once it accepts connections.
 * @param {{ port: number, host?: string, site: string, api: string,
 *   remotes: Record<string, string>, workers?: number, extraHttp?: string,
 *   trustedProxy?: string, log?: (line: string) => void }} options
 */
export async function startEdge({
  port,
  host = '127.0.0.1',
  site,
  api,
  remotes,
  workers = 1,
  extraHttp = '',
  trustedProxy,
  log = (line) => console.error(`[edge] ${line}`),
}) {
  if (!existsSync(NGINX)) {
    throw new Error(
      `nginx is not installed at ${NGINX} (apt-get install nginx-light, or set NGINX)`,
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
  const tmp = path.join(prefix, 'tmp');
  writeFileSync(
    path.join(confDir, 'nginx.conf'),
    [
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
      `  include ${path.join(confDir, 'site.conf')};`,
      extraHttp,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(
    NGINX,
    ['-p', prefix, '-c', path.join(confDir, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const print = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim())
      .forEach(log);
  child.stdout.on('data', print);
  child.stderr.on('data', print);
  const exited = new Promise((resolve) => child.once('exit', resolve));
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
    /** Stops nginx (its graceful quit) and removes its folder. */
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
async function main() {
  const { REMOTES, appPort, API_PORT_ENV, DEFAULT_API_PORT } =
    await import('@portfolio/platform/apps');
  const { portFromEnv } = await import('@portfolio/platform/settings');
  const edge = await startEdge({
    port: portFromEnv('EDGE_PORT', 8080),
    site: `127.0.0.1:${portFromEnv('SHELL_PORT', 3000)}`,
    api: `127.0.0.1:${portFromEnv(API_PORT_ENV, DEFAULT_API_PORT)}`,
    remotes: Object.fromEntries(
      REMOTES.map((app) => [app.name, `http://127.0.0.1:${appPort(app)}/`]),
    ),
    trustedProxy: process.env.EDGE_TRUSTED_PROXY || undefined,
    log: (line) => console.log(`[edge] ${line}`),
  });
  console.log(
    `[edge] ${edge.url} in front of the site on port ${portFromEnv('SHELL_PORT', 3000)}; ` +
      'start the site with SITE_URL set to this address. Ctrl-C stops it.',
  );
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => void edge.stop().then(() => process.exit(0)));
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
