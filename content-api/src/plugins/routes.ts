// The API's routes, one plugin per feature (features/<name>/routes.ts), under /api in a scope
// of their own, each given the RouteContext the other plugins made.
import { DEFAULT_CONTACT_RATE_LIMIT } from '../config.js';
import type { Database } from '../db/connect.js';
import aboutRoutes from '../features/about/routes.js';
import articleRoutes from '../features/articles/routes.js';
import commentRoutes from '../features/comments/routes.js';
import contactRoutes from '../features/contact/routes.js';
import contentEventRoutes from '../features/content-events/routes.js';
import contentExportRoutes from '../features/content-export/routes.js';
import cspReportRoutes, { DEFAULT_CSP_REPORT_RATE_LIMIT } from '../features/csp-reports/routes.js';
import feedRoutes from '../features/feeds/routes.js';
import healthRoutes from '../features/health/routes.js';
import imageRoutes from '../features/images/routes.js';
import imageVariantRoutes from '../features/images/variant-routes.js';
import memberRoutes from '../features/members/routes.js';
import newsletterRoutes from '../features/newsletter/routes.js';
import type { NewsletterSenderTiming } from '../features/newsletter/sender.js';
import insightsRoutes, { DEFAULT_PAGE_VIEW_RATE_LIMIT } from '../features/insights/routes.js';
import projectRoutes from '../features/projects/routes.js';
import revisionRoutes from '../features/revisions/routes.js';
import searchRoutes from '../features/search/routes.js';
import sessionRoutes from '../features/sessions/routes.js';
import settingsRoutes from '../features/settings/routes.js';
import userRoutes from '../features/users/routes.js';
import type { NotificationOptions } from '../features/contact/notifications.js';
import type { SiteMailer } from '../mail/site-mailer.js';
import type { RouteContext } from '../route-context.js';
import { apiPlugin } from './api-plugin.js';

export const API_PREFIX = '/api';

export interface RoutesPluginOptions {
  db: Database;
  /**
   * The site's mailer (mail/site-mailer.ts, docs/decisions/205), made once by buildApp. Not part
   * of the RouteContext every route gets: a route plugin that sends mail to members or
   * subscribers (comment replies, the newsletter) is registered with
   * `{ ...context, mailer: options.mailer }`, so which routes can send mail reads here.
   */
  mailer?: SiteMailer;
  /** Front-end origin used in RSS and sitemap links, and in the comments' e-mails. */
  siteUrl?: string;
  sitemapPartSize?: number;
  contactRateLimit?: number;
  cspReportRateLimit?: number;
  maxContentEventStreams?: number;
  maxContentEventStreamsPerClient?: number;
  contentEventsKey?: string;
  /** ANALYTICS: whether page views are counted (docs/decisions/180). */
  analytics?: boolean;
  /** POST /page-views requests per minute per client. */
  pageViewRateLimit?: number;
  /** The time the insights read (tests move it). */
  now?: () => Date;
  /** Where the owner's notifications (new messages, comments waiting) may go (ADR 163). */
  notifications?: NotificationOptions;
  /** POST /articles/:id/comments per minute per client, and per member in 10 minutes. */
  commentRateLimit?: number;
  memberCommentLimit?: number;
  /** POST /newsletter/subscribe per minute per client. */
  subscribeRateLimit?: number;
  /** Whether the newsletter's queue is sent, and how quickly (AppOptions.newsletterSender). */
  newsletterSender?: NewsletterSenderTiming;
}

/** The site's address without a trailing slash, as links in feeds and mails use it. */
const siteUrlOf = (options: RoutesPluginOptions) =>
  (options.siteUrl ?? 'http://localhost:3000').replace(/\/+$/, '');

export default apiPlugin<RoutesPluginOptions>(
  async (app, options) => {
    const context: RouteContext = {
      db: options.db,
      cache: app.responseCache,
      store: app.storeHealth,
      settings: app.siteSettings,
      auth: app.authGuards,
    };
    const { sessionCookies } = app;
    await app.register(
      async (api) => {
        await api.register(healthRoutes, context);
        await api.register(contentEventRoutes, {
          ...context,
          maxStreams: options.maxContentEventStreams,
          maxStreamsPerClient: options.maxContentEventStreamsPerClient,
          siteKey: options.contentEventsKey,
        });
        await api.register(projectRoutes, context);
        await api.register(articleRoutes, context);
        await api.register(commentRoutes, {
          ...context,
          ...(options.commentRateLimit !== undefined && {
            commentRateLimit: options.commentRateLimit,
          }),
          ...(options.memberCommentLimit !== undefined && {
            memberCommentLimit: options.memberCommentLimit,
          }),
          ...(options.now && { now: options.now }),
          // Replies e-mailed to the members who asked, the owner told of what waits (ADR 201).
          mailer: options.mailer,
          siteUrl: siteUrlOf(options),
          ...(options.notifications && { notifications: options.notifications }),
        });
        await api.register(newsletterRoutes, {
          ...context,
          ...(options.mailer && { mailer: options.mailer }),
          siteUrl: siteUrlOf(options),
          ...(options.subscribeRateLimit !== undefined && {
            subscribeRateLimit: options.subscribeRateLimit,
          }),
          ...(options.newsletterSender && { sender: options.newsletterSender }),
          ...(options.now && { now: options.now }),
        });
        await api.register(memberRoutes, { ...context, ...(options.now && { now: options.now }) });
        await api.register(revisionRoutes, context);
        await api.register(contentExportRoutes, context);
        await api.register(searchRoutes, context);
        await api.register(contactRoutes, {
          ...context,
          contactRateLimit: options.contactRateLimit ?? DEFAULT_CONTACT_RATE_LIMIT,
          ...(options.notifications && { notifications: options.notifications }),
        });
        await api.register(cspReportRoutes, {
          ...context,
          cspReportRateLimit: options.cspReportRateLimit ?? DEFAULT_CSP_REPORT_RATE_LIMIT,
        });
        await api.register(aboutRoutes, context);
        await api.register(settingsRoutes, context);
        await api.register(imageRoutes, context);
        await api.register(imageVariantRoutes, context);
        await api.register(feedRoutes, {
          ...context,
          siteUrl: (options.siteUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
          ...(options.sitemapPartSize !== undefined && {
            sitemapPartSize: options.sitemapPartSize,
          }),
        });
        await api.register(insightsRoutes, {
          ...context,
          counting: options.analytics ?? true,
          siteUrl: options.siteUrl ?? 'http://localhost:3000',
          pageViewRateLimit: options.pageViewRateLimit ?? DEFAULT_PAGE_VIEW_RATE_LIMIT,
          ...(options.now && { now: options.now }),
        });
        await api.register(userRoutes, context);
        await api.register(sessionRoutes, { ...context, sessionCookies });
      },
      { prefix: API_PREFIX },
    );
  },
  {
    name: 'api-routes',
    // The context's parts, and the rate limits the contact, CSP report and page view routes ask
    // for (a route registered before @fastify/rate-limit would have none).
    dependencies: [
      'api-response-cache',
      'api-store-health',
      'api-settings',
      'api-identity',
      'api-rate-limit',
    ],
  },
);
