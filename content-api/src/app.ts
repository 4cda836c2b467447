// buildApp(options): the whole HTTP API as a Fastify instance, without listening.
// Tests call it with app.inject(); src/server.ts starts it.
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { TOTAL_COUNT_HEADER, UNREAD_COUNT_HEADER } from '@portfolio/contract';
import type { SiteSettingsInput } from '@portfolio/contract';
import { answerClientError } from '@portfolio/contract/client-errors';
import Fastify, { LogController } from 'fastify';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { createFirebaseVerifier } from './auth/firebase.js';
import type { VerifyIdToken } from './auth/identity.js';
import { createAuthGuards } from './auth/identity.js';
import type { SessionCookies } from './auth/session-cookies.js';
import { createFirebaseSessionCookies } from './auth/session-cookies.js';
import {
  DEFAULT_CONTACT_RATE_LIMIT,
  DEFAULT_CORS_ORIGINS,
  DEFAULT_PUBLIC_HOSTS,
} from './config.js';
import type { Database } from './db/connect.js';
import type { StoreHealthOptions } from './db/store-health.js';
import { StoreHealth } from './db/store-health.js';
import aboutRoutes from './features/about/routes.js';
import articleRoutes from './features/articles/routes.js';
import contactRoutes from './features/contact/routes.js';
import contentExportRoutes from './features/content-export/routes.js';
import { listenForContentChanges } from './content-files/content-changes.js';
import { startPublicationTimer } from './features/content-events/publication-timer.js';
import { startAutoAnalyze } from './db/auto-analyze.js';
import contentEventRoutes from './features/content-events/routes.js';
import cspReportRoutes, { DEFAULT_CSP_REPORT_RATE_LIMIT } from './features/csp-reports/routes.js';
import feedRoutes from './features/feeds/routes.js';
import healthRoutes from './features/health/routes.js';
import imageRoutes from './features/images/routes.js';
import imageVariantRoutes from './features/images/variant-routes.js';
import projectRoutes from './features/projects/routes.js';
import revisionRoutes from './features/revisions/routes.js';
import searchRoutes from './features/search/routes.js';
import sessionRoutes from './features/sessions/routes.js';
import { defaultSettings } from './features/settings/defaults.js';
import { SettingsSource } from './features/settings/repository.js';
import settingsRoutes from './features/settings/routes.js';
import userRoutes from './features/users/routes.js';
import type { CacheSync } from './http/cache-sync.js';
import { syncCacheThroughRedis } from './http/cache-sync.js';
import { JSON_BODY_LIMIT_BYTES } from './http/body-limits.js';
import type { TrustProxy } from './http/client-identity.js';
import { clientKey, fastifyTrustProxy } from './http/client-identity.js';
import { registerErrorHandlers } from './http/errors.js';
import { registerPublicHosts } from './http/public-hosts.js';
import type { ResponseCacheOptions } from './http/response-cache.js';
import { ResponseCache } from './http/response-cache.js';
import { registerSecurityHeaders, setSecurityHeaders } from './http/security-headers.js';
import { registerStrictInput } from './http/strict-input.js';
import type { TimeLimits } from './http/time-limits.js';
import {
  DEFAULT_TIME_LIMITS,
  closeIfBodyPending,
  registerTimeLimits,
  serverTimeLimits,
} from './http/time-limits.js';
import { registerValidation } from './http/validation.js';
import type { RedisConnections } from './lib/redis.js';
import type { RouteContext } from './route-context.js';

export const API_PREFIX = '/api';

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
  /** Public content event streams open at once (GET /content-events), from all clients. */
  maxContentEventStreams?: number;
  /** …and from one client. */
  maxContentEventStreamsPerClient?: number;
  /** CONTENT_EVENTS_KEY: the site's servers' own streams (docs/decisions/083). */
  contentEventsKey?: string;
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false on writes that no public read shows (contact messages, profiles). */
    changesPublicContent?: boolean;
  }
}

const FRAMEWORK_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'Malformed URL.',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long.',
};

/**
 * Bad path input is a client error like any other: 400, never the router's 414. Router errors
 * skip the hooks, so the security headers are set here.
 */
function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  setSecurityHeaders(request, reply);
  closeIfBodyPending(request, reply);
  reply.code(400).send({ message: FRAMEWORK_ERROR_MESSAGES[error.code] ?? error.message });
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
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

  // Unknown body fields are errors, not silently dropped; body values are never coerced.
  registerValidation(app);
  // A request the store refused (full, read-only, down) is a 503, and health says so for a while.
  const store = new StoreHealth(options.db, options.storeHealth);
  registerErrorHandlers(app, { onStoreFailure: (failure) => store.refused(failure) });
  registerSecurityHeaders(app);
  registerTimeLimits(app, timeLimits);
  registerPublicHosts(app, options.publicHosts ?? DEFAULT_PUBLIC_HOSTS);
  // JSON only (plus multipart inside the images plugin): anything else gets 415.
  app.removeContentTypeParser('text/plain');
  registerStrictInput(app);

  await app.register(cors, {
    origin: (options.corsOrigins ?? DEFAULT_CORS_ORIGINS).includes('*')
      ? true
      : (options.corsOrigins ?? DEFAULT_CORS_ORIGINS),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    // How many items a paged list has in all (GET /articles, GET /search).
    exposedHeaders: ['ETag', TOTAL_COUNT_HEADER, UNREAD_COUNT_HEADER],
    maxAge: 600,
  });
  await app.register(compress);
  const { redis } = options;
  const warn = (message: string) => app.log.warn(message);
  await app.register(rateLimit, {
    global: false,
    // One client, one bucket: the same rule as every per-client limit (http/client-identity.ts).
    keyGenerator: clientKey,
    ...(redis && {
      redis: redis.commands,
      nameSpace: `${redis.keyPrefix}rate-limit:`,
      // Redis unreachable: let requests through rather than refuse every contact message.
      skipOnError: true,
    }),
  });

  const cache = new ResponseCache(options.cache);
  // The settings follow every change the cache hears of (a write here, on another instance, or
  // behind the API's back).
  const settings = new SettingsSource(options.db, options.settingsDefaults ?? defaultSettings());
  cache.onInvalidate(() => settings.invalidate());
  const sync: CacheSync | undefined = redis && syncCacheThroughRedis(cache, redis, warn);
  if (sync) app.addHook('onClose', async () => sync.stop());
  app.addHook('onSend', (request, reply, payload, done) => {
    // A successful write may change what a public read returns, unless its route says otherwise.
    if (
      WRITE_METHODS.has(request.method) &&
      reply.statusCode < 400 &&
      request.routeOptions.config.changesPublicContent !== false
    ) {
      cache.invalidate();
      sync?.publishInvalidation();
    }
    done(null, payload);
  });

  // Scheduled content comes out on its time: a content change without a write (ADR 120).
  const publications = startPublicationTimer({ db: options.db, cache, warn });
  app.addHook('onClose', async () => publications.stop());
  if (options.autoAnalyze) {
    const analyzer = startAutoAnalyze({ db: options.db, cache, warn });
    app.addHook('onClose', () => analyzer.stop());
  }
  if (options.contentChangesUrl) {
    const listener = listenForContentChanges({
      url: options.contentChangesUrl,
      onChange: () => cache.invalidate(),
      warn,
    });
    app.addHook('onClose', () => listener.stop());
  }

  const context: RouteContext = {
    db: options.db,
    cache,
    store,
    settings,
    auth: createAuthGuards(
      options.verifyIdToken ??
        createFirebaseVerifier(options.firebaseProjectId ?? 'demo-portfolio'),
    ),
  };
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
      await api.register(revisionRoutes, context);
      await api.register(contentExportRoutes, context);
      await api.register(searchRoutes, context);
      await api.register(contactRoutes, {
        ...context,
        contactRateLimit: options.contactRateLimit ?? DEFAULT_CONTACT_RATE_LIMIT,
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
        ...(options.sitemapPartSize !== undefined && { sitemapPartSize: options.sitemapPartSize }),
      });
      await api.register(userRoutes, context);
      await api.register(sessionRoutes, {
        ...context,
        sessionCookies:
          options.sessionCookies ??
          createFirebaseSessionCookies(options.firebaseProjectId ?? 'demo-portfolio'),
      });
    },
    { prefix: API_PREFIX },
  );

  return app;
}
