import {
  LIVE_VARIANT,
  inCanary,
  parseCanaryPlan,
  readCohortCookie,
  readPreviewCookie,
  signPreview,
  variantName,
  verifyPreview,
} from './remote-rollout';

const SECRET = 'the deployers key';
const grant = { remote: 'shop', version: '5c1d2e3f4a5b', expires: 2_000_000_000 };

describe('preview tokens', () => {
  it('holds for its remote and version until it expires, and not after', () => {
    const token = signPreview(SECRET, grant);
    expect(verifyPreview(SECRET, token, 1_900_000_000)).toEqual(grant);
    expect(verifyPreview(SECRET, token, 2_000_000_000)).toBeNull();
    expect(verifyPreview('another key', token, 1_900_000_000)).toBeNull();
  });

  it.each([
    ['another version', (t: string) => t.replace('~5c1d2e3f4a5b~', '~5c1d2e3f4a5c~')],
    ['another remote', (t: string) => t.replace('shop~', 'blog~')],
    ['a later expiry', (t: string) => t.replace('~2000000000~', '~2000000001~')],
    ['a cut signature', (t: string) => t.slice(0, -2)],
    ['an extra part', (t: string) => `${t}~x`],
  ])('refuses a token with %s', (_what, change) => {
    expect(verifyPreview(SECRET, change(signPreview(SECRET, grant)), 1_900_000_000)).toBeNull();
  });

  it("reads a cookie's grants, one per remote, the last given winning", () => {
    const older = signPreview(SECRET, { ...grant, version: 'old' });
    const blog = signPreview(SECRET, { ...grant, remote: 'blog', version: 'b1' });
    const value = [older, 'garbage', blog, signPreview(SECRET, grant)].join('+');
    const grants = readPreviewCookie(SECRET, value, 1_900_000_000);
    expect([...grants.values()].map(({ grant: g }) => `${g.remote}@${g.version}`)).toEqual([
      'shop@5c1d2e3f4a5b',
      'blog@b1',
    ]);
  });
});

describe('canary cohorts', () => {
  it('puts a share of the buckets in each canary, counted from its own offset', () => {
    const shop = [...Array(100).keys()].filter((bucket) => inCanary(bucket, 'shop', 30));
    const blog = [...Array(100).keys()].filter((bucket) => inCanary(bucket, 'blog', 30));
    expect(shop).toHaveLength(30);
    expect(blog).toHaveLength(30);
    expect(shop).not.toEqual(blog);
    expect([...Array(100).keys()].every((bucket) => inCanary(bucket, 'shop', 100))).toBe(true);
  });

  it('names a variant the same whatever the order, and reads the cookie it goes in', () => {
    expect(variantName(new Map())).toBe(LIVE_VARIANT);
    const variant = variantName(
      new Map([
        ['shop', 's1'],
        ['blog', 'b1'],
      ]),
    );
    expect(variant).toBe('blog-b1~shop-s1');
    expect(readCohortCookie(`42.${variant}`)).toEqual({ bucket: 42, variant });
    expect(readCohortCookie('420.live')).toEqual({ bucket: -1, variant: '' });
    expect(readCohortCookie(undefined)).toEqual({ bucket: -1, variant: '' });
  });

  it('reads a canary plan, with defaults, and nothing else', () => {
    const plan = { version: 'c1', percent: 10, startedAt: '2026-12-01T00:00:00Z' };
    expect(parseCanaryPlan(plan)).toEqual({ ...plan, margin: 2, minViews: 50 });
    expect(parseCanaryPlan({ ...plan, percent: 0 })).toBeNull();
    expect(parseCanaryPlan({ ...plan, version: '../x' })).toBeNull();
    expect(parseCanaryPlan(null)).toBeNull();
  });
});
