// Insights (docs/decisions/180): POST /page-views, where a page's beacon says it was shown, and
// the admin's figures, GET /insights?days= and GET /insights/export.csv?days=.
//
// A view is counted when it is a person's view of a page of the site: not when the browser asks
// not to be (Sec-GPC: 1, DNT: 1), not from a crawler or a headless browser (isbot), only for a
// counted page's address (the contract's COUNTED_PAGES) whose article, project or tag is public.
// Nothing a beacon says is stored but its page, the origin it came from, its viewport class and
// whether the newsletter led there; the visitor is a hash made with the day's salt (visitors.ts).
// The answer is 204 whether or not the view was counted (a beacon reads no answer), 4xx for what
// is no beacon of the site's.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  INSIGHTS_CSV_COLUMNS,
  INSIGHTS_EXPORT_PATH,
  INSIGHTS_PATH,
  InsightsQuerySchema,
  InsightsSchema,
  PAGE_VIEWS_PATH,
  PAGE_VIEW_BODY_LIMIT,
  PageViewSchema,
  countedPageOf,
} from '@portfolio/contract';
import type { InsightsRange } from '@portfolio/contract';
import { csvLines } from '../../lib/csv.js';
import { HttpError } from '../../http/errors.js';
import { clientOf } from '../../http/client-identity.js';
import { addStrictJsonParser } from '../../http/strict-input.js';
import type { RouteContext } from '../../route-context.js';
import { PublicContent } from './public-content.js';
import { exportRows, readInsights } from './repository.js';
import type { ExportRow } from './repository.js';
import { ViewWriter } from './view-writer.js';
import { VisitorSalts, asksNotToBeCounted, isAutomated, utcDay, visitorHash } from './visitors.js';

/** Beacons per minute from one client: far more pages than a person reads, a few per second. */
export const DEFAULT_PAGE_VIEW_RATE_LIMIT = 60;
export const PAGE_VIEW_MESSAGES = {
  notAPage: 'Not a page of the site.',
  noSuchPage: 'No such page.',
  rateLimited: 'Too many page views. Please slow down.',
} as const;
const DEFAULT_RANGE: InsightsRange = 30;

/** What the beacon's route and the figures' share: the views waiting to be written. */
interface Views {
  content: PublicContent;
  writer: ViewWriter;
}

export interface InsightsRouteOptions extends RouteContext {
  /** ANALYTICS: off, beacons are answered and nothing is stored. */
  counting: boolean;
  /** The site's address (SITE_URL): the "site" of a visitor's hash, and its own referrer. */
  siteUrl: string;
  pageViewRateLimit: number;
  /** The time (tests move it). */
  now?: () => Date;
}

export function insightsCsv(rows: readonly ExportRow[]): string {
  return csvLines(INSIGHTS_CSV_COLUMNS, rows);
}

/** The beacon's route, in a scope of its own: only it takes JSON sent as text/plain. */
const pageViewRoute: FastifyPluginAsyncTypebox<InsightsRouteOptions & { views: Views }> = async (
  app,
  options,
) => {
  const { db, counting, pageViewRateLimit, views } = options;
  const now = options.now ?? (() => new Date());
  const site = new URL(options.siteUrl);
  const salts = new VisitorSalts(db);
  // navigator.sendBeacon sends a string as text/plain (no preflight, nothing to allow).
  app.removeContentTypeParser('text/plain');
  addStrictJsonParser(app, ['text/plain']);
  app.post(
    PAGE_VIEWS_PATH,
    {
      bodyLimit: PAGE_VIEW_BODY_LIMIT,
      config: {
        changesPublicContent: false,
        rateLimit: {
          max: pageViewRateLimit,
          timeWindow: 60_000,
          errorResponseBuilder: () => ({
            statusCode: 429,
            message: PAGE_VIEW_MESSAGES.rateLimited,
          }),
        },
      },
      schema: { body: PageViewSchema },
    },
    async (request, reply) => {
      const view = request.body;
      const match = countedPageOf(view.path);
      if (!match) throw new HttpError(400, PAGE_VIEW_MESSAGES.notAPage);
      const userAgent = request.headers['user-agent'];
      if (!counting || asksNotToBeCounted(request.headers) || isAutomated(userAgent)) {
        return reply.code(204).send();
      }
      const content = await views.content.contentOf(match);
      if (!content.public) throw new HttpError(404, PAGE_VIEW_MESSAGES.noSuchPage);
      const at = now();
      const salt = await salts.saltOf(utcDay(at));
      views.writer.add({
        viewedAt: at,
        path: view.path,
        articleId: content.articleId,
        visitor: visitorHash(salt, site.host, clientOf(request.ip), userAgent ?? ''),
        referrer:
          view.referrer !== undefined && view.referrer !== site.origin ? view.referrer : null,
        viewport: view.viewport,
        newsletter: view.newsletter === true,
      });
      return reply.code(204).send();
    },
  );
};

const insightsRoutes: FastifyPluginAsyncTypebox<InsightsRouteOptions> = async (app, options) => {
  const { db, auth, cache, counting } = options;
  const now = options.now ?? (() => new Date());
  const views: Views = {
    content: new PublicContent(db, cache, now),
    writer: new ViewWriter(db, (message, error) => app.log.warn({ err: error }, message)),
  };
  app.addHook('onClose', async () => {
    views.content.close();
    await views.writer.flush();
  });
  await app.register(pageViewRoute, { ...options, views });

  app.get(
    INSIGHTS_PATH,
    {
      onRequest: auth.requireAdmin,
      schema: { querystring: InsightsQuerySchema, response: { 200: InsightsSchema } },
    },
    async (request) => {
      // This instance's views of the last moments are in the figures too.
      await views.writer.flush();
      return readInsights(db, request.query.days ?? DEFAULT_RANGE, now(), counting);
    },
  );

  app.get(
    INSIGHTS_EXPORT_PATH,
    { onRequest: auth.requireAdmin, schema: { querystring: InsightsQuerySchema } },
    async (request, reply) => {
      const days = request.query.days ?? DEFAULT_RANGE;
      await views.writer.flush();
      const rows = await exportRows(db, days, now());
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="insights-${days}-days.csv"`)
        .send(insightsCsv(rows));
    },
  );
};

export default insightsRoutes;
