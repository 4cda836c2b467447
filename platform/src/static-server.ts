// Serves one remote's build, as `npm start` and `npm run serve -w <remote>` run it: compression,
// immutable hashed assets, no-cache federation entry points, CORS (the shell's pages load the
// remote from another origin), the SPA fallback of a standalone remote, and /runtime-config.json
// (what a standalone remote reads at boot). In production any static host or the edge does this
// (docs/deployment.md); this server is the local one. Its settings (SiteAddressSettingsSchema: the
// runtime config's and the host check's, docs/decisions/147) are read once, when it is created.
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { IMMUTABLE, cacheControlFor } from './cache-control';
import { CANARY_FILE, POINTER_FILE, VERSIONS_DIR, readPointer } from './deploy-folders';
import { SiteAddressSettingsSchema, buildRuntimeConfig, publicHostCheck } from './runtime-config';
import type { SiteAddressSettings } from './runtime-config';
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { Setting, SettingsFileSchema, readSettings } from './settings';
import type { Env } from './settings';
import { STATIC_SECURITY_HEADERS, contentSecurityPolicy } from './security-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
// Every page's first script fetches /runtime-config.json before it can render or load a remote:
// announced with the page, it downloads while the scripts do instead of after them. `crossorigin`
// makes the preload match that same-origin fetch() (mode cors), so it is used, not fetched twice.
const PAGE_PRELOADS = '</runtime-config.json>; rel=preload; as=fetch; crossorigin';

type Encoding = 'br' | 'gzip';

function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  if (/\bbr\b/.test(header)) return 'br';
  if (/\bgzip\b/.test(header)) return 'gzip';
  return null;
}

/** A kept deploy's own address: /v/<version>/<file> (tools/deploy.ts). */
const VERSIONED_PATH = /^\/v\/([A-Za-z0-9][A-Za-z0-9._-]{0,63})(\/.*)$/;

interface CachedFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  mtimeMs: number;
}

export interface StaticServerOptions {
  /** A build folder. */
  root?: string;
  /**
   * Or a remote's deploy folder (@portfolio/platform/deploy-folders), served as its current
   * version at the usual addresses and every kept version, immutable, under /v/<id>/.
   */
  deployRoot?: string;
  cors?: boolean;
  /** The settings, read by the entry that starts the server (deploy/static-entry.ts). */
  settings?: SiteAddressSettings;
  /**
   * Or the environment, read here once through the same schema (the tools that start a
   * remote's server beside others: npm start, the benches, the compatibility checks).
   */
  env?: Env;
}

/** A remote's static server's settings: the runtime config it serves and its host check. */
export const StaticServerSettingsSchema = SiteAddressSettingsSchema;

/**
 * A packaged remote's server (deploy/static-entry.ts, `node serve.mjs <folder>`): where it
 * listens, and the static server's settings.
 */
export const StaticEntrySettingsSchema = Type.Object({
  ...SettingsFileSchema.properties,
  HOST: Setting.text({ fallback: '127.0.0.1', accepts: 'an address to bind to' }),
  PORT: Setting.port(8080),
  ...StaticServerSettingsSchema.properties,
});
export type StaticEntrySettings = Static<typeof StaticEntrySettingsSchema>;

/** The static server's settings from `env`, checked (a wrong value stops the start). */
export function readStaticServerSettings(env: Env): SiteAddressSettings {
  return readSettings(StaticServerSettingsSchema, env);
}

export function createStaticServer({
  root,
  deployRoot,
  cors = false,
  settings,
  env,
}: StaticServerOptions): Server {
  if (!root === !deployRoot) throw new Error('createStaticServer: give root or deployRoot');
  // Never the process's environment behind the caller's back: its entry says which to read.
  if (!settings === !env) throw new Error('createStaticServer: give settings or env');
  const deployDir = deployRoot ? path.resolve(deployRoot) : undefined;
  const given = settings ?? readStaticServerSettings(env ?? {});
  const isPublicHost = publicHostCheck(given);
  let pointer: { mtimeMs: number; version: string | null } = { mtimeMs: -1, version: null };

  /** Which folder answers a path, and whether the answer can never change. */
  async function locate(pathname: string) {
    if (!deployDir) return { rootDir: path.resolve(root!), pathname, immutable: false };
    const versioned = VERSIONED_PATH.exec(pathname);
    if (versioned) {
      return {
        rootDir: path.join(deployDir, VERSIONS_DIR, versioned[1]!),
        pathname: versioned[2]!,
        immutable: true,
      };
    }
    // The pointer is re-read when it changes: a deploy is live with the next request.
    const { mtimeMs } = await stat(path.join(deployDir, POINTER_FILE)).catch(() => ({
      mtimeMs: 0,
    }));
    if (mtimeMs !== pointer.mtimeMs) {
      pointer = { mtimeMs, version: readPointer(deployDir)?.version ?? null };
    }
    if (!pointer.version) return null;
    return {
      rootDir: path.join(deployDir, VERSIONS_DIR, pointer.version),
      pathname,
      immutable: false,
    };
  }

  const cache = new Map<string, CachedFile>();

  async function load(file: string): Promise<CachedFile | null> {
    const info = await stat(file);
    if (!info.isFile()) return null;
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached;
    const entry = { body: await readFile(file), mtimeMs: info.mtimeMs };
    cache.set(file, entry);
    return entry;
  }

  function compressed(entry: CachedFile, encoding: Encoding): Buffer {
    if (encoding === 'br') {
      entry.br ??= brotliCompressSync(entry.body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 9,
          [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
        },
      });
      return entry.br;
    }
    entry.gzip ??= gzipSync(entry.body, { level: 9 });
    return entry.gzip;
  }

  const perHost = new Map<string, { configJson: string; csp: string }>();

  /**
   * The runtime config as the browser will see it for the host name it used, and the page
   * policy built from it: both depend on the host name only, so they are built once per host.
   */
  function pageSettingsFor(request: IncomingMessage) {
    if (!isPublicHost(request.headers.host)) return null;
    const hostname = new URL(`http://${request.headers.host}`).hostname;
    let settings = perHost.get(hostname);
    if (!settings) {
      const config = buildRuntimeConfig({ hostname, settings: given });
      settings = { configJson: JSON.stringify(config), csp: contentSecurityPolicy(config) };
      perHost.set(hostname, settings);
    }
    return settings;
  }

  return createServer(async (request, response) => {
    const settings = pageSettingsFor(request);
    if (!settings) {
      // Only the configured host names (publicHostCheck): never one written into the page's config.
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Unknown host');
      return;
    }
    const headers: Record<string, string> = {
      ...STATIC_SECURITY_HEADERS,
      'Content-Security-Policy': settings.csp,
    };
    if (cors) {
      headers['Access-Control-Allow-Origin'] = '*';
      headers['Access-Control-Allow-Methods'] = 'GET, HEAD, OPTIONS';
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, headers).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      response.writeHead(400, headers).end('Bad request');
      return;
    }

    if (pathname === '/runtime-config.json') {
      response
        .writeHead(200, {
          ...headers,
          'Content-Type': TYPES['.json']!,
          'Cache-Control': 'no-cache',
        })
        .end(request.method === 'HEAD' ? undefined : settings.configJson);
      return;
    }

    // Source maps stay on the build machine (the builds write hidden ones): never served.
    if (pathname.endsWith('.map')) {
      response.writeHead(404, { ...headers, 'Content-Type': TYPES['.txt']! }).end('Not found');
      return;
    }
    // The remote's canary (docs/decisions/191), beside its pointer: asked again each time.
    if (deployDir && pathname === `/${CANARY_FILE}`) {
      const canary = await readFile(path.join(deployDir, CANARY_FILE)).catch(() => null);
      if (!canary) {
        response
          .writeHead(404, {
            ...headers,
            'Content-Type': TYPES['.txt']!,
            'Cache-Control': 'no-cache',
          })
          .end('No canary');
        return;
      }
      response
        .writeHead(200, {
          ...headers,
          'Content-Type': TYPES['.json']!,
          'Cache-Control': 'no-cache',
        })
        .end(request.method === 'HEAD' ? undefined : canary);
      return;
    }
    const located = await locate(pathname);
    if (!located) {
      response.writeHead(404, { ...headers, 'Content-Type': TYPES['.txt']! }).end('Not deployed');
      return;
    }
    const { rootDir, immutable } = located;
    pathname = located.pathname;
    let file = path.join(rootDir, pathname);
    if (!file.startsWith(rootDir + path.sep) && file !== rootDir) {
      response.writeHead(403, headers).end('Forbidden');
      return;
    }
    let entry: CachedFile | null = null;
    try {
      entry = await load(file.endsWith(path.sep) ? path.join(file, 'index.html') : file);
      if (file.endsWith(path.sep)) file = path.join(file, 'index.html');
    } catch {
      entry = null;
    }
    if (!entry) {
      // SPA fallback: a path without an extension is a client-side route.
      if (path.extname(pathname) === '' && !immutable) {
        file = path.join(rootDir, 'index.html');
        entry = await load(file).catch(() => null);
      }
      if (!entry) {
        response.writeHead(404, { ...headers, 'Content-Type': TYPES['.txt']! }).end('Not found');
        return;
      }
    }

    const extension = path.extname(file);
    headers['Content-Type'] = TYPES[extension] ?? 'application/octet-stream';
    headers['Cache-Control'] = immutable ? IMMUTABLE : cacheControlFor(file);
    if (extension === '.html') headers.Link = PAGE_PRELOADS;
    let body = entry.body;
    if (COMPRESSIBLE.has(extension) && body.length > 1024) {
      headers.Vary = 'Accept-Encoding';
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding) {
        body = compressed(entry, encoding);
        headers['Content-Encoding'] = encoding;
      }
    }
    headers['Content-Length'] = String(body.length);
    response.writeHead(200, headers).end(request.method === 'HEAD' ? undefined : body);
  });
}
