// A remote team's candidate in front of real visitors (docs/decisions/191, 192): a preview for one
// browser (a signed link sets a cookie naming the candidate versions), or a canary for a share of
// visitors (the remote's canary.json beside its pointer, a sticky cohort cookie). What the deploy
// tool writes and the site's server reads, both sides from here.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { VERSION_PATTERN } from './deploy-folders';

/** The cookie a preview link sets: the signed preview tokens, one per remote. */
export const PREVIEW_COOKIE = '__preview';
/**
 * The cookie of a visitor's canary cohort, set by the site's server: `<bucket>.<variant>`, the
 * bucket (0–99) sticky for a year, the variant the versions the bucket got when last set. The
 * edge keys pages on the variant (deploy/edge/site.conf.template), so each cohort's page is
 * cached apart.
 */
export const COHORT_COOKIE = '__cohort';
/** The variant of a visitor who gets every remote's live version. */
export const LIVE_VARIANT = 'live';
/** Where a preview link lands on the site, and where it ends. */
export const PREVIEW_PATH = '/_preview';
export const PREVIEW_END_PATH = '/_preview/end';
/** How long a preview link and its cookie last unless the deployer says otherwise. */
export const DEFAULT_PREVIEW_TTL_S = 24 * 3600;

/** One remote previewed at one version until `expires` (seconds since the epoch). */
export interface PreviewGrant {
  remote: string;
  version: string;
  expires: number;
}

const REMOTE_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

function signature(secret: string, { remote, version, expires }: PreviewGrant): string {
  return createHmac('sha256', secret)
    .update(`preview\n${remote}\n${version}\n${expires}`)
    .digest('base64url');
}

/** A grant as a token: `<remote>~<version>~<expires>~<signature>` (cookie- and URL-safe). */
export function signPreview(secret: string, grant: PreviewGrant): string {
  return [grant.remote, grant.version, grant.expires, signature(secret, grant)].join('~');
}

/** The grant a token carries when its signature holds and it has not expired; else null. */
export function verifyPreview(
  secret: string,
  token: string,
  nowS: number = Date.now() / 1000,
): PreviewGrant | null {
  const [remote, version, expiresText, given, ...rest] = token.split('~');
  if (rest.length > 0 || !remote || !version || !expiresText || !given) return null;
  if (!REMOTE_PATTERN.test(remote) || !VERSION_PATTERN.test(version)) return null;
  if (!/^\d{1,12}$/.test(expiresText)) return null;
  const grant = { remote, version, expires: Number(expiresText) };
  if (grant.expires <= nowS) return null;
  const expected = Buffer.from(signature(secret, grant));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? grant : null;
}

/** The preview cookie's value: tokens joined (several remotes can be previewed together). */
export function joinPreviewTokens(tokens: readonly string[]): string {
  return tokens.join('+');
}

/** Every grant of a preview cookie that still holds, one per remote (the last one given wins). */
export function readPreviewCookie(
  secret: string,
  value: string | undefined,
  nowS?: number,
): Map<string, { grant: PreviewGrant; token: string }> {
  const grants = new Map<string, { grant: PreviewGrant; token: string }>();
  for (const token of (value ?? '').split('+').slice(0, 8)) {
    const grant = token ? verifyPreview(secret, token, nowS) : null;
    if (grant) grants.set(grant.remote, { grant, token });
  }
  return grants;
}

/** A remote's canary, as its deploy folder's canary.json says. */
export interface CanaryPlan {
  /** The candidate's deployed version (a kept folder under versions/). */
  version: string;
  /** The share of visitors (by cohort bucket) who get it, 1–100. */
  percent: number;
  /**
   * How many percentage points the candidate's failure rate may exceed the live version's before
   * the site's server ends the canary by itself.
   */
  margin: number;
  /** Page views of the candidate before its failure rate is compared at all. */
  minViews: number;
  /** When it started (ISO time): counts are kept per canary. */
  startedAt: string;
}

export const DEFAULT_CANARY_MARGIN = 2;
export const DEFAULT_CANARY_MIN_VIEWS = 50;

/** canary.json's content, checked; null when it holds no usable canary. */
export function parseCanaryPlan(value: unknown): CanaryPlan | null {
  const plan = value as Partial<CanaryPlan> | null;
  if (
    typeof plan?.version !== 'string' ||
    !VERSION_PATTERN.test(plan.version) ||
    typeof plan.percent !== 'number' ||
    !(plan.percent >= 1 && plan.percent <= 100) ||
    typeof plan.startedAt !== 'string'
  ) {
    return null;
  }
  const margin = typeof plan.margin === 'number' && plan.margin >= 0 ? plan.margin : undefined;
  const minViews =
    typeof plan.minViews === 'number' && plan.minViews >= 1 ? Math.floor(plan.minViews) : undefined;
  return {
    version: plan.version,
    percent: plan.percent,
    margin: margin ?? DEFAULT_CANARY_MARGIN,
    minViews: minViews ?? DEFAULT_CANARY_MIN_VIEWS,
    startedAt: plan.startedAt,
  };
}

/** A new visitor's bucket, 0–99. */
export function newBucket(): number {
  return randomInt(100);
}

/**
 * Whether a bucket falls in a remote's canary: each remote counts buckets from its own offset,
 * so two canaries at 10 % do not go to the very same visitors.
 */
export function inCanary(bucket: number, remote: string, percent: number): boolean {
  let offset = 0;
  for (const char of remote) offset = (offset * 31 + char.charCodeAt(0)) % 100;
  return (bucket + offset) % 100 < percent;
}

/** The cohort cookie's parts, or null when it is not one this server set. */
export function readCohortCookie(value: string | undefined): { bucket: number; variant: string } {
  const match = /^(\d{1,2})\.([A-Za-z0-9._~-]{1,200})$/.exec(value ?? '');
  if (!match) return { bucket: -1, variant: '' };
  return { bucket: Number(match[1]), variant: match[2]! };
}

/**
 * The variant's name for the cookie and the edge's cache key: the candidate versions, by remote,
 * in a fixed order (`shop-<version>~blog-<version>`), or LIVE_VARIANT.
 */
export function variantName(candidates: ReadonlyMap<string, string>): string {
  const parts = [...candidates]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([remote, version]) => `${remote}-${version}`);
  return parts.length > 0 ? parts.join('~') : LIVE_VARIANT;
}
