// buildApp(options): the whole HTTP API as a Fastify instance, without listening. Tests call it
// with app.inject(); src/server.ts starts it. It is composed of plugins with one job each
// (plugins/, docs/decisions/146), registered in the order their hooks run.
import { answerClientError } from '@portfolio/contract/client-errors';
import type { SiteSettingsInput } from '@portfolio/contract';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { VerifyIdToken } from './auth/identity.js';
import type { SessionCookies } from './auth/session-cookies.js';
import { DEFAULT_CORS_ORIGINS, DEFAULT_PUBLIC_HOSTS } from './config.js';
import type { Database } from './db/connect.js';
import type { StoreHealthOptions } from './db/store-health.js';
import type { NotificationOptions } from './features/contact/notifications.js';
import { JSON_BODY_LIMIT_BYTES } from './http/body-limits.js';
import type { TrustProxy } from './http/client-identity.js';
import { fastifyTrustProxy } from './http/client-identity.js';
import type { ResponseCacheOptions } from './http/response-cache.js';
import type { TimeLimits } from './http/time-limits.js';
import { DEFAULT_TIME_LIMITS, serverTimeLimits } from './http/time-limits.js';
import type { RedisConnections } from './lib/redis.js';
import type { NewsletterSenderTiming } from './features/newsletter/sender.js';
import { createSiteMailer } from './mail/site-mailer.js';
import type { SiteMailer } from './mail/site-mailer.js';
import autoAnalyze from './plugins/auto-analyze.js';
import cacheInvalidation from './plugins/cache-invalidation.js';
import cacheSync from './plugins/cache-sync.js';
import compression from './plugins/compression.js';
import contentChanges from './plugins/content-changes.js';
import cors from './plugins/cors.js';
import errors, { answerFrameworkError } from './plugins/errors.js';
import identity from './plugins/identity.js';
import insightsRollup from './plugins/insights-rollup.js';
import publicHosts from './plugins/public-hosts.js';
import publicationTimer from './plugins/publication-timer.js';
import rateLimit from './plugins/rate-limit.js';
import responseCache from './plugins/response-cache.js';
import routes from './plugins/routes.js';
import securityHeaders from './plugins/security-headers.js';
import siteSettings from './plugins/site-settings.js';
import storeHealth from './plugins/store-health.js';
import strictInput from './plugins/strict-input.js';
import timeLimitsPlugin from './plugins/time-limits.js';
import validation from './plugins/validation.js';

export interface BuildAppOptions {
  db: Database;
  /** Defaults to firebase-admin's verifyIdToken for `firebaseProjectId`. */
  verifyIdToken?: VerifyIdToken;
  firebaseProjectId?: string;
  /** Defaults to firebase-admin's session cookies for `firebaseProjectId`. */
  sessionCookies?: SessionCookies;
  corsOrigins?: string[];
  /** Host names the API answers for (PUBLIC_HOSTS); defaults to loopback names, any port. */
  publicHosts?: string[];
  /** Front-end origin used in RSS and sitemap links. */
  siteUrl?: string;
  /** URLs per sitemap part (tests; SITEMAP_PART_SIZE, the protocol's 50,000, by default). */
  sitemapPartSize?: number;
  /** POST /contact requests per minute per IP. */
  contactRateLimit?: number;
  /** POST /csp-reports requests per minute per IP. */
  cspReportRateLimit?: number;
  /** ANALYTICS: whether page views are counted (docs/decisions/180); on by default. */
  analytics?: boolean;
  /** POST /page-views requests per minute per client. */
  pageViewRateLimit?: number;
  /** POST /articles/:id/comments per minute per client, and per member in 10 minutes (ADR 200). */
  commentRateLimit?: number;
  memberCommentLimit?: number;
  /** POST /newsletter/subscribe per minute per client (docs/decisions/206). */
  subscribeRateLimit?: number;
  /**
   * Roll up the page views of each day that ended, hourly (docs/decisions/181); the server
   * turns it on, tests run the rollup themselves.
   */
  insightsRollup?: boolean;
  /**
   * Send the newsletter's queue (docs/decisions/206), with these timings; the server turns it on
   * (`{}`), tests that send give it quick ones. Off: mails wait in the queue.
   */
  newsletterSender?: NewsletterSenderTiming;
  /** The time the insights read and count with (tests move it). */
  now?: () => Date;
  /** Public content event streams open at once (GET /content-events), from all clients. */
  maxContentEventStreams?: number;
  /** …and from one client. */
  maxContentEventStreamsPerClient?: number;
  /** CONTENT_EVENTS_KEY: the site's servers' own streams (docs/decisions/083). */
  contentEventsKey?: string;
  /**
   * Where the new-message notifications may go (docs/decisions/163): ALLOW_NOTIFICATIONS_TO_LOOPBACK,
   * and the resolver of a webhook's host name (tests stub it).
   */
  notifications?: NotificationOptions;
  /**
   * The site's own mail to members and subscribers (mail/site-mailer.ts, docs/decisions/205):
   * through the dashboard's SMTP server when one is saved, else `smtpUrl` (SMTP_URL, a server on
   * this machine) from `from` (MAIL_FROM). The routes are given the mailer made of it.
   */
  mail?: { smtpUrl?: string; from?: string };
  /** A mailer of the caller's own instead (a test's). */
  mailer?: SiteMailer;
  /**
   * The settings before the first start stored them (docs/decisions/141); the seed's
   * (seed/settings.json) when not given.
   */
  settingsDefaults?: SiteSettingsInput;
  logger?: FastifyServerOptions['logger'];
  /** TRUST_PROXY: whose X-Forwarded-* to believe; never every peer (http/client-identity.ts). */
  trustProxy?: TrustProxy;
  /** Fastify's info line per request received and answered (default on). */
  logRequests?: boolean;
  cache?: ResponseCacheOptions;
  /**
   * Shared state for several instances (REDIS_URL): rate-limit counters, cache invalidations.
   * Owned by the caller, who closes it after the app.
   */
  redis?: RedisConnections;
  /**
   * The PostgreSQL database (DATABASE_URL): the API listens there for content changed behind
   * its back (`npm run content:import`, docs/decisions/121).
   */
  contentChangesUrl?: string;
  /**
   * Analyze the database now and then after content changes (PGlite: it has no autovacuum, so
   * its planner would never have statistics; docs/decisions/134).
   */
  autoAnalyze?: boolean;
  /** How GET /health tells whether the store takes writes (docs/decisions/111). */
  storeHealth?: StoreHealthOptions;
  /** How long a request may take to arrive (http/time-limits.ts); tests shorten them. */
  timeLimits?: Partial<TimeLimits>;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db } = options;
  const timeLimits = { ...DEFAULT_TIME_LIMITS, ...options.timeLimits };
  const app = Fastify({
    // Every other route's limit is smaller (http/body-limits.ts).
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // A trickled head or body is cut off (security round 4, finding 2).
    ...serverTimeLimits(timeLimits),
    logger: options.logger ?? false,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    logController: new LogController({ disableRequestLogging: options.logRequests === false }),
    // Malformed URLs and overlong path parameters are rejected by the router, before the
    // error handler: answer them in the same JSON shape.
    frameworkErrors: answerFrameworkError,
    // Longer than any valid id or image name, so those get the schema's clear 400 message.
    routerOptions: { maxParamLength: 1000 },
    // A request Node could not read (a head over 16 KiB…): `{ message }`, no body to a HEAD.
    clientErrorHandler: answerClientError,
  });

  // Hooks of one kind run in the order registered: the errors plugin's onSend (a plugin's
  // plain-text refusal made JSON) before the security headers', the time limits' onRequest
  // before the host check's, the cache's emptying last, after compression.
  await app.register(validation);
  await app.register(storeHealth, { db, storeHealth: options.storeHealth });
  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(timeLimitsPlugin, { limits: timeLimits });
  await app.register(publicHosts, { hosts: options.publicHosts ?? DEFAULT_PUBLIC_HOSTS });
  await app.register(strictInput);
  await app.register(cors, { origins: options.corsOrigins ?? DEFAULT_CORS_ORIGINS });
  await app.register(compression);
  await app.register(rateLimit, { redis: options.redis });
  await app.register(responseCache, { cache: options.cache });
  await app.register(siteSettings, { db, defaults: options.settingsDefaults });
  await app.register(cacheSync, { redis: options.redis });
  await app.register(cacheInvalidation);
  await app.register(publicationTimer, { db });
  if (options.autoAnalyze) await app.register(autoAnalyze, { db });
  if (options.insightsRollup) await app.register(insightsRollup, { db });
  if (options.contentChangesUrl) {
    await app.register(contentChanges, { url: options.contentChangesUrl });
  }
  await app.register(identity, {
    verifyIdToken: options.verifyIdToken,
    sessionCookies: options.sessionCookies,
    firebaseProjectId: options.firebaseProjectId,
  });
  const mailer =
    options.mailer ??
    createSiteMailer({
      db,
      defaultSmtpUrl: options.mail?.smtpUrl,
      from: options.mail?.from,
      allowLoopback: options.notifications?.allowLoopback ?? false,
      log: app.log,
    });
  await app.register(routes, {
    db,
    mailer,
    siteUrl: options.siteUrl,
    sitemapPartSize: options.sitemapPartSize,
    contactRateLimit: options.contactRateLimit,
    cspReportRateLimit: options.cspReportRateLimit,
    analytics: options.analytics,
    pageViewRateLimit: options.pageViewRateLimit,
    commentRateLimit: options.commentRateLimit,
    memberCommentLimit: options.memberCommentLimit,
    subscribeRateLimit: options.subscribeRateLimit,
    newsletterSender: options.newsletterSender,
    now: options.now,
    maxContentEventStreams: options.maxContentEventStreams,
    maxContentEventStreamsPerClient: options.maxContentEventStreamsPerClient,
    contentEventsKey: options.contentEventsKey,
    ...(options.notifications && { notifications: options.notifications }),
  });
  return app;
}
