// The remotes' hashed stylesheets the site's pages link, kept by the site's server
// (docs/decisions/101). A rendered page links its remote's stylesheets on the site's origin
// (/remotes/<name>/…); the server fetches each one from the remote's own origin the first time a
// page links it and answers it from memory after that. A file whose name carries its content
// hash (or that lives in a kept deploy folder, /v/<id>/) never changes, so the copy is the file:
// a page the server rendered stays styled while its remote is down or being redeployed.
import { LRUCache } from 'lru-cache';
import { REMOTES_PATH, REMOTE_NAMES } from '@portfolio/contract';
import type { RemoteName } from '@portfolio/contract';
import { IMMUTABLE, cacheControlFor } from '@portfolio/platform/cache-control';

export const DEFAULT_KEPT_ASSETS_MAX_BYTES = 16 * 1024 * 1024;
/** A stylesheet larger than this is not kept (it is still proxied). */
const MAX_ASSET_BYTES = 2 * 1024 * 1024;

export interface KeptAsset {
  body: Buffer;
  type: string;
}

export interface RemoteAssets {
  /**
   * Keeps a file a page links, by its address on the site's origin, unless it is kept already or
   * may change (not hashed). Never throws; a failed fetch is tried again at the next link.
   */
  keep(href: string): void;
  /** The kept file at this path of the site's origin. */
  get(pathname: string): KeptAsset | undefined;
  /** Resolves when the fetches under way are done. */
  settled(): Promise<void>;
}

/** Where a path of the site's origin is on a remote's own: its name and the rest of the path. */
export function remoteOf(pathname: string): { remote: RemoteName; rest: string } | null {
  if (!pathname.startsWith(REMOTES_PATH)) return null;
  const after = pathname.slice(REMOTES_PATH.length);
  const slash = after.indexOf('/');
  if (slash === -1) return null;
  const name = after.slice(0, slash);
  const remote = REMOTE_NAMES.find((each) => each === name);
  return remote ? { remote, rest: after.slice(slash + 1) } : null;
}

/**
 * A path under a remote's base on its own origin: the base and the rest joined as text, never
 * resolved, and null for a rest that could leave the base (a dot segment, a leading slash that
 * would name another host, a backslash), encoded or not.
 */
export function upstreamUrl(base: string, rest: string): string | null {
  if (rest.startsWith('/') || rest.includes('\\')) return null;
  const segments = rest.split('?')[0]!.split('/');
  for (const segment of segments) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (decoded === '.' || decoded === '..' || /[\\/]/.test(decoded)) return null;
  }
  return `${base}${rest}`;
}

const isImmutable = (pathname: string) =>
  /\/v\/[^/]+\//.test(pathname) || cacheControlFor(pathname) === IMMUTABLE;

export function createRemoteAssets({
  siteOrigin,
  upstreams,
  maxBytes = DEFAULT_KEPT_ASSETS_MAX_BYTES,
  timeoutMs = 5000,
  log,
}: {
  /** The site's origin, as the pages address it. */
  siteOrigin: string;
  /** Remote name → the base of its files on its own origin (REMOTE_<NAME>_URL's folder, with /). */
  upstreams: Record<RemoteName, string>;
  maxBytes?: number;
  timeoutMs?: number;
  log?: (message: string, error?: unknown) => void;
}): RemoteAssets {
  const kept = new LRUCache<string, KeptAsset>({
    maxSize: maxBytes,
    sizeCalculation: (asset) => Math.max(1, asset.body.length),
  });
  const fetching = new Map<string, Promise<void>>();

  async function fetchOnce(pathname: string, upstream: string) {
    try {
      // A remote's own published file, not the content API.
      const response = await fetch(upstream, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`${upstream}: HTTP ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      if (body.length > MAX_ASSET_BYTES) return;
      kept.set(pathname, {
        body,
        type: response.headers.get('content-type') ?? 'text/css; charset=utf-8',
      });
    } catch (error) {
      log?.(`A remote's stylesheet could not be kept (${pathname})`, error);
    } finally {
      fetching.delete(pathname);
    }
  }

  return {
    keep(href) {
      let url: URL;
      try {
        url = new URL(href);
      } catch {
        return;
      }
      if (url.origin !== siteOrigin) return;
      const { pathname } = url;
      if (kept.has(pathname) || fetching.has(pathname) || !isImmutable(pathname)) return;
      const located = remoteOf(pathname);
      if (!located) return;
      const upstream = upstreamUrl(upstreams[located.remote], located.rest);
      if (upstream) fetching.set(pathname, fetchOnce(pathname, upstream));
    },
    get: (pathname) => kept.get(pathname),
    settled: async () => {
      await Promise.allSettled([...fetching.values()]);
    },
  };
}
