// A remote team's candidate in front of visitors (docs/decisions/191, 192): which remotes' versions
// a page request is rendered with, and what the site's server counts of each version.
//
// - Preview: a signed link (tools/deploy.ts --preview) opens /_preview?token=…, which sets the
//   preview cookie; every page for that browser is then rendered and hydrated from the candidate
//   versions it names, with a banner and a way out (/_preview/end), and is never kept anywhere
//   (private, no-store). Without PREVIEW_SECRET previews are off.
// - Canary: a remote's canary.json (polled by the renderer) sends a share of visitors to its
//   candidate. Each visitor's bucket (0–99) is sticky in the cohort cookie, set here, which also
//   names the variant the bucket got: the edge keys cached pages on it, and the render cache keeps
//   each variant's pages apart. While a canary runs, a page request without that cookie is
//   rendered here (never from the kept-page lane), to be given one.
// - Counts: views, renders and render failures per remote version, with the failures browsers
//   report (POST /_rollout/report); a canary whose failure rate passes the live version's by its
//   margin is ended here at once and logged. GET /_rollout/status (signed with the deployers'
//   secret) shows them to `npm run deploy -- <remote> --status`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import cluster from 'node:cluster';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  COHORT_COOKIE,
  LIVE_VARIANT,
  PREVIEW_COOKIE,
  PREVIEW_END_PATH,
  PREVIEW_PATH,
  inCanary,
  joinPreviewTokens,
  newBucket,
  readCohortCookie,
  readPreviewCookie,
  variantName,
  verifyPreview,
} from '@portfolio/platform/remote-rollout';
import type { CanaryPlan, PreviewGrant } from '@portfolio/platform/remote-rollout';
import { escapeHtml } from '@portfolio/contract';
import { COUNTS_MESSAGE, RolloutCounts, TOTALS_MESSAGE, canaryVerdict } from '../rollout-counts';
import type { CountKind, CountsByVersion, VersionCounts } from '../rollout-counts';

export interface RolloutOptions {
  /** PREVIEW_SECRET: the deployers' key of preview links and the status endpoint; unset: off. */
  previewSecret?: string;
}

/** Which versions a page request gets, and what its answer must say about caching. */
export interface RolloutChoice {
  /** Remote name → a candidate version to render instead of the live one. */
  candidates: Record<string, string>;
  /** The previews applied (the page is then private, with a banner). */
  previews: PreviewGrant[];
  /** The canary variant of the page (LIVE_VARIANT when it is every remote's live version). */
  variant: string;
  /** The cohort cookie to set on this answer (a new visitor, or a variant that changed). */
  setCohort?: string;
}

/** How often a worker hands the primary its counts when they changed. */
const COUNTS_INTERVAL_MS = 1000;
/** A cohort cookie lasts a year: a visitor keeps their cohort. */
const COHORT_MAX_AGE_S = 365 * 24 * 3600;
/** A status request's signature holds this long (against a replay). */
const STATUS_SIGNATURE_MS = 5 * 60_000;
/** The kinds of failure a browser reports. */
const REPORTED: Record<string, CountKind> = {
  'island-load': 'islandFailures',
  hydration: 'hydrationErrors',
};

export const PREVIEW_INVALID_TEXT =
  'This preview link is not valid or has expired: ask its team for a new one.';
export const PREVIEW_BANNER_LABEL = 'Preview';
export const PREVIEW_END_TEXT = 'End the preview';
export const PREVIEW_NOT_LOADED_TEXT = '(could not be loaded: the live version is shown)';

/** The banner of a previewed page: which remotes at which versions, and the way out. */
export function previewBanner(
  previews: readonly PreviewGrant[],
  rendered: Readonly<Record<string, string>>,
): string {
  const what = previews
    .map(({ remote, version }) =>
      rendered[remote] === version
        ? `${escapeHtml(remote)} version ${escapeHtml(version)}`
        : `${escapeHtml(remote)} version ${escapeHtml(version)} ${PREVIEW_NOT_LOADED_TEXT}`,
    )
    .join(', ');
  return (
    `<aside id="preview-banner" aria-label="${PREVIEW_BANNER_LABEL}" style="position:sticky;` +
    'top:0;z-index:1000;padding:0.5rem 1rem;background:#fde047;color:#111;font:600 0.95rem/1.4 ' +
    `system-ui,sans-serif;text-align:center">Preview: ${what}. ` +
    `<a href="${PREVIEW_END_PATH}" style="color:#111">${PREVIEW_END_TEXT}</a></aside>`
  );
}

/** The signature a status request carries: `<time ms>.<HMAC of it>` (tools/deploy.ts). */
export function statusSignature(secret: string, at: number): string {
  return `${at}.${createHmac('sha256', secret).update(`rollout-status\n${at}`).digest('base64url')}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly rollout: {
      /** Whether a canary runs: pages without a cohort cookie are then rendered here. */
      active(): boolean;
      choose(request: FastifyRequest): RolloutChoice;
      /** Counts a page answered with these candidates (every other remote live). */
      countView(candidates: Readonly<Record<string, string>>): void;
      /** Counts a server render of `remote`'s page at `version`. */
      countRender(remote: string, version: string, failed: boolean): void;
    };
  }
}

export default fp<RolloutOptions>(
  async (app, { previewSecret }) => {
    const { renderer } = app;
    const counts = new RolloutCounts();
    /** Canaries ended here (their failure rate), by `remote@version@startedAt`. */
    const ended = new Map<string, string>();
    const canaryId = (remote: string, plan: CanaryPlan) =>
      `${remote}@${plan.version}@${plan.startedAt}`;

    /** The canaries that run: the remotes' plans, less those ended here. */
    function running(): Map<string, CanaryPlan> {
      const canaries = renderer.remotes.canaries();
      if (ended.size === 0 || canaries.size === 0) return new Map(canaries);
      return new Map([...canaries].filter(([remote, plan]) => !ended.has(canaryId(remote, plan))));
    }

    /** Ends each running canary whose failure rate passed the live version's by its margin. */
    function judge(): void {
      const live = renderer.remotes.liveVersions();
      for (const [remote, plan] of running()) {
        const verdict = canaryVerdict(
          plan,
          counts.of(remote, live[remote] ?? ''),
          counts.of(remote, plan.version),
        );
        if (!verdict.failed) continue;
        ended.set(canaryId(remote, plan), verdict.reason);
        app.log.warn(
          { remote, version: plan.version, reason: verdict.reason },
          `Canary of remote "${remote}" version ${plan.version} ended automatically: ${verdict.reason}`,
        );
        // Its pages are no longer anyone's: a variant with it is not asked for again.
        app.renderCache?.clear();
      }
    }

    // Several workers: the primary adds up every worker's counts and hands back the totals.
    if (cluster.isWorker) {
      const send = setInterval(() => {
        const snapshot = counts.takeSnapshot();
        if (snapshot) process.send?.({ type: COUNTS_MESSAGE, counts: snapshot });
      }, COUNTS_INTERVAL_MS);
      send.unref();
      const onMessage = (message: { type?: unknown; totals?: CountsByVersion }) => {
        if (message?.type !== TOTALS_MESSAGE || !message.totals) return;
        counts.setTotals(message.totals);
        judge();
      };
      process.on('message', onMessage);
      app.addHook('onClose', async () => {
        clearInterval(send);
        process.off('message', onMessage);
      });
    }

    const add = (remote: string, version: string, kind: CountKind) => {
      counts.add(remote, version, kind);
      // Alone, this process's counts are the totals.
      if (!cluster.isWorker && renderer.remotes.canaries().size > 0) judge();
    };

    function choose(request: FastifyRequest): RolloutChoice {
      const cookies = request.cookies;
      const candidates: Record<string, string> = {};
      const canaries = running();
      const cohort = readCohortCookie(cookies[COHORT_COOKIE]);
      let variant = LIVE_VARIANT;
      let setCohort: string | undefined;
      if (canaries.size > 0 || cohort.bucket >= 0) {
        const bucket = cohort.bucket >= 0 ? cohort.bucket : newBucket();
        const chosen = new Map<string, string>();
        for (const [remote, plan] of canaries) {
          if (inCanary(bucket, remote, plan.percent)) chosen.set(remote, plan.version);
        }
        variant = variantName(chosen);
        Object.assign(candidates, Object.fromEntries(chosen));
        if (cohort.variant !== variant) setCohort = `${bucket}.${variant}`;
      }
      const previews: PreviewGrant[] = [];
      if (previewSecret && cookies[PREVIEW_COOKIE]) {
        for (const { grant } of readPreviewCookie(
          previewSecret,
          cookies[PREVIEW_COOKIE],
        ).values()) {
          candidates[grant.remote] = grant.version;
          previews.push(grant);
        }
      }
      return { candidates, previews, variant, ...(setCohort && { setCohort }) };
    }

    app.decorate('rollout', {
      active: () => running().size > 0,
      choose,
      countView(candidates: Readonly<Record<string, string>>) {
        const live = renderer.remotes.liveVersions();
        for (const remote of Object.keys(live)) {
          add(remote, candidates[remote] ?? live[remote] ?? '', 'views');
        }
      },
      countRender(remote: string, version: string, failed: boolean) {
        add(remote, version, 'renders');
        if (failed) add(remote, version, 'renderFailures');
      },
    });

    const noStore = (reply: FastifyReply) =>
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const cookieOptions = (request: FastifyRequest, maxAge?: number) => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: request.protocol === 'https',
      ...(maxAge === undefined ? {} : { maxAge }),
    });

    // The cohort cookie goes on every answer that chose a variant (page-route.ts calls this).
    app.decorateReply('setCohortCookie', function (this: FastifyReply, value: string) {
      this.setCookie(COHORT_COOKIE, value, cookieOptions(this.request, COHORT_MAX_AGE_S));
    });

    app.get(PREVIEW_PATH, async (request, reply) => {
      const { token, to } = request.query as { token?: unknown; to?: unknown };
      // One link may carry several remotes' tokens (`token=…&token=…`): previewed together.
      const given = [token].flat().filter((each): each is string => typeof each === 'string');
      const grants = given.map((each) =>
        previewSecret ? { grant: verifyPreview(previewSecret, each), token: each } : null,
      );
      noStore(reply);
      if (!previewSecret || grants.length === 0 || grants.some((each) => !each?.grant)) {
        return reply.code(403).type('text/plain; charset=utf-8').send(PREVIEW_INVALID_TEXT);
      }
      // Beside the previews the browser already has, one per remote (this one replaces its own).
      const held = readPreviewCookie(previewSecret, request.cookies[PREVIEW_COOKIE]);
      for (const each of grants) {
        if (each?.grant) held.set(each.grant.remote, { grant: each.grant, token: each.token });
      }
      const tokens = [...held.values()];
      const expires = Math.max(...tokens.map((held) => held.grant.expires));
      reply.setCookie(
        PREVIEW_COOKIE,
        joinPreviewTokens(tokens.map((held) => held.token)),
        cookieOptions(request, Math.max(1, Math.floor(expires - Date.now() / 1000))),
      );
      // A page of this site to land on (a path, never another origin).
      const landing = typeof to === 'string' && /^\/(?![/\\])[^\s]*$/.test(to) ? to : '/';
      return reply.redirect(landing, 303);
    });

    app.get(PREVIEW_END_PATH, async (request, reply) => {
      noStore(reply).clearCookie(PREVIEW_COOKIE, cookieOptions(request));
      return reply.redirect('/', 303);
    });

    app.post('/_rollout/report', { bodyLimit: 1024 }, async (request, reply) => {
      let report: { remote?: unknown; manifest?: unknown; kind?: unknown } = {};
      try {
        report = typeof request.body === 'string' ? JSON.parse(request.body) : (request.body ?? {});
      } catch {
        // Counted as nothing.
      }
      const kind = typeof report.kind === 'string' ? REPORTED[report.kind] : undefined;
      const remote = typeof report.remote === 'string' ? report.remote : '';
      const version =
        typeof report.manifest === 'string'
          ? /\/v\/([A-Za-z0-9][A-Za-z0-9._-]{0,63})\/mf-manifest\.json$/.exec(report.manifest)?.[1]
          : undefined;
      // Only versions this server hands out: the live ones, the running canaries' and the one
      // this browser's signed preview names (any other name would grow the counts unbounded).
      const previewed = () =>
        !!previewSecret &&
        readPreviewCookie(previewSecret, request.cookies[PREVIEW_COOKIE]).get(remote)?.grant
          .version === version;
      const known =
        version !== undefined &&
        (renderer.remotes.liveVersions()[remote] === version ||
          renderer.remotes.canaries().get(remote)?.version === version ||
          previewed());
      if (kind && known) add(remote, version, kind);
      return reply.code(204).header('Cache-Control', 'no-store').send();
    });

    app.get('/_rollout/status', async (request, reply) => {
      noStore(reply);
      const given = request.headers.authorization?.replace(/^Rollout /, '') ?? '';
      const at = Number(given.split('.')[0]);
      const expected =
        previewSecret && Number.isFinite(at) ? statusSignature(previewSecret, at) : '';
      const valid =
        expected.length > 0 &&
        Math.abs(Date.now() - at) < STATUS_SIGNATURE_MS &&
        expected.length === given.length &&
        timingSafeEqual(Buffer.from(expected), Buffer.from(given));
      if (!valid) return reply.code(403).send({ message: 'Not allowed' });
      const live = renderer.remotes.liveVersions();
      const canaries = renderer.remotes.canaries();
      const remotes: Record<string, unknown> = {};
      for (const [remote, liveVersion] of Object.entries(live)) {
        const plan = canaries.get(remote);
        const of = (version: string): VersionCounts => counts.of(remote, version);
        remotes[remote] = {
          live: { version: liveVersion, counts: of(liveVersion ?? '') },
          ...(plan && {
            canary: {
              ...plan,
              counts: of(plan.version),
              ...(ended.has(canaryId(remote, plan)) && {
                ended: ended.get(canaryId(remote, plan)),
              }),
            },
          }),
        };
      }
      return reply.send({ remotes, workers: cluster.isWorker ? 'all (added up)' : 'one' });
    });
  },
  {
    name: 'site-rollout',
    fastify: '5.x',
    dependencies: ['site-renderer', 'site-caches', 'site-session'],
  },
);

declare module 'fastify' {
  interface FastifyReply {
    setCohortCookie(value: string): void;
  }
}
