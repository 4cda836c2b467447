// GET /search?query=: full-text search over articles (of one tag with ?tag=), ranked, with
// highlighted snippets.
import { and, arrayContains, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  SEARCH_DEFAULT_LIMIT,
  SearchQuerySchema,
  SearchResultListSchema,
  TOTAL_COUNT_HEADER,
} from '@portfolio/contract';
import type { SearchResult } from '@portfolio/contract';
import type { RouteContext } from '../../app.js';
import type { Database } from '../../db/connect.js';
import { isPublic } from '../../db/publication.js';
import { articles } from '../../db/schema.js';
import { jsonWithHeaders, replyWithCachedJson } from '../../http/response-cache.js';
import {
  GREATER_THAN,
  LESS_THAN,
  MARK_START,
  MARK_STOP,
  headlineText,
  renderSnippet,
} from './snippet.js';

/** One page of results when none is asked for (today's answer: the best 20). */
export const MAX_SEARCH_RESULTS = SEARCH_DEFAULT_LIMIT;
const EDGE_LENGTH = 40;

export type { SearchResult };

// Roughly 150 characters of context around the best match; renderSnippet() trims the rest.
const HEADLINE_OPTIONS =
  `StartSel=${MARK_START}, StopSel=${MARK_STOP}, ` +
  'MaxWords=35, MinWords=20, ShortWord=2, MaxFragments=0, HighlightAll=false';

function searchQuery(text: string): SQL {
  return sql`websearch_to_tsquery('english', ${text})`;
}

/**
 * The articles a search finds: public ones only (drafts and scheduled ones are never found,
 * docs/decisions/120) that match `query`, with `tag` when one is given (docs/decisions/132).
 */
function found(query: SQL, now: Date, tag: string | undefined): SQL | undefined {
  return and(
    isPublic(articles, now),
    sql`${articles.searchVector} @@ ${query}`,
    tag ? arrayContains(articles.tags, [tag]) : undefined,
  );
}

/** How many public articles match `text`: what `searchArticles()` pages through. */
export async function countSearchResults(
  db: Database,
  text: string,
  now = new Date(),
  tag?: string,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(articles)
    .where(found(searchQuery(text), now, tag));
  return Number(row?.count ?? 0);
}

export async function searchArticles(
  db: Database,
  text: string,
  now = new Date(),
  {
    limit = MAX_SEARCH_RESULTS,
    offset = 0,
    tag,
  }: { limit?: number; offset?: number; tag?: string } = {},
): Promise<SearchResult[]> {
  const query = searchQuery(text);
  const rank = sql<number>`ts_rank(${articles.searchVector}, ${query})`;
  // Rank every match but carry only ids and ranks through the sort: a common word matches most
  // articles. Only the page's rows are then read in full, and ts_headline (expensive) runs on
  // those alone.
  const page = db
    .select({ id: articles.id, createdAt: articles.createdAt, rank: rank.as('rank') })
    .from(articles)
    .where(found(query, now, tag))
    .orderBy(desc(rank), desc(articles.createdAt))
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      tags: articles.tags,
      title: articles.title,
      content: articles.content,
      createdAt: articles.createdAt,
      headline: sql<string>`ts_headline('english', translate(${articles.plainText}, '<>', ${LESS_THAN + GREATER_THAN}), ${query}, ${HEADLINE_OPTIONS})`,
      // The ends of the text tell whether the headline starts or ends it.
      textStart: sql<string>`left(${articles.plainText}, ${EDGE_LENGTH})`,
      textEnd: sql<string>`right(${articles.plainText}, ${EDGE_LENGTH})`,
    })
    .from(page)
    .innerJoin(articles, eq(articles.id, page.id))
    .orderBy(desc(page.rank), desc(page.createdAt));
  return rows.map((row) => {
    const fragment = headlineText(row.headline);
    return {
      _id: row.id,
      slug: row.slug,
      tags: row.tags,
      title: row.title,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
      snippet: renderSnippet(row.headline, {
        startsDocument: fragment.startsWith(row.textStart) || row.textStart.startsWith(fragment),
        endsDocument: fragment.endsWith(row.textEnd) || row.textEnd.endsWith(fragment),
      }),
    };
  });
}

const searchRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { db, cache }) => {
  app.get(
    '/search',
    {
      schema: {
        querystring: SearchQuerySchema,
        response: { 200: SearchResultListSchema },
      },
    },
    (request, reply) => {
      const text = request.query.query?.trim() ?? '';
      const limit = request.query.limit ?? MAX_SEARCH_RESULTS;
      const offset = request.query.offset ?? 0;
      const { tag } = request.query;
      // Keyed on the trimmed text and the page: " tls " and "tls" are one search, and one
      // cache entry; X-Total-Count (how many match in all) is part of the cached answer.
      return replyWithCachedJson(
        cache,
        request,
        reply,
        async () => {
          if (!text) return jsonWithHeaders([], { [TOTAL_COUNT_HEADER]: '0' });
          const now = new Date();
          const [results, total] = await Promise.all([
            searchArticles(db, text, now, { limit, offset, tag }),
            countSearchResults(db, text, now, tag),
          ]);
          return jsonWithHeaders(results, { [TOTAL_COUNT_HEADER]: String(total) });
        },
        JSON.stringify([text, limit, offset, tag ?? null]),
      );
    },
  );
};

export default searchRoutes;
