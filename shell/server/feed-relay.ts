// The files the site answers at its own origin for crawlers and feed readers: /robots.txt,
// /sitemap.xml and /rss.xml (docs/decisions/062). The feeds are made by the content API, which
// holds the content and builds every link on the public site URL (SITE_URL); this server only
// relays them, with a short cache, so there is one implementation of each.
import type { SiteRouteTable } from '../src/routes';
import type { ContentWatch } from './content-events';

/** How long a feed fetched from the API is served before asking again. */
export const FEED_TTL_MS = 60_000;
/** How long the API may take to answer for a feed. */
export const FEED_TIMEOUT_MS = 3_000;
export const FEED_UNAVAILABLE = 'The feed is unavailable right now. Please try again later.';

/** The feeds the site relays: its path → the API's path. */
export const FEEDS: Readonly<Record<string, string>> = {
  '/rss.xml': '/rss.xml',
  '/sitemap.xml': '/sitemap.xml',
};

/**
 * robots.txt: every page open to crawlers but the personal ones (the routes a remote publishes
 * as private: sign-in, sign-up, dashboards), and where the sitemap is.
 * @param siteUrl the public origin, without a trailing slash
 */
export function robotsTxt(siteUrl: string, table: SiteRouteTable): string {
  const disallowed = [
    ...new Set(
      Object.values(table)
        .flatMap((routes) => routes ?? [])
        .filter((route) => route.private)
        // A route parameter matches any segment.
        .map((route) => route.path.replace(/:[^/]+/g, '*')),
    ),
  ].sort();
  return [
    'User-agent: *',
    ...disallowed.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export interface FeedCopy {
  body: string;
  contentType: string;
}

export interface FeedRelayOptions {
  apiBase: string;
  ttlMs?: number;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
  /** The API's announcements of content changes: each makes the copies stale at once. */
  watch?: ContentWatch | null;
}

/**
 * Fetches a feed from the content API and keeps it FEED_TTL_MS, or until the API announces a
 * content change (`watch`: a publication must reach the feed at once, docs/decisions/120). When
 * the API does not answer, the last copy is served (crawlers prefer a slightly old sitemap to an
 * error), or null.
 */
export function createFeedRelay({
  apiBase,
  ttlMs = FEED_TTL_MS,
  timeoutMs = FEED_TIMEOUT_MS,
  fetchImpl = fetch,
  now = Date.now,
  log,
  watch,
}: FeedRelayOptions): (apiPath: string) => Promise<FeedCopy | null> {
  const copies = new Map<string, FeedCopy & { fetchedAt: number }>();
  /** Bumped on every content change: a copy asked for before one is stale at once. */
  let generation = 0;
  // Marked stale, not dropped: the last copy still answers while the API is down.
  watch?.onChange(() => {
    generation += 1;
    for (const copy of copies.values()) copy.fetchedAt = -Infinity;
  });
  const pending = new Map<string, Promise<FeedCopy | null>>();

  async function fetchFeed(apiPath: string): Promise<FeedCopy | null> {
    const ticket = generation;
    try {
      const response = await fetchImpl(`${apiBase}${apiPath}`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const copy = {
        body: await response.text(),
        contentType: response.headers.get('content-type') ?? 'application/xml; charset=utf-8',
        fetchedAt: ticket === generation ? now() : -Infinity,
      };
      copies.set(apiPath, copy);
      return copy;
    } catch (error) {
      log?.(`Could not fetch ${apiPath} from the content API`, error);
      return copies.get(apiPath) ?? null;
    }
  }

  return function feed(apiPath) {
    const copy = copies.get(apiPath);
    if (copy && now() - copy.fetchedAt < ttlMs) return Promise.resolve(copy);
    // Requests that come while a fetch is on its way share it.
    let request = pending.get(apiPath);
    if (!request) {
      request = fetchFeed(apiPath).finally(() => pending.delete(apiPath));
      pending.set(apiPath, request);
    }
    return request;
  };
}
