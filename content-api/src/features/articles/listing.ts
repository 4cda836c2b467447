// The public article lists' order, kept in memory (docs/decisions/133): every article's id, tags
// and publication, newest first as the database orders them, read in one statement after each
// content change and shared by every public list until the next. A page of `GET /articles` (of
// a tag or not) and its X-Total-Count then cost a filter of that order in memory and a read of
// the page's rows by primary key, however deep the page: no OFFSET walk, no count of the table.
// The listing lives and dies with the response cache's generation (the same writes, timers,
// other instances' invalidations and TTL), so it is never staler than the cached answers are.
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { isPublicAt } from '../../db/publication.js';
import type { Publication } from '../../db/publication.js';
import { articles } from '../../db/schema.js';
import type { ResponseCache } from '../../http/response-cache.js';

export interface ListingEntry extends Publication {
  id: string;
  tags: readonly string[];
}

/** One public list's page: the ids to read, in order, and how many the list holds in all. */
export interface ListingPage {
  ids: string[];
  total: number;
}

/** Which public articles a list holds, and which of them a page shows. */
export interface ListingQuery {
  tag?: string;
  limit?: number;
  offset?: number;
  now: Date;
}

/** Every article, newest first (the lists' order: createdAt, then id, both descending). */
async function readEntries(db: Database): Promise<ListingEntry[]> {
  return db
    .select({
      id: articles.id,
      tags: articles.tags,
      status: articles.status,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .orderBy(desc(articles.createdAt), desc(articles.id));
}

/**
 * The public lists of `entries` at `now` (all, and one per tag as asked for), and until when they
 * hold: the earliest time a scheduled entry comes out.
 */
class PublicLists {
  readonly all: string[] = [];
  readonly validUntil: number;
  private readonly byTag = new Map<string, string[]>();

  constructor(
    private readonly entries: readonly ListingEntry[],
    now: Date,
  ) {
    let validUntil = Infinity;
    for (const entry of entries) {
      if (isPublicAt(entry, now)) this.all.push(entry.id);
      else if (entry.status === 'published' && entry.publishedAt) {
        validUntil = Math.min(validUntil, entry.publishedAt.getTime());
      }
    }
    this.validUntil = validUntil;
  }

  /** The public ids, newest first, of one tag with `tag`. */
  of(tag: string | undefined, now: Date): readonly string[] {
    if (tag === undefined) return this.all;
    let ids = this.byTag.get(tag);
    if (!ids) {
      ids = this.entries
        .filter((entry) => entry.tags.includes(tag) && isPublicAt(entry, now))
        .map((entry) => entry.id);
      // Only a tag that has articles is kept: asking for made-up tags grows nothing.
      if (ids.length > 0) this.byTag.set(tag, ids);
    }
    return ids;
  }
}

/** A page of the public articles in `entries` (newest first), of one tag with `tag`. */
export function pageOf(entries: readonly ListingEntry[], query: ListingQuery): ListingPage {
  return pageIn(new PublicLists(entries, query.now), query);
}

function pageIn(lists: PublicLists, { tag, limit, offset = 0, now }: ListingQuery): ListingPage {
  const ids = lists.of(tag, now);
  return {
    ids: ids.slice(offset, limit === undefined ? undefined : offset + limit),
    total: ids.length,
  };
}

export class ArticleListing {
  private kept:
    { generation: number; keptAt: number; entries: Promise<ListingEntry[]> } | undefined;
  private lists: { entries: readonly ListingEntry[]; value: PublicLists } | undefined;

  constructor(
    private readonly db: Database,
    private readonly cache: ResponseCache,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Every article's entry, newest first, as of the cache's current generation; undefined while
   * the cache does not serve (it could miss other instances' writes): read the database then.
   * Concurrent callers share one read; a read that fails is not kept.
   */
  async entries(): Promise<readonly ListingEntry[] | undefined> {
    const { generation, active } = this.cache.state;
    if (!active) return undefined;
    const kept = this.kept;
    if (kept?.generation === generation && this.now() - kept.keptAt < this.cache.ttlMs) {
      return kept.entries;
    }
    const entries = readEntries(this.db);
    const read = { generation, keptAt: this.now(), entries };
    this.kept = read;
    try {
      return await entries;
    } catch (error) {
      if (this.kept === read) this.kept = undefined;
      throw error;
    }
  }

  /** A page of a public list, or undefined when the listing cannot be trusted (see entries()). */
  async page(query: ListingQuery): Promise<ListingPage | undefined> {
    const entries = await this.entries();
    if (!entries) return undefined;
    // The public lists hold until the entries change or a scheduled entry comes out.
    let lists = this.lists;
    if (lists?.entries !== entries || query.now.getTime() >= lists.value.validUntil) {
      lists = { entries, value: new PublicLists(entries, query.now) };
      this.lists = lists;
    }
    return pageIn(lists.value, query);
  }
}
