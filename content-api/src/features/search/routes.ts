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
import type { RouteContext } from '../../route-context.js';
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
/**
 * How many matches a search ranks (docs/decisions/134): every one up to this many, else the
 * newest this many. X-Total-Count counts those: a search that matches more says this many.
 */
export const SEARCH_RANKED_MATCHES = 500;
const EDGE_LENGTH = 40;

export type { SearchResult };

// Roughly 150 characters of context around the best match; renderSnippet() trims the rest.
const HEADLINE_OPTIONS =
  `StartSel=${MARK_START}, StopSel=${MARK_STOP}, ` +
  'MaxWords=35, MinWords=20, ShortWord=2, MaxFragments=0, HighlightAll=false';

/**
 * What ts_headline reads (docs/decisions/134): a window of the text, WINDOW_LENGTH characters
 * from WINDOW_BEFORE before where the text first has the query's first lexeme (a stem is
 * usually the start of its words: `secur` in "security"), without the words the window's ends
 * cut; the whole text when it is short or the lexeme is not found so (`studi` in "study").
 * A snippet shows about 150 characters from 40 before the first match (renderSnippet), which
 * this window holds with room for ts_headline to choose its fragment.
 */
const WINDOW_BEFORE = 60;
const WINDOW_LENGTH = 200;

/**
 * The window, with string functions only (regular expressions per row were half the
 * statement's time) and the lexeme taken from the query once (an InitPlan), not per row.
 * `w.s` is where the window starts: one that starts inside the text drops the characters up to
 * its first space, one that ends inside it those after its last space.
 */
function headlineSource(query: SQL): SQL<string> {
  const lexeme = sql`(select (regexp_match(querytree(${query}), '''([^'']+)'''))[1])`;
  // OFFSET 0 keeps each level a subquery of its own, so `at` (a scan of the whole text) is
  // computed once per row instead of once per place that names it.
  return sql<string>`(select case
      when w.at = 0 or length(w.t) <= ${WINDOW_LENGTH} then w.t
      else (select case
          when w.s + ${WINDOW_LENGTH} - 1 < length(w.t)
            then left(c.v, length(c.v) - strpos(reverse(c.v), ' '))
          else c.v end
        from (select case when w.s > 1 then substr(v.v, strpos(v.v, ' ') + 1) else v.v end as v
          from (select substr(w.t, w.s, ${WINDOW_LENGTH}) as v offset 0) v offset 0) c)
    end
    from (select x.t, x.at, greatest(x.at - ${WINDOW_BEFORE}, 1) as s
      from (select ${articles.plainText} as t,
        coalesce(strpos(lower(${articles.plainText}), ${lexeme}), 0) as at offset 0) x) w)`;
}

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

/** One page of a search and how many match in all: what GET /search answers. */
export interface SearchPage {
  results: SearchResult[];
  total: number;
}

/**
 * A page of the public articles that match `text` (of one tag with `tag`), best first, and how
 * many there are, in one statement (docs/performance.md, "Search for a common word"). The
 * matches ranked are all of them, or the newest `ranked` when there are more (docs/decisions/
 * 134: found newest first along the createdAt index, so a word in most articles costs as much
 * as one in `ranked` of them); a page is the best `limit` after `offset` of those. They are
 * found and ranked once for both the page and the count (a CTE named twice, so materialised),
 * carrying only ids, dates and ranks; only the page's rows are then read in full, and
 * ts_headline (expensive) runs on those alone. Past the last match the statement still gives
 * one row: the count, with no article.
 */
export async function searchArticlePage(
  db: Database,
  text: string,
  now = new Date(),
  {
    limit = MAX_SEARCH_RESULTS,
    offset = 0,
    tag,
    ranked = SEARCH_RANKED_MATCHES,
  }: { limit?: number; offset?: number; tag?: string; ranked?: number } = {},
): Promise<SearchPage> {
  const query = searchQuery(text);
  const rank = sql<number>`ts_rank(${articles.searchVector}, ${query})`;
  const matches = db.$with('matches').as(
    db
      .select({ id: articles.id, createdAt: articles.createdAt, rank: rank.as('rank') })
      .from(articles)
      .where(found(query, now, tag))
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(ranked),
  );
  const counted = db
    .select({ total: sql<number>`count(*)::int`.as('total') })
    .from(matches)
    .as('counted');
  const page = db
    .select({ id: matches.id, createdAt: matches.createdAt, rank: matches.rank })
    .from(matches)
    .orderBy(desc(matches.rank), desc(matches.createdAt))
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await db
    .with(matches)
    .select({
      total: counted.total,
      id: articles.id,
      slug: articles.slug,
      tags: articles.tags,
      title: articles.title,
      content: articles.content,
      createdAt: articles.createdAt,
      headline: sql<string>`ts_headline('english', translate(${headlineSource(query)}, '<>', ${LESS_THAN + GREATER_THAN}), ${query}, ${HEADLINE_OPTIONS})`,
      // The ends of the text tell whether the headline starts or ends it.
      textStart: sql<string>`left(${articles.plainText}, ${EDGE_LENGTH})`,
      textEnd: sql<string>`right(${articles.plainText}, ${EDGE_LENGTH})`,
    })
    .from(counted)
    .leftJoin(page, sql`true`)
    .leftJoin(articles, eq(articles.id, page.id))
    .orderBy(desc(page.rank), desc(page.createdAt));
  const results: SearchResult[] = [];
  for (const row of rows) {
    // Left-joined: null only on the single row of a page past the last match.
    if (row.id === null || row.slug === null || row.tags === null) continue;
    if (row.title === null || row.content === null || row.createdAt === null) continue;
    const fragment = headlineText(row.headline);
    results.push({
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
    });
  }
  return { results, total: Number(rows[0]?.total ?? 0) };
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
          const { results, total } = await searchArticlePage(db, text, new Date(), {
            limit,
            offset,
            tag,
          });
          return jsonWithHeaders(results, { [TOTAL_COUNT_HEADER]: String(total) });
        },
        JSON.stringify([text, limit, offset, tag ?? null]),
      );
    },
  );
};

export default searchRoutes;
