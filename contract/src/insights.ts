// Insights (docs/decisions/180): page views counted without tracking, and what the owner's
// dashboard reads of them. A page of the site sends one small beacon when it is shown
// (shell/server/island-loader.ts) to POST /page-views; the API takes only the pages below, counts
// a visitor per day by a hash of a salt that is deleted after the day, and keeps no address, user
// agent, cookie or identifier. The admin reads GET /insights?days= and GET /insights/export.csv.
import {
  Array as ArrayOf,
  Integer,
  Literal,
  Null,
  Object as ObjectOf,
  Optional,
  String as StringType,
  Union,
} from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import {
  ID_PATTERN,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  TAG_MAX_LENGTH,
  TAG_PATTERN,
} from './schemas.js';

/** Where a page's beacon goes, under the API's base. */
export const PAGE_VIEWS_PATH = '/page-views';
/** The admin's figures, under the API's base. */
export const INSIGHTS_PATH = '/insights';
export const INSIGHTS_EXPORT_PATH = '/insights/export.csv';

/**
 * The query parameter the newsletter's links carry (`/article/<slug>?ref=newsletter`), and its
 * value: a view of a page opened from the newsletter is counted as such.
 */
export const NEWSLETTER_REF_PARAM = 'ref';
export const NEWSLETTER_REF_VALUE = 'newsletter';

/** A beacon's body is a few hundred bytes at most: anything over this is refused (413). */
export const PAGE_VIEW_BODY_LIMIT = 1024;

/**
 * The viewport classes a view is counted in, by the window's width in CSS pixels: under
 * `tablet` a phone, under `desktop` a tablet, else a desktop.
 */
export const VIEWPORT_CLASSES = ['phone', 'tablet', 'desktop'] as const;
export type ViewportClass = (typeof VIEWPORT_CLASSES)[number];
export const VIEWPORT_MIN_WIDTHS = { tablet: 640, desktop: 1024 } as const;

/** The ranges the dashboard shows, in days (today included). */
export const INSIGHTS_RANGES = [7, 30, 90] as const;
export type InsightsRange = (typeof INSIGHTS_RANGES)[number];
/** "Now": the visitors of the last this many minutes. */
export const INSIGHTS_NOW_MINUTES = 5;
/** How many rows the top lists (pages, articles, referrers) hold. */
export const INSIGHTS_TOP = 10;
/** Raw views are kept this many days, then only their daily figures are (docs/decisions/181). */
export const RAW_VIEWS_KEPT_DAYS = 30;

// --- The pages that are counted ---------------------------------------------------------------

/**
 * What a path parameter of a counted page names, which the API checks before it counts a view:
 * a published article (by its address or its id), a published project, a tag some published
 * article has, or a page number of a list.
 */
export type CountedParam = 'articleSlug' | 'articleId' | 'projectId' | 'tag' | 'pageNumber';

export interface CountedPage {
  /** The route path as the remotes publish it (React Router's pattern, `/article/:id`). */
  path: string;
  /** What each of its parameters names, by name. */
  params?: Readonly<Record<string, CountedParam>>;
}

/**
 * The public pages of the site (the remotes' pages of islands, every visitor's alike), each
 * counted when shown. The remotes own their routes (their src/routes.json); this list says what
 * each parameter names, which a routes file does not, and a test holds it to the remotes' public
 * pages (tools/counted-pages.test.ts): a page added to a remote fails it until it is listed here.
 */
export const COUNTED_PAGES: readonly CountedPage[] = [
  { path: '/' },
  { path: '/portfolio' },
  { path: '/about' },
  { path: '/contact' },
  { path: '/privacy' },
  { path: '/projects/:id', params: { id: 'projectId' } },
  { path: '/blog' },
  { path: '/blog/page/:page', params: { page: 'pageNumber' } },
  { path: '/articles/:id', params: { id: 'articleId' } },
  { path: '/article/:id', params: { id: 'articleSlug' } },
  { path: '/tags' },
  { path: '/tags/:tag', params: { tag: 'tag' } },
  { path: '/tags/:tag/page/:page', params: { tag: 'tag', page: 'pageNumber' } },
  { path: '/search-article' },
  { path: '/store' },
  { path: '/ebook' },
];

const PARAM_PATTERNS: Record<CountedParam, RegExp> = {
  articleSlug: new RegExp(SLUG_PATTERN),
  articleId: new RegExp(ID_PATTERN),
  projectId: new RegExp(ID_PATTERN),
  tag: new RegExp(TAG_PATTERN),
  // A list's pages after the first (the first is the list's own address).
  pageNumber: /^[2-9]$|^[1-9][0-9]{1,4}$/,
};
const PARAM_MAX_LENGTHS: Record<CountedParam, number> = {
  articleSlug: SLUG_MAX_LENGTH,
  articleId: 100,
  projectId: 100,
  tag: TAG_MAX_LENGTH,
  pageNumber: 5,
};

/** A path matched to its counted page: the page's route path and what its parameters name. */
export interface CountedPageMatch {
  page: string;
  params: { name: string; kind: CountedParam; value: string }[];
}

/** The counted page a path is an address of, or null when it is none. */
export function countedPageOf(path: string): CountedPageMatch | null {
  const segments = path === '/' ? [] : path.split('/').slice(1);
  for (const page of COUNTED_PAGES) {
    const shape = page.path === '/' ? [] : page.path.split('/').slice(1);
    if (shape.length !== segments.length) continue;
    const params: CountedPageMatch['params'] = [];
    const fits = shape.every((part, index) => {
      const segment = segments[index] ?? '';
      if (!part.startsWith(':')) return part === segment;
      const name = part.slice(1);
      const kind = page.params?.[name];
      if (!kind || segment.length > PARAM_MAX_LENGTHS[kind]) return false;
      if (!PARAM_PATTERNS[kind].test(segment)) return false;
      params.push({ name, kind, value: segment });
      return true;
    });
    if (fits) return { page: page.path, params };
  }
  return null;
}

// --- The beacon -------------------------------------------------------------------------------

/** A path as a beacon sends it: absolute, plain, short; countedPageOf decides the rest. */
export const PAGE_VIEW_PATH_PATTERN = '^/[a-z0-9/-]{0,199}$';
/** A referrer's origin only: scheme, host and port (never its path or query). */
export const REFERRER_ORIGIN_PATTERN =
  '^https?://[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::[0-9]{1,5})?$|^https?://\\[[0-9a-f:.]{2,45}\\](?::[0-9]{1,5})?$';

/** POST /page-views: what a page's beacon says of one view. */
export const PageViewSchema = ObjectOf(
  {
    /** The page's path (location.pathname), without its query. */
    path: StringType({ pattern: PAGE_VIEW_PATH_PATTERN, maxLength: 200 }),
    /** The origin of the page the visitor came from, when another site's (document.referrer). */
    referrer: Optional(StringType({ pattern: REFERRER_ORIGIN_PATTERN, maxLength: 300 })),
    viewport: Union(VIEWPORT_CLASSES.map((name) => Literal(name))),
    /** The page was opened from a link of the newsletter (`?ref=newsletter`). */
    newsletter: Optional(Literal(true)),
  },
  { additionalProperties: false },
);
export type PageView = Static<typeof PageViewSchema>;

// --- The admin's figures ----------------------------------------------------------------------

/** GET /insights and GET /insights/export.csv: `?days=7|30|90` (default 30). */
export const InsightsQuerySchema = ObjectOf(
  { days: Optional(Union(INSIGHTS_RANGES.map((days) => Literal(days)))) },
  { additionalProperties: false },
);
export type InsightsQuery = Static<typeof InsightsQuerySchema>;

const count = Integer({ minimum: 0 });

/** One day of the range (UTC), oldest first; days without a view are there with zeros. */
export const InsightsDaySchema = ObjectOf({
  /** YYYY-MM-DD. */
  day: StringType(),
  views: count,
  visitors: count,
});
export type InsightsDay = Static<typeof InsightsDaySchema>;

export const InsightsPageSchema = ObjectOf({ path: StringType(), views: count, visitors: count });
export type InsightsPage = Static<typeof InsightsPageSchema>;

/**
 * An article's figures over the range. `newsletterViews`: views opened from the newsletter.
 * Figures the site keeps of an article beyond its views (comments, when the site has them) are
 * optional fields: an answer carries one only when the API keeps it.
 */
export const InsightsArticleSchema = ObjectOf({
  /** The article's id; null for an article since deleted (its figures keep its title). */
  _id: Union([StringType(), Null()]),
  title: StringType(),
  /** Where it is read now; null once deleted. */
  path: Union([StringType(), Null()]),
  views: count,
  visitors: count,
  newsletterViews: count,
  comments: Optional(count),
});
export type InsightsArticle = Static<typeof InsightsArticleSchema>;

export const InsightsReferrerSchema = ObjectOf({ origin: StringType(), views: count });
export type InsightsReferrer = Static<typeof InsightsReferrerSchema>;

export const InsightsViewportSchema = ObjectOf({
  viewport: Union(VIEWPORT_CLASSES.map((name) => Literal(name))),
  views: count,
});
export type InsightsViewport = Static<typeof InsightsViewportSchema>;

/** GET /insights (admin): the range's figures. */
export const InsightsSchema = ObjectOf({
  /** Whether the site counts views at all (ANALYTICS): off, every figure is what was kept. */
  counting: Union([Literal(true), Literal(false)]),
  days: Integer({ minimum: 1 }),
  /** Visitors seen in the last INSIGHTS_NOW_MINUTES minutes. */
  now: count,
  totals: ObjectOf({ views: count, visitors: count }),
  daily: ArrayOf(InsightsDaySchema),
  pages: ArrayOf(InsightsPageSchema),
  articles: ArrayOf(InsightsArticleSchema),
  referrers: ArrayOf(InsightsReferrerSchema),
  viewports: ArrayOf(InsightsViewportSchema),
});
export type Insights = Static<typeof InsightsSchema>;

/** The CSV export's columns, one row per day and page of the range. */
export const INSIGHTS_CSV_COLUMNS = [
  'day',
  'path',
  'article',
  'views',
  'visitors',
  'newsletter_views',
] as const;
