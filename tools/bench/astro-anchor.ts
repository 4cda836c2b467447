// The static anchor bench:lighthouse measures beside the site: the official Astro blog starter
// (tools/bench/astro-blog-starter/, vendored from withastro/astro examples/blog), built with
// `astro build` and served by Debian's nginx the way a production static host serves it (gzip for
// text, long-lived caching of the hashed assets). Prepared once into a cache folder under the
// system's temp folder, outside the repository and its workspaces: the starter copied there, its
// package.json written with exact versions, `npm install` from the npm registry, `astro build`.
// The cache's name depends on the vendored files and the versions, so a change rebuilds it.
//   tsx tools/bench/astro-anchor.ts           prepares it and serves it on 127.0.0.1:3690 (Ctrl-C stops)
//   tsx tools/bench/astro-anchor.ts --build   prepares it only
//   tsx tools/bench/astro-anchor.ts --help    says this and does nothing
//   ASTRO_ANCHOR_DIR  the cache's parent folder (default <tmpdir>/portfolio-astro-anchor)
//   NGINX             nginx to run (default /usr/sbin/nginx; apt-get install -y nginx)
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answers, prefixedNginxConfig } from '../edge';
import { readCommandLine } from '../command-line';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const STARTER_DIR = path.join(HERE, 'astro-blog-starter');
export const ANCHOR_PORT = 3690;
export const NGINX = process.env.NGINX || '/usr/sbin/nginx';

/**
 * The starter's dependencies (its package.json: @astrojs/mdx ^7.0.7, @astrojs/rss ^4.0.19,
 * @astrojs/sitemap ^3.7.3, astro ^7.2.4, sharp ^0.35.0), pinned to the newest release in each
 * range on 2026-11-27.
 */
export const ANCHOR_DEPENDENCIES = {
  '@astrojs/mdx': '7.0.8',
  '@astrojs/rss': '4.0.19',
  '@astrojs/sitemap': '3.7.4',
  astro: '7.3.5',
  sharp: '0.35.5',
};

/**
 * Astro 7 runs on Node ≥ 22.12 (its CLI refuses older ones). Under an older Node the build runs
 * with the official binary of this version from the npm registry's node-<platform>-<arch> package,
 * unpacked into the cache (never system-wide); nginx serves the result, so no Node runs it.
 */
const BUILD_NODE_VERSION = '22.23.3';

/** The anchor's pages, as bench:lighthouse opens them: the home page, the list, a post, about. */
export const ANCHOR_PAGES = ['/', '/blog/', '/blog/first-post/', '/about/'];

const log = (line: string): void => console.log(`[astro-anchor] ${line}`);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : [full];
    })
    .sort();
}

/** The cache's key: the vendored files, the pinned versions and the build's Node. */
function cacheKey(): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(STARTER_DIR)) {
    hash.update(path.relative(STARTER_DIR, file)).update('\0').update(readFileSync(file));
  }
  hash.update(JSON.stringify(ANCHOR_DEPENDENCIES)).update(BUILD_NODE_VERSION);
  return hash.digest('hex').slice(0, 12);
}

/** The environment of the commands run in the cache: no npm settings of a caller's `npm run`. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)),
  );
  return { ...env, ASTRO_TELEMETRY_DISABLED: '1', ...extra };
}

function nodeSatisfiesAstro(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

/** A Node that Astro 7 runs on: this one, or the registry's binary unpacked into `dir`. */
function buildNode(dir: string): string {
  if (nodeSatisfiesAstro(process.versions.node)) return process.execPath;
  const target = path.join(dir, '.node');
  const binary = path.join(target, 'bin', 'node');
  if (existsSync(binary)) return binary;
  const name = `node-${process.platform}-${process.arch}@${BUILD_NODE_VERSION}`;
  log(`Node ${process.versions.node} is older than Astro 7 needs: fetching ${name}`);
  const download = mkdtempSync(path.join(os.tmpdir(), 'portfolio-astro-node-'));
  try {
    // The package's tarball holds the official binary as package/bin/node.
    const tarball =
      execFileSync('npm', ['pack', '--silent', name], {
        cwd: download,
        env: cleanEnv(),
        encoding: 'utf8',
      })
        .trim()
        .split('\n')
        .pop() ?? '';
    mkdirSync(target, { recursive: true });
    execFileSync('tar', [
      '-xzf',
      path.join(download, tarball),
      '-C',
      target,
      '--strip-components=1',
    ]);
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
  return binary;
}

/** The starter built, from the cache when it is there: the cache folder and its dist/. */
export function prepareAstroAnchor(): { dir: string; dist: string; key: string } {
  const parent = process.env.ASTRO_ANCHOR_DIR || path.join(os.tmpdir(), 'portfolio-astro-anchor');
  const key = cacheKey();
  const dir = path.join(parent, key);
  const dist = path.join(dir, 'dist');
  const done = path.join(dir, '.built');
  if (existsSync(done) && existsSync(path.join(dist, 'index.html'))) {
    log(`built starter from the cache: ${dir}`);
    return { dir, dist, key };
  }
  const started = Date.now();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // As root, nginx's workers run as nobody: they must reach dist/ through these folders.
  chmodSync(parent, 0o755);
  chmodSync(dir, 0o755);
  cpSync(STARTER_DIR, dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify(
      {
        name: '@example/blog',
        type: 'module',
        version: '0.0.1',
        private: true,
        scripts: { build: 'astro build' },
        dependencies: ANCHOR_DEPENDENCIES,
      },
      null,
      2,
    )}\n`,
  );
  log(`installing ${Object.keys(ANCHOR_DEPENDENCIES).join(', ')} in ${dir}`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', dir], {
    cwd: dir,
    env: cleanEnv(),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const node = buildNode(dir);
  log(`astro build with Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}`);
  execFileSync(node, [path.join(dir, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    cwd: dir,
    env: cleanEnv({ PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (const page of ANCHOR_PAGES) {
    const file = path.join(dist, page, 'index.html');
    if (!existsSync(file)) throw new Error(`astro build made no ${path.relative(dir, file)}`);
  }
  writeFileSync(done, `${new Date().toISOString()}\n`);
  log(`built in ${((Date.now() - started) / 1000).toFixed(0)} s: ${dist}`);
  return { dir, dist, key };
}

const TEXT_TYPES = [
  'text/css',
  'text/javascript',
  'application/javascript',
  'application/json',
  'application/manifest+json',
  'application/xml',
  'application/rss+xml',
  'application/xslt+xml',
  'image/svg+xml',
  'text/plain',
  'text/xml',
];

/** nginx's configuration: the files of `dist` as a production static host serves them. */
function nginxConfig({
  prefix,
  dist,
  host,
  port,
}: {
  prefix: string;
  dist: string;
  host: string;
  port: number;
}): string {
  const mimeTypes = '/etc/nginx/mime.types';
  const http = [
    existsSync(mimeTypes)
      ? `  include ${mimeTypes};`
      : '  types { text/html html; text/css css; text/javascript js mjs; image/svg+xml svg; image/webp webp; image/jpeg jpg; font/woff woff; font/woff2 woff2; application/xml xml; }',
    // text/html is always compressed once gzip is on.
    '  gzip on;',
    '  gzip_comp_level 6;',
    '  gzip_min_length 256;',
    '  gzip_vary on;',
    `  gzip_types ${TEXT_TYPES.join(' ')};`,
    '  server {',
    `    listen ${host}:${port};`,
    `    root ${dist};`,
    '    index index.html;',
    // Astro's hashed build output: a new build has new names, so browsers keep these for a year.
    '    location /_astro/ {',
    '      expires 1y;',
    '    }',
    '    location / {',
    // Pages (and favicons, the feed, the sitemap) are revalidated: a deploy shows at once.
    '      expires epoch;',
    '      try_files $uri $uri/ $uri.html =404;',
    '    }',
    '  }',
  ];
  return `daemon off;\n${prefixedNginxConfig({ prefix, workers: 1, http })}`;
}

/** The anchor's nginx, serving: where, its master's PID, and how to stop it. */
export interface AnchorServer {
  origin: string;
  pid: number | undefined;
  stop: () => Promise<void>;
}

/**
 * Serves `dist` with nginx (its own process, `daemon off`, a configuration and pid file in a
 * folder of its own under the temp folder) on host:port. Resolves once it accepts connections.
 * `stop()` ends that nginx by the master PID of its pid file, then removes the folder.
 */
export async function serveAstroAnchor({
  dist,
  port = ANCHOR_PORT,
  host = '127.0.0.1',
}: {
  dist: string;
  port?: number;
  host?: string;
}): Promise<AnchorServer> {
  if (!existsSync(NGINX)) {
    throw new Error(`nginx is not installed at ${NGINX} (apt-get install -y nginx, or set NGINX)`);
  }
  if (await answers(host, port)) {
    throw new Error(`something already answers on ${host}:${port}: the anchor needs that port`);
  }
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'portfolio-astro-anchor-nginx-'));
  chmodSync(prefix, 0o755);
  mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
  chmodSync(path.join(prefix, 'tmp'), 0o777);
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ prefix, dist, host, port }));
  const child = spawn(NGINX, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  const errors: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const pidFile = path.join(prefix, 'nginx.pid');

  const stop = async (): Promise<void> => {
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : child.pid;
    if (child.exitCode === null && child.signalCode === null && pid) {
      // SIGQUIT: nginx's graceful shutdown (its workers finish their requests, then exit).
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(prefix, { recursive: true, force: true });
  };

  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null || child.signalCode !== null) {
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx exited (${child.exitCode ?? child.signalCode}): ${errors.join('')}`);
    }
    if (existsSync(pidFile) && (await answers(host, port))) break;
    if (waited > 15_000) {
      await stop();
      throw new Error(`nginx did not answer on ${host}:${port} in 15 s: ${errors.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin: `http://${host}:${port}`, pid: child.pid, stop };
}

/** The anchor's pages and the bytes of its build, for the benchmark's record. */
export function describeAnchor(dist: string) {
  const files = filesUnder(dist);
  const bytes = (filter: (file: string) => boolean): number =>
    files.filter(filter).reduce((sum, file) => sum + statSync(file).size, 0);
  return {
    name: 'Astro blog starter (withastro/astro examples/blog), astro build, nginx',
    dependencies: ANCHOR_DEPENDENCIES,
    pages: ANCHOR_PAGES,
    distJsBytes: bytes((file) => /\.m?js$/.test(file)),
    distCssBytes: bytes((file) => file.endsWith('.css')),
  };
}

async function main(): Promise<void> {
  const { values: flags } = readCommandLine({
    usage:
      'tsx tools/bench/astro-anchor.ts [--build]: prepares the Astro blog starter (cached under ' +
      `${process.env.ASTRO_ANCHOR_DIR || path.join(os.tmpdir(), 'portfolio-astro-anchor')}) ` +
      `and serves it with ${NGINX} on 127.0.0.1:${ANCHOR_PORT}; --build prepares it only`,
    options: { build: { type: 'boolean' } },
  });
  const { dist } = prepareAstroAnchor();
  if (flags.build === true) return;
  const server = await serveAstroAnchor({ dist });
  log(`serving ${dist} on ${server.origin} (nginx ${server.pid}); Ctrl-C stops it`);
  const quit = () => void server.stop().then(() => process.exit(0));
  process.once('SIGINT', quit);
  process.once('SIGTERM', quit);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
