// What the addresses of the counted pages name, kept in memory (docs/decisions/181): the public
// articles by address and by id, the public projects and the tags public articles have. A view
// is counted only for a page whose content is public, and the beacon's answer must not wait for
// the database: the index is read once, and read again after every change of public content
// (the response cache's invalidation: a write here, another instance's through Redis, a
// scheduled item falling due, an import).
import type { CountedPageMatch } from '@portfolio/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { rowsOf } from '../../db/rows.js';
import type { ResponseCache } from '../../http/response-cache.js';

interface Index {
  articleBySlug: Map<string, string>;
  articleIds: Set<string>;
  projectIds: Set<string>;
  tags: Set<string>;
}

async function readIndex(db: Database, now: Date): Promise<Index> {
  const [articles, projects] = await Promise.all([
    db.execute(sql`select id, slug, tags from articles
      where status = 'published' and published_at <= ${now}`),
    db.execute(sql`select id from projects where status = 'published' and published_at <= ${now}`),
  ]);
  const index: Index = {
    articleBySlug: new Map(),
    articleIds: new Set(),
    projectIds: new Set(),
    tags: new Set(),
  };
  for (const row of rowsOf<{ id: string; slug: string; tags: string[] }>(articles)) {
    index.articleBySlug.set(row.slug, row.id);
    index.articleIds.add(row.id);
    for (const tag of row.tags) index.tags.add(tag);
  }
  for (const row of rowsOf<{ id: string }>(projects)) index.projectIds.add(row.id);
  return index;
}

/** The answer for one address: whether its content is public, and the article it shows. */
export type PageContent = { public: false } | { public: true; articleId: string | null };

export class PublicContent {
  private index: Promise<Index> | undefined;
  private generation = 0;
  private readonly stop: () => void;

  constructor(
    private readonly db: Database,
    cache: Pick<ResponseCache, 'onInvalidate'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.stop = cache.onInvalidate(() => {
      this.generation += 1;
      this.index = undefined;
    });
  }

  /** What a counted page's address names, checked against the public content now. */
  async contentOf(match: CountedPageMatch): Promise<PageContent> {
    const index = await this.current();
    let articleId: string | null = null;
    for (const { kind, value } of match.params) {
      if (kind === 'articleSlug') articleId = index.articleBySlug.get(value) ?? null;
      if (kind === 'articleId') articleId = index.articleIds.has(value) ? value : null;
      if ((kind === 'articleSlug' || kind === 'articleId') && articleId === null) {
        return { public: false };
      }
      if (kind === 'projectId' && !index.projectIds.has(value)) return { public: false };
      if (kind === 'tag' && !index.tags.has(value)) return { public: false };
    }
    return { public: true, articleId };
  }

  close(): void {
    this.stop();
  }

  private current(): Promise<Index> {
    if (this.index) return this.index;
    const generation = this.generation;
    const index = readIndex(this.db, this.now());
    this.index = index;
    // A change while it was read: the next view reads it again. A read that failed is not kept.
    index.then(
      () => {
        if (this.generation !== generation && this.index === index) this.index = undefined;
      },
      () => {
        if (this.index === index) this.index = undefined;
      },
    );
    return index;
  }
}
