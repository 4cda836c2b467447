// The files the site answers at its own origin for crawlers and feed readers: /robots.txt,
// /sitemap.xml (an index), its parts /sitemap-<n>.xml, /rss.xml and each tag's
// /tags/<tag>/rss.xml (docs/decisions/062, 130, 132).
// The feeds are made by the content API, which holds the content and builds every link on the
// public site URL (SITE_URL); this server only relays them, with a short cache, so there is one
// implementation of each.
import { TAG_MAX_LENGTH, TAG_PATTERN } from '@portfolio/contract';
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

/** The sitemap's parts, which its index names (`/sitemap-1.xml`, …): the site's route. */
export const SITEMAP_PART_ROUTE = '/sitemap-:part.xml';

/**
 * The API's path for the sitemap part a request names, or null when no part has such a name
 * (digits without a leading zero, a million parts at most): answered 404 without asking the API.
 */
export function sitemapPartApiPath(part: string): string | null {
  return /^[1-9]\d{0,5}$/.test(part) ? `/sitemap-${part}.xml` : null;
}

/** A tag's feed (docs/decisions/132): the site's route. */
export const TAG_FEED_ROUTE = '/tags/:tag/rss.xml';

const TAG = new RegExp(TAG_PATTERN);

/**
 * The API's path for the feed of the tag a request names, or null when no tag can have such a
 * name (the contract's TAG_PATTERN and length): answered 404 without asking the API.
 */
export function tagFeedApiPath(tag: string): string | null {
  return tag.length <= TAG_MAX_LENGTH && TAG.test(tag) ? `/tags/${tag}/rss.xml` : null;
}

/** What the relay answers for a feed the API says is not there (a sitemap part past the last). */
export const FEED_NOT_FOUND = 'not found';

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

export interface FeedRequest {
  /**
   * The API's 404 is an answer, not a failure: the relay says "not found" (FEED_NOT_FOUND) and
   * forgets its copy (a part that no longer exists), instead of serving the copy or null.
   */
  mayBeMissing?: boolean;
}

type FeedAnswer = FeedCopy | typeof FEED_NOT_FOUND | null;

/** A feed's copy, or null when there is none to serve; "not found" only when it may be missing. */
export interface Feed {
  (apiPath: string): Promise<FeedCopy | null>;
  (apiPath: string, request: FeedRequest): Promise<FeedAnswer>;
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
}: FeedRelayOptions): Feed {
  const copies = new Map<string, FeedCopy & { fetchedAt: number }>();
  /** Bumped on every content change: a copy asked for before one is stale at once. */
  let generation = 0;
  // Marked stale, not dropped: the last copy still answers while the API is down.
  watch?.onChange(() => {
    generation += 1;
    for (const copy of copies.values()) copy.fetchedAt = -Infinity;
  });
  const pending = new Map<string, Promise<FeedAnswer>>();

  async function fetchFeed(
    apiPath: string,
    { mayBeMissing = false }: FeedRequest,
  ): Promise<FeedAnswer> {
    const ticket = generation;
    try {
      const response = await fetchImpl(`${apiBase}${apiPath}`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (mayBeMissing && response.status === 404) {
        // Not kept: what is kept is bounded by the parts that exist.
        copies.delete(apiPath);
        await response.body?.cancel();
        return FEED_NOT_FOUND;
      }
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

  return function feed(apiPath: string, request: FeedRequest = {}): Promise<FeedAnswer> {
    const copy = copies.get(apiPath);
    if (copy && now() - copy.fetchedAt < ttlMs) return Promise.resolve(copy);
    // Requests that come while a fetch is on its way share it.
    let fetching = pending.get(apiPath);
    if (!fetching) {
      fetching = fetchFeed(apiPath, request).finally(() => pending.delete(apiPath));
      pending.set(apiPath, fetching);
    }
    return fetching;
  } as Feed;
}
