// npm run bench:scale: what each list, feed and page costs as the blog grows (issue "a blog at
// 10,000 posts"; docs/decisions/130, 131, 132). For each database driver (PGlite, then
// PostgreSQL) it starts the site as `npm start` serves it (the production builds, the content
// API, the Auth emulator) on a block of ports of its own (tools/free-ports.mjs) with a throwaway
// database and the render cache off, so every request renders; measures the site with the seed's
// articles; publishes SCALE_ARTICLES more through the API as the dev admin, each with two or three
// tags (tools/bench/api/articles.ts); and measures again:
// - the HTML bytes of /blog, its page 50 (or its last), an article, /articles/{id}, search
//   results for a common word, the page of the tag with the most articles (/tags/<tag>, when the
//   site has the route), /rss.xml and the sitemap (its index and first part), and whether the
//   sitemap's parts list every public article;
// - the uncached render p99 of those pages, at 10 connections for SCALE_SECONDS each (autocannon),
//   after a second of the same load unmeasured;
// - the API: the public list's p99 (GET /articles?limit=10, and its pages one after another, each
//   a response-cache miss until the run comes round); an uncached search for the common
//   word (every request a distinct text the search reads as that word alone: searchVariant in
//   api/load.ts, so each one misses the response cache and runs in the database); and the
//   dashboard's answers as the admin gets them (GET /articles?limit=20&offset=0&include=drafts
//   and GET /tags?include=drafts, with the dev admin's token): bytes and p99;
// - Lighthouse (mobile, tools/bench/lighthouse-run.ts, as bench:lighthouse) on /blog, before and
//   after, on the first driver only (the pages are the same on both);
// - on PostgreSQL, members' comments (docs/decisions/200): SCALE_COMMENTS approved comments
//   (half threads, half replies) written into one article's database rows and 10 into another's,
//   then both article pages' bytes and uncached render p99 (a page shows 10 threads at most, their
//   replies counted, so the goal is within 1.1× the bytes of the one with 10, and ≤ 50 ms), and
//   a thread read alone (`?thread=`); each also with one connection (the render as one reader
//   meets it).
// Results in bench-results/scale.json (BENCH_RESULTS_DIR: elsewhere); the figures go to
// docs/performance.md by hand.
//   SCALE_ARTICLES (default 10000), SCALE_SECONDS (default 5), SCALE_DRIVERS (default
//   pglite,postgres), SCALE_LIGHTHOUSE (default 1; 0: none), LIGHTHOUSE_RUNS (default 3),
//   SCALE_COMMENTS (default 10000; 0: none).
// PostgreSQL: a database of its own, created and dropped on the server in DATABASE_URL (or
// TEST_DATABASE_URL); with neither set, the bench runs itself again inside
// content-api/scripts/with-services.sh (a throwaway cluster), as bench:api does.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Request } from 'autocannon';
import pg from 'pg';
import { claimBlock } from '../free-ports.mjs';
import { COMMON_WORD, generateArticles } from './api/articles';
import type { SyntheticArticle } from './api/articles';
import {
  onServer,
  postgresInstalled,
  rerunWithThrowawayPostgres,
  withDatabaseName,
} from './api/database';
import { searchVariant } from './api/load';
import { benchSitePorts, devAdminToken, startBenchSite, writeResults } from './bench-site';
import { medianOf, runLighthouse, summarise } from './lighthouse-run';
import { readCommandLine } from '../command-line';

const ARTICLES = Number(process.env.SCALE_ARTICLES ?? 10_000);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 5);
const DRIVERS = (process.env.SCALE_DRIVERS ?? 'pglite,postgres').split(',');
const LIGHTHOUSE = process.env.SCALE_LIGHTHOUSE !== '0';
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const CONNECTIONS = 10;
/** How long to wait after publishing before measuring again. */
const SETTLE_SECONDS = 15;
const IN_SERVICES = 'SCALE_IN_SERVICES';
const COMMENTS = Number(process.env.SCALE_COMMENTS ?? 10_000);
/** The article the comments are compared with holds this many. */
const FEW_COMMENTS = 10;

/** A page's or an answer's size, and for a page how many items (cards, results) it shows. */
interface Size {
  status: number;
  bytes: number;
  items?: number;
}

/** A rate under load. */
interface Timing {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

type Row = Size & Partial<Timing> & { tag?: Tag | undefined };

interface Tag {
  tag: string;
  count: number;
}

/** Requests that differ one from the next: the first's URL, and autocannon's `requests`. */
interface Varying {
  first: () => string;
  requests: Request[];
}

interface Measurement {
  publicArticles: number;
  sitemap: { parts: number; articles: number };
  rows: Record<string, Row>;
}

type LighthouseFigures = Record<
  'runs' | 'score' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'speedIndexMs' | 'jsBytes',
  number
>;

/** Two article pages, one with COMMENTS comments and one with FEW_COMMENTS. */
interface CommentsMeasurement {
  comments: number;
  many: Row;
  few: Row;
  /** A thread of the article with COMMENTS comments, read alone (`?thread=`). */
  thread: Row;
  bytesRatio: number;
  /** Each page's render as one reader meets it: one connection, p99. */
  oneReader: Record<'many' | 'few' | 'thread', Timing>;
}

interface DriverRun {
  driver: string;
  publishSeconds: number;
  comments?: CommentsMeasurement;
  seed: Measurement & { lighthouseBlog: LighthouseFigures | undefined };
  grown: Measurement & { lighthouseBlog: LighthouseFigures | undefined };
}

/** Publishes `articles` a few at a time; resolves with how long it took (s). */
async function publish(api: string, token: string, articles: SyntheticArticle[]): Promise<number> {
  const started = Date.now();
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    for (let article = articles[next]; article; article = articles[next]) {
      const { title, content, tags } = article;
      next += 1;
      const response = await fetch(`${api}/articles`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title, content, tags }),
      });
      if (response.status !== 201) {
        throw new Error(`publish: ${response.status} ${await response.text()}`);
      }
      await response.arrayBuffer();
      done += 1;
      if (done % 1000 === 0) console.log(`[bench] ${done} of ${articles.length} published`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return (Date.now() - started) / 1000;
}

/** The tag with the most public articles, or undefined when no article has one. */
async function largestTag(api: string): Promise<Tag | undefined> {
  const response = await fetch(`${api}/tags`);
  if (!response.ok) return undefined;
  // Most used first (TagListSchema): `{ tag, count }`.
  const [largest] = (await response.json()) as Tag[];
  return largest;
}

/** The page addresses to measure, from what the API lists now. */
async function pagesOf(
  site: string,
  api: string,
): Promise<{ total: number; tag: Tag | undefined; pages: Record<string, string> }> {
  const response = await fetch(`${api}/articles?limit=1`);
  const [newest] = (await response.json()) as { _id: string; slug?: string }[];
  if (!newest) throw new Error('the API lists no articles');
  const total = Number(response.headers.get('x-total-count'));
  const lastPage = Math.max(1, Math.ceil(total / 10));
  const tag = await largestTag(api);
  return {
    total,
    tag,
    pages: {
      '/blog': `${site}/blog`,
      // Page 50, or the last where there are fewer.
      '/blog/page/50':
        lastPage === 1 ? `${site}/blog` : `${site}/blog/page/${Math.min(50, lastPage)}`,
      'an article': `${site}/article/${newest.slug ?? newest._id}`,
      '/articles/{id}': `${site}/articles/${newest._id}`,
      [`search "${COMMON_WORD}"`]: `${site}/search-article?query=${COMMON_WORD}`,
      ...(tag && { '/tags/<largest tag>': `${site}/tags/${tag.tag}` }),
      '/rss.xml': `${site}/rss.xml`,
      '/sitemap.xml': `${site}/sitemap.xml`,
      '/sitemap-1.xml': `${site}/sitemap-1.xml`,
    },
  };
}

/** The answer's status and size; for a page, how many items (cards, results) it shows. */
async function bytesOf(url: string, headers: Record<string, string> = {}): Promise<Size> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  const body = Buffer.from(await response.arrayBuffer());
  const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
  // Cards and search results are each an <article> (remote-blog's ArticleCard, SearchResultItem).
  const items = html ? (body.toString('utf8').match(/<article[\s>]/g) ?? []).length : undefined;
  return { status: response.status, bytes: body.byteLength, ...(html && { items }) };
}

/** Unmeasured load before each measurement: the processes' code is compiled and warm. */
const WARMUP_SECONDS = 1;

interface LoadOptions {
  headers?: Record<string, string>;
  requests?: Request[];
  /** CONNECTIONS unless said. */
  connections?: number;
}

/** Autocannon on `url` (or `requests`) for SECONDS at CONNECTIONS: rate, p99, non-2xx answers. */
async function load(url: string, options: LoadOptions = {}): Promise<Timing> {
  await run(url, options, WARMUP_SECONDS);
  return run(url, options, SECONDS);
}

function run(
  url: string,
  { headers, requests, connections = CONNECTIONS }: LoadOptions,
  duration: number,
): Promise<Timing> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers, requests }, (error, result) =>
      error
        ? reject(error)
        : resolve({
            requestsPerSecond: Math.round(result.requests.average),
            p99Ms: result.latency.p99,
            non2xx: result.non2xx,
          }),
    );
  });
}

/** Never reset: no search text repeats within a run (a repeat could be a cache hit). */
let searchCounter = 0;

/**
 * The common word's search, every request a text of its own that searches that word alone;
 * `limit` as the search page asks (remote-blog's SEARCH_RESULTS_PER_PAGE, 10), or none: the
 * API's default page of 20, what an older client asks.
 */
function uncachedSearch(api: string, limit?: number): Varying {
  const url = new URL(`${api}/search`);
  if (limit) url.searchParams.set('limit', String(limit));
  const request = (): string => {
    url.searchParams.set('query', searchVariant(COMMON_WORD, (searchCounter += 1)));
    return `${url.pathname}${url.search}`;
  };
  return {
    first: () => `${url.origin}${request()}`,
    requests: [{ setupRequest: (req) => ({ ...req, path: request() }) }],
  };
}

/**
 * The public list's pages of 10, one after the other (offset 0, 10, …, then from 0 again): the
 * response cache holds an answer per page, so a page is a miss until the run comes round again
 * (with the seed's 12 articles, two pages: nearly all hits).
 */
function everyPage(api: string, total: number): Varying {
  const pages = Math.max(1, Math.ceil(total / 10));
  let page = 0;
  const request = (): string => {
    const offset = (page % pages) * 10;
    page += 1;
    return `/api/articles?limit=10&offset=${offset}`;
  };
  return {
    first: () => `${new URL(api).origin}${request()}`,
    requests: [{ setupRequest: (req) => ({ ...req, path: request() }) }],
  };
}

/** Every `<loc>` of a sitemap document. */
const locations = (xml: string): string[] =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? '');

/** How many distinct article addresses the sitemap's parts list, over all of them. */
async function sitemapArticles(site: string): Promise<{ parts: number; articles: number }> {
  const index = await (await fetch(`${site}/sitemap.xml`)).text();
  const articles = new Set<string>();
  for (const part of locations(index)) {
    const xml = await (await fetch(`${site}${new URL(part).pathname}`)).text();
    for (const url of locations(xml))
      if (new URL(url).pathname.startsWith('/article/')) articles.add(url);
  }
  return { parts: locations(index).length, articles: articles.size };
}

async function measure(
  label: string,
  site: string,
  api: string,
  token: string,
): Promise<Measurement> {
  const { total, tag, pages } = await pagesOf(site, api);
  const rows: Record<string, Row> = {};
  for (const [name, url] of Object.entries(pages)) {
    const size = await bytesOf(url);
    const measured = size.status === 200 && !name.includes('sitemap') && !name.includes('rss');
    const timing = measured ? await load(url) : {};
    rows[name] = { ...size, ...timing, ...(name.startsWith('/tags/') && { tag }) };
    console.log(`[bench] ${label}: ${name} ${size.status} ${size.bytes} B`, timing);
  }
  const admin = { authorization: `Bearer ${token}` };
  // Each: [url, headers] or [, , { first(), requests }] for requests that differ one from the next.
  const apiRows: Record<string, [string | undefined, Record<string, string>?, Varying?]> = {
    'API GET /articles?limit=10': [`${api}/articles?limit=10`],
    'API GET /articles?limit=10&offset=<n>, every page in turn': [
      undefined,
      {},
      everyPage(api, total),
    ],
    'API GET /search common word, uncached, limit=10 (the search page)': [
      undefined,
      {},
      uncachedSearch(api, 10),
    ],
    'API GET /search common word, uncached (default page of 20)': [
      undefined,
      {},
      uncachedSearch(api),
    ],
    'API GET /articles?limit=20&offset=0&include=drafts (admin)': [
      `${api}/articles?limit=20&offset=0&include=drafts`,
      admin,
    ],
    'API GET /tags?include=drafts (admin)': [`${api}/tags?include=drafts`, admin],
  };
  for (const [name, [url, headers = {}, varying]] of Object.entries(apiRows)) {
    const target = varying ? varying.first() : url;
    if (target === undefined) throw new Error(`${name}: no URL`);
    const size = await bytesOf(target, headers);
    const timing = varying
      ? await load(varying.first(), { requests: varying.requests })
      : await load(target, { headers });
    rows[name] = { ...size, ...timing };
    console.log(`[bench] ${label}: ${name} ${size.status} ${size.bytes} B`, timing);
  }
  const sitemap = await sitemapArticles(site);
  console.log(
    `[bench] ${label}: the sitemap's ${sitemap.parts} part(s) list ${sitemap.articles} of ${total} articles`,
  );
  return { publicArticles: total, sitemap, rows };
}

/** Lighthouse on /blog: one unmeasured load (compression and caches warm), then LIGHTHOUSE_RUNS. */
async function lighthouseOnBlog(label: string, site: string): Promise<LighthouseFigures> {
  const url = `${site}/blog`;
  await runLighthouse(url, ['performance']);
  const runs: ReturnType<typeof summarise>[] = [];
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
    const summary = summarise(await runLighthouse(url));
    runs.push(summary);
    console.log(
      `[bench] ${label}: Lighthouse /blog run ${run}: score ${summary.score}, ` +
        `TBT ${summary.tbtMs} ms, LCP ${summary.lcpMs} ms, CLS ${summary.cls}`,
    );
  }
  const { score, fcpMs, lcpMs, tbtMs, cls, speedIndexMs, jsBytes } = medianOf(runs);
  return { runs: LIGHTHOUSE_RUNS, score, fcpMs, lcpMs, tbtMs, cls, speedIndexMs, jsBytes };
}

/**
 * `count` approved comments on `articleId`, written straight into the database (the API would
 * take them 5 per member per 10 minutes): half threads, half replies to them, a few hundred
 * members, a sentence or two each, the newest a second apart.
 */
async function insertComments(client: pg.Client, articleId: string, count: number) {
  const threads = Math.ceil(count / 2);
  const body = `'Comment ' || g || ': ' || repeat('a thoughtful remark on the article, ', 3)`;
  await client.query(
    `insert into comments (id, article_id, parent_id, author_uid, body, status, created_at)
     select md5($1 || '-' || g), $1, null, 'bench-member-' || (g % 300), ${body}, 'approved',
       now() - g * interval '1 second'
     from generate_series(1, $2::int) g`,
    [articleId, threads],
  );
  await client.query(
    `insert into comments (id, article_id, parent_id, author_uid, body, status, created_at)
     select md5($1 || '-reply-' || g), $1, md5($1 || '-' || g), 'bench-member-' || ((g + 7) % 300),
       'Reply ' || ${body}, 'approved', now() - g * interval '1 second' + interval '1 millisecond'
     from generate_series(1, $2::int) g`,
    [articleId, count - threads],
  );
}

/** An article with COMMENTS comments against one with FEW_COMMENTS: bytes, uncached render p99. */
async function measureComments(
  site: string,
  api: string,
  databaseUrl: string,
): Promise<CommentsMeasurement> {
  // Not the newest: the measurements before read its page, and the API's answer of its comments
  // may still be cached.
  const listed = (await (await fetch(`${api}/articles?limit=4`)).json()) as {
    _id: string;
    slug?: string;
  }[];
  const [many, few] = listed.slice(2);
  if (!many || !few) throw new Error('comments: fewer than four articles');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await insertComments(client, many._id, COMMENTS);
    await insertComments(client, few._id, FEW_COMMENTS);
  } finally {
    await client.end();
  }
  const pageOf = (article: { _id: string; slug?: string }) =>
    `${site}/article/${article.slug ?? article._id}`;
  // The newest thread of the article with many: the first on its first page.
  const [newest] = (
    (await (await fetch(`${api}/articles/${many._id}/comments`)).json()) as {
      threads: { _id: string }[];
    }
  ).threads;
  if (!newest) throw new Error('comments: the article has no thread');
  /** Bytes and p99 at CONNECTIONS, then p99 with one connection. */
  const measure = async (url: string) => ({
    row: { ...(await bytesOf(url)), ...(await load(url)) },
    oneReader: await load(url, { connections: 1 }),
  });
  const manyPage = await measure(pageOf(many));
  const fewPage = await measure(pageOf(few));
  const threadPage = await measure(`${pageOf(many)}?thread=${newest._id}`);
  const measured: CommentsMeasurement = {
    comments: COMMENTS,
    many: manyPage.row,
    few: fewPage.row,
    thread: threadPage.row,
    bytesRatio: Number((manyPage.row.bytes / fewPage.row.bytes).toFixed(3)),
    oneReader: {
      many: manyPage.oneReader,
      few: fewPage.oneReader,
      thread: threadPage.oneReader,
    },
  };
  console.log(`[bench] comments: ${JSON.stringify(measured)}`);
  return measured;
}

/** The database for one driver's run: the API's environment and how to remove it. */
async function databaseFor(
  driver: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (driver === 'pglite') {
    // DATA_DIR (bench-site.ts) in the run folder; a DATABASE_URL of the caller's must not win.
    return { env: { DATABASE_URL: '' }, drop: async () => {} };
  }
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error(`${driver}: neither DATABASE_URL nor TEST_DATABASE_URL is set`);
  const name = `bench_scale_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  return {
    env: { DATABASE_URL: withDatabaseName(serverUrl, name) },
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function runDriver(driver: string, withLighthouse: boolean): Promise<DriverRun> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portfolio-bench-scale-'));
  const database = await databaseFor(driver);
  const base = await claimBlock({ offsets: [0, 1, 2, 3, 4, 20, 40, 41, 42, 43, 44] });
  const site = `http://localhost:${base}`;
  const api = `http://127.0.0.1:${base + 20}/api`;
  const stack = startBenchSite({
    env: {
      ...benchSitePorts(base, base + 20, base + 40),
      ...database.env,
      RENDER_CACHE: 'off',
    },
    runDir,
  });
  try {
    await stack.ready;
    console.log(`[bench] ${driver}: the site is up on ${site}`);
    const token = await devAdminToken(base + 40);
    const seed = await measure(`${driver}, seed`, site, api, token);
    const seedLighthouse = withLighthouse ? await lighthouseOnBlog('seed', site) : undefined;
    const published = await publish(api, token, generateArticles(ARTICLES));
    console.log(`[bench] ${driver}: ${ARTICLES} articles published in ${published.toFixed(0)} s`);
    // A site settles after a burst of writes: on PGlite the API analyzes the tables once writes
    // pause for 10 s (docs/decisions/134), as PostgreSQL's autovacuum does on its own.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    const grown = await measure(`${driver}, +${ARTICLES}`, site, api, token);
    const grownLighthouse = withLighthouse
      ? await lighthouseOnBlog(`+${ARTICLES}`, site)
      : undefined;
    const comments =
      COMMENTS > 0 && database.env.DATABASE_URL
        ? await measureComments(site, api, database.env.DATABASE_URL)
        : undefined;
    return {
      driver,
      publishSeconds: Math.round(published),
      ...(comments && { comments }),
      seed: { ...seed, lighthouseBlog: seedLighthouse },
      grown: { ...grown, lighthouseBlog: grownLighthouse },
    };
  } finally {
    await stack.stop();
    await database
      .drop()
      .catch((error: unknown) =>
        console.error(`[bench] drop: ${error instanceof Error ? error.message : String(error)}`),
      );
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}

function printTable({ driver, seed, grown }: DriverRun): void {
  console.log(`\n${driver}: ${seed.publicArticles} → ${grown.publicArticles} public articles`);
  console.table(
    Object.keys(grown.rows).map((name) => ({
      page: name,
      'bytes (seed)': seed.rows[name]?.bytes,
      'bytes (grown)': grown.rows[name]?.bytes,
      ratio: seed.rows[name]?.bytes
        ? Number(((grown.rows[name]?.bytes ?? 0) / seed.rows[name].bytes).toFixed(2))
        : undefined,
      'items (seed)': seed.rows[name]?.items,
      'items (grown)': grown.rows[name]?.items,
      'p99 ms (seed)': seed.rows[name]?.p99Ms,
      'p99 ms (grown)': grown.rows[name]?.p99Ms,
      'status (grown)': grown.rows[name]?.status,
    })),
  );
  console.log(
    `sitemap: ${grown.sitemap.articles} of ${grown.publicArticles} articles in ${grown.sitemap.parts} part(s)`,
  );
  if (seed.lighthouseBlog) {
    console.log(
      'Lighthouse /blog (median): seed',
      seed.lighthouseBlog,
      'grown',
      grown.lighthouseBlog,
    );
  }
}

async function main(): Promise<void> {
  // Its settings come from the environment (above); it takes no arguments.
  readCommandLine({
    usage: 'Usage: npm run bench:scale (no arguments; settings in the environment)',
  });
  const wantsPostgres = DRIVERS.includes('postgres');
  const hasServer = Boolean(process.env.DATABASE_URL || process.env.TEST_DATABASE_URL);
  if (wantsPostgres && !hasServer && !process.env[IN_SERVICES]) {
    if (!postgresInstalled())
      throw new Error('PostgreSQL is not installed and DATABASE_URL is not set');
    console.log('[bench] starting a throwaway PostgreSQL (content-api/scripts/with-services.sh)');
    process.exit(rerunWithThrowawayPostgres(fileURLToPath(import.meta.url), IN_SERVICES));
  }
  const results: DriverRun[] = [];
  for (const [index, driver] of DRIVERS.entries()) {
    results.push(await runDriver(driver, LIGHTHOUSE && index === 0));
  }
  const cpus = os.cpus();
  const result = {
    date: new Date().toISOString(),
    machine: `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    loadAverageAfter: os.loadavg(),
    articlesAdded: ARTICLES,
    connections: CONNECTIONS,
    seconds: SECONDS,
    results,
  };
  const file = writeResults('scale.json', result);
  for (const run of results) printTable(run);
  console.log(`results: ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
