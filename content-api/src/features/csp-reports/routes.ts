// POST /csp-reports: where browsers send Content-Security-Policy violation reports, both the
// Reporting API's (`report-to`, application/reports+json) and the older `report-uri` kind
// (application/csp-report). Each report becomes one compact log line; nothing is stored.
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../../route-context.js';
import { addStrictJsonParser } from '../../http/strict-input.js';

/** Reports are small; a batch of them well under this. */
export const CSP_REPORT_BODY_LIMIT = 16 * 1024;
export const DEFAULT_CSP_REPORT_RATE_LIMIT = 30;
const MAX_REPORTS_PER_BATCH = 100;
const RATE_LIMITED = 'Too many reports. Please slow down.';

const reportsSchema = {
  anyOf: [
    // Reporting API: [{ type, url, body: { documentURL, blockedURL, effectiveDirective… } }]
    {
      type: 'array',
      maxItems: MAX_REPORTS_PER_BATCH,
      items: { type: 'object', properties: { type: { type: 'string' }, body: { type: 'object' } } },
    },
    // report-uri: { "csp-report": { "document-uri", "blocked-uri", "violated-directive"… } }
    { type: 'object', required: ['csp-report'], properties: { 'csp-report': { type: 'object' } } },
  ],
} as const;

type Fields = Record<string, unknown>;

/** A URL's origin and path only (queries and fragments may hold personal data), or a keyword. */
function shortUrl(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '?';
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') {
      return `${url.origin}${url.pathname}`.slice(0, 200);
    }
    return url.protocol.slice(0, 20);
  } catch {
    // "inline", "eval", "self"…: keep short plain words only.
    return /^[a-z-]{1,20}$/i.test(value) ? value : '?';
  }
}

function word(value: unknown): string {
  return typeof value === 'string' && /^[\w-]{1,40}$/.test(value) ? value : '?';
}

function describe(report: Fields): string | undefined {
  const legacy = report['csp-report'];
  if (legacy && typeof legacy === 'object') {
    const r = legacy as Fields;
    return (
      `${word(r['effective-directive'] ?? r['violated-directive'])} blocked ` +
      `${shortUrl(r['blocked-uri'])} on ${shortUrl(r['document-uri'])}` +
      (r.disposition ? ` (${word(r.disposition)})` : '')
    );
  }
  const body = report.body as Fields | undefined;
  if (report.type !== 'csp-violation' || !body || typeof body !== 'object') return undefined;
  return (
    `${word(body.effectiveDirective)} blocked ${shortUrl(body.blockedURL)} on ` +
    `${shortUrl(body.documentURL)} (${word(body.disposition)})`
  );
}

export interface CspReportRouteOptions extends RouteContext {
  /** Report requests per minute per client IP. */
  cspReportRateLimit: number;
}

const cspReportRoutes: FastifyPluginAsync<CspReportRouteOptions> = async (
  app,
  { cspReportRateLimit },
) => {
  // Only this plugin accepts the report content types.
  addStrictJsonParser(app, ['application/reports+json', 'application/csp-report']);

  app.post<{ Body: Fields | Fields[] }>(
    '/csp-reports',
    {
      bodyLimit: CSP_REPORT_BODY_LIMIT,
      config: {
        changesPublicContent: false,
        rateLimit: {
          max: cspReportRateLimit,
          timeWindow: 60_000,
          errorResponseBuilder: () => ({ statusCode: 429, message: RATE_LIMITED }),
        },
      },
      schema: { body: reportsSchema },
    },
    async (request, reply) => {
      const reports = Array.isArray(request.body) ? request.body : [request.body];
      for (const report of reports) {
        const line = describe(report);
        if (line) request.log.info(`CSP violation: ${line}`);
      }
      return reply.code(204).send();
    },
  );
};

export default cspReportRoutes;
