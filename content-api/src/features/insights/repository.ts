// Page views in the database (docs/decisions/180, 181): one row per view for RAW_VIEWS_KEPT_DAYS
// days, and per day (UTC) once the day has ended: each page's views and visitors, the site's, and
// the views by referrer origin and by viewport class, which are kept. A range's figures read the
// daily tables for the days rolled up and the raw views for the rest (today, and yesterday until
// it is rolled up), so every answer reads at most a day or two of raw views.
import type { Insights, InsightsArticle, InsightsRange, ViewportClass } from '@portfolio/contract';
import { INSIGHTS_NOW_MINUTES, INSIGHTS_TOP, RAW_VIEWS_KEPT_DAYS } from '@portfolio/contract';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { rowsOf } from '../../db/rows.js';
import { utcDay } from './visitors.js';

/** The database, or a transaction of it: what a query runs on. */
type Queries = Pick<Database, 'execute'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A day is rolled up this long after it ended: a view written at its last moment is in. */
const ROLLUP_GRACE_MS = 60_000;
/** app_meta: the last day whose figures are in the daily tables. */
const ROLLED_THROUGH_KEY = 'insights_rolled_through';
/** One rollup at a time, whichever instance starts it (pg_try_advisory_xact_lock). */
const ROLLUP_LOCK_ID = 180_181;

const addDays = (day: string, days: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** The start of a UTC day, as a timestamp the queries compare with. */
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** Which days a range covers, and from which day on the raw views are read. */
interface RangeDays {
  from: string;
  today: string;
  /** The first day not in the daily tables (read from the raw views). */
  rawFrom: string;
}

async function rolledThrough(db: Queries): Promise<string | undefined> {
  const rows = rowsOf<{ value: string }>(
    await db.execute(sql`select value from app_meta where key = ${ROLLED_THROUGH_KEY}`),
  );
  return rows[0]?.value;
}

async function rangeDays(db: Database, days: number, now: Date): Promise<RangeDays> {
  const today = utcDay(now);
  const from = addDays(today, -(days - 1));
  const through = await rolledThrough(db);
  const rawFrom = through === undefined ? from : addDays(through, 1);
  return { from, today, rawFrom: rawFrom < from ? from : rawFrom };
}

/**
 * The per-page figures of a range, day by day: the daily table's for the days rolled up, the raw
 * views' (visitors counted per day and page, as the rollup counts them) for the rest.
 */
function pageDaysOf({ from, rawFrom }: RangeDays): SQL {
  return sql`
    select day, path, article_id, views, visitors, newsletter_views from page_view_days
      where day >= ${from}::date and day < ${rawFrom}::date
    union all
    select (viewed_at at time zone 'UTC')::date as day, path, article_id,
        count(*)::int as views, count(distinct visitor)::int as visitors,
        (count(*) filter (where newsletter))::int as newsletter_views
      from page_views where viewed_at >= ${startOf(rawFrom)}
      group by 1, path, article_id`;
}

/** The views of a range by a source (referrer origin or viewport class). */
function sourceDaysOf({ from, rawFrom }: RangeDays, kind: 'referrer' | 'viewport'): SQL {
  return sql`
    select value, views from view_source_days
      where kind = ${kind} and day >= ${from}::date and day < ${rawFrom}::date
    union all
    select ${sql.raw(kind)} as value, count(*)::int as views from page_views
      where viewed_at >= ${startOf(rawFrom)} and ${sql.raw(kind)} is not null
      group by ${sql.raw(kind)}`;
}

/** Where an article is read now. */
const articlePath = (slug: string) => `/article/${slug}`;

/**
 * An extension point for figures the site keeps of an article beyond its views: each entry adds
 * a field of InsightsArticle (optional in the contract) read for the top articles by their ids.
 * Comments (issue 45) add theirs here when their table exists.
 */
export interface ArticleFigure {
  field: keyof Pick<InsightsArticle, 'comments'>;
  /** The figure of each of these article ids over the range, as rows `{ id, value }`. */
  query(ids: readonly string[], from: Date): SQL;
}
export const ARTICLE_FIGURES: ArticleFigure[] = [];

/** GET /insights: the figures of the last `days` days (today included) at `now`. */
export async function readInsights(
  db: Database,
  days: InsightsRange,
  now: Date,
  counting: boolean,
): Promise<Insights> {
  const range = await rangeDays(db, days, now);
  const pageDays = pageDaysOf(range);
  const since = new Date(now.getTime() - INSIGHTS_NOW_MINUTES * 60_000);
  const [daily, pages, articles, referrers, viewports, nowRows] = await Promise.all([
    db.execute(sql`
      select day::text as day, sum(views)::int as views, sum(visitors)::int as visitors from (
        select day, views, visitors from site_view_days
          where day >= ${range.from}::date and day < ${range.rawFrom}::date
        union all
        select (viewed_at at time zone 'UTC')::date, count(*)::int, count(distinct visitor)::int
          from page_views where viewed_at >= ${startOf(range.rawFrom)} group by 1
      ) d group by day`),
    db.execute(sql`
      select path, sum(views)::int as views, sum(visitors)::int as visitors
      from (${pageDays}) d group by path order by views desc, path limit ${INSIGHTS_TOP}`),
    db.execute(sql`
      select d.article_id as key, a.id, a.slug, coalesce(a.title, gone.title) as title,
        sum(d.views)::int as views, sum(d.visitors)::int as visitors,
        sum(d.newsletter_views)::int as newsletter_views
      from (${pageDays}) d
        left join articles a on a.id = d.article_id
        left join deleted_articles gone on gone.key = d.article_id
      where d.article_id is not null
      group by d.article_id, a.id, a.slug, a.title, gone.title
      order by views desc, title limit ${INSIGHTS_TOP}`),
    db.execute(sql`
      select value as origin, sum(views)::int as views from (${sourceDaysOf(range, 'referrer')}) s
      group by value order by views desc, value limit ${INSIGHTS_TOP}`),
    db.execute(sql`
      select value as viewport, sum(views)::int as views from (${sourceDaysOf(range, 'viewport')}) s
      group by value order by views desc, value`),
    db.execute(sql`
      select count(distinct visitor)::int as visitors from page_views where viewed_at > ${since}`),
  ]);

  const byDay = new Map(
    rowsOf<{ day: string; views: number; visitors: number }>(daily).map((row) => [row.day, row]),
  );
  const dailyFigures: Insights['daily'] = [];
  for (let day = range.from; day <= range.today; day = addDays(day, 1)) {
    const row = byDay.get(day);
    dailyFigures.push({ day, views: row?.views ?? 0, visitors: row?.visitors ?? 0 });
  }
  const totals = dailyFigures.reduce(
    (sum, day) => ({ views: sum.views + day.views, visitors: sum.visitors + day.visitors }),
    { views: 0, visitors: 0 },
  );
  type ArticleRow = {
    key: string;
    id: string | null;
    slug: string | null;
    title: string | null;
    views: number;
    visitors: number;
    newsletter_views: number;
  };
  const articleRows = rowsOf<ArticleRow>(articles);
  const topArticles: InsightsArticle[] = articleRows.map((row) => ({
    _id: row.id,
    title: row.title ?? row.key,
    path: row.slug === null ? null : articlePath(row.slug),
    views: row.views,
    visitors: row.visitors,
    newsletterViews: row.newsletter_views,
  }));
  await addArticleFigures(db, topArticles, articleRows, startOf(range.from));

  return {
    counting,
    days,
    now: rowsOf<{ visitors: number }>(nowRows)[0]?.visitors ?? 0,
    totals,
    daily: dailyFigures,
    pages: rowsOf<{ path: string; views: number; visitors: number }>(pages),
    articles: topArticles,
    referrers: rowsOf<{ origin: string; views: number }>(referrers),
    viewports: rowsOf<{ viewport: ViewportClass; views: number }>(viewports),
  };
}

async function addArticleFigures(
  db: Database,
  top: InsightsArticle[],
  rows: readonly { key: string }[],
  from: Date,
): Promise<void> {
  const ids = rows.map((row) => row.key);
  if (ids.length === 0) return;
  for (const figure of ARTICLE_FIGURES) {
    const values = new Map(
      rowsOf<{ id: string; value: number }>(await db.execute(figure.query(ids, from))).map(
        (row) => [row.id, Number(row.value)],
      ),
    );
    top.forEach((article, index) => {
      article[figure.field] = values.get(ids[index] ?? '') ?? 0;
    });
  }
}

export interface ExportRow {
  day: string;
  path: string;
  article: string;
  views: number;
  visitors: number;
  newsletter_views: number;
}

/** GET /insights/export.csv: one row per day and page of the range, oldest day first. */
export async function exportRows(
  db: Database,
  days: InsightsRange,
  now: Date,
): Promise<ExportRow[]> {
  const range = await rangeDays(db, days, now);
  return rowsOf<ExportRow>(
    await db.execute(sql`
      select d.day::text as day, d.path, coalesce(a.title, gone.title, '') as article,
        d.views, d.visitors, d.newsletter_views
      from (${pageDaysOf(range)}) d
        left join articles a on a.id = d.article_id
        left join deleted_articles gone on gone.key = d.article_id
      order by d.day, d.views desc, d.path`),
  );
}

export interface RollupResult {
  /** The days rolled up, oldest first. */
  days: string[];
  /** Raw views deleted for being older than RAW_VIEWS_KEPT_DAYS. */
  deletedViews: number;
  /** False when another instance was rolling up at the same time (it does the work). */
  ran: boolean;
}

/**
 * The rollup job (docs/decisions/181): every day that has ended since the last run (within the
 * raw views' RAW_VIEWS_KEPT_DAYS) is summed into the daily tables, the raw views older than that
 * are deleted, and so are the salts of the days before today. One instance at a time; a day
 * rolled up twice gets the same figures.
 */
export async function rollUpViews(db: Database, now: Date): Promise<RollupResult> {
  return db.transaction(async (tx) => {
    const locked = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK_ID}) as locked`),
    );
    if (locked[0]?.locked !== true) return { days: [], deletedViews: 0, ran: false };
    const today = utcDay(now);
    const oldestKept = addDays(today, -RAW_VIEWS_KEPT_DAYS);
    // The last day that has ended (with a minute's grace for views written at its last moment).
    const lastEnded = addDays(utcDay(new Date(now.getTime() - ROLLUP_GRACE_MS)), -1);
    const through = await rolledThrough(tx);
    let first = through === undefined ? oldestKept : addDays(through, 1);
    if (first < oldestKept) first = oldestKept;
    if (through === undefined) {
      // The first run: from the oldest raw view there is, not from 30 empty days.
      const oldest = rowsOf<{ day: string | null }>(
        await tx.execute(
          sql`select (min(viewed_at) at time zone 'UTC')::date::text as day from page_views`,
        ),
      )[0]?.day;
      if (oldest && oldest > first) first = oldest;
      if (!oldest) first = addDays(lastEnded, 1);
    }
    const rolled: string[] = [];
    for (let day = first; day <= lastEnded; day = addDays(day, 1)) {
      await rollUpDay(tx, day);
      rolled.push(day);
    }
    if (rolled.length > 0 || through === undefined) {
      await tx.execute(sql`
        insert into app_meta (key, value) values (${ROLLED_THROUGH_KEY}, ${lastEnded})
        on conflict (key) do update set value = excluded.value`);
    }
    const deleted = rowsOf<{ count: number }>(
      await tx.execute(sql`
        with gone as (delete from page_views where viewed_at < ${startOf(oldestKept)} returning 1)
        select count(*)::int as count from gone`),
    );
    await tx.execute(sql`delete from visitor_salts where day < ${today}::date`);
    return { days: rolled, deletedViews: deleted[0]?.count ?? 0, ran: true };
  });
}

async function rollUpDay(db: Queries, day: string): Promise<void> {
  const start = startOf(day);
  const end = startOf(addDays(day, 1));
  const ofDay = sql`viewed_at >= ${start} and viewed_at < ${end}`;
  await db.execute(sql`delete from page_view_days where day = ${day}::date`);
  await db.execute(sql`delete from site_view_days where day = ${day}::date`);
  await db.execute(sql`delete from view_source_days where day = ${day}::date`);
  await db.execute(sql`
    insert into page_view_days (day, path, article_id, views, visitors, newsletter_views)
    select ${day}::date, path, max(article_id), count(*), count(distinct visitor),
      count(*) filter (where newsletter)
    from page_views where ${ofDay} group by path`);
  await db.execute(sql`
    insert into site_view_days (day, views, visitors)
    select ${day}::date, count(*), count(distinct visitor) from page_views where ${ofDay}
    having count(*) > 0`);
  await db.execute(sql`
    insert into view_source_days (day, kind, value, views)
    select ${day}::date, 'referrer', referrer, count(*) from page_views
      where ${ofDay} and referrer is not null group by referrer
    union all
    select ${day}::date, 'viewport', viewport, count(*) from page_views
      where ${ofDay} group by viewport`);
}
