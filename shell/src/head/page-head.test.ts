import { siteContext } from '@portfolio/shared/head';
import { TEST_RUNTIME_CONFIG } from '@portfolio/testing';
import { pageHead } from './page-head';

const site = siteContext(TEST_RUNTIME_CONFIG);
const args = { data: null, params: {}, url: new URL('/x', site.siteUrl), site };

describe('pageHead', () => {
  it("is the page's own declaration", () => {
    expect(pageHead(() => ({ title: 'Mine', noindex: true }), args)).toEqual({
      title: 'Mine',
      noindex: true,
    });
  });

  it("falls back to the site's name when a page declares none, or its declaration fails", () => {
    const onError = jest.fn();
    expect(pageHead(undefined, args)).toEqual({ title: site.siteName });
    expect(
      pageHead(
        () => {
          throw new Error('remote bug');
        },
        args,
        onError,
      ),
    ).toEqual({ title: site.siteName });
    expect(onError).toHaveBeenCalledWith(expect.any(Error));
    expect(pageHead(() => ({ title: ' ' }), args)).toEqual({ title: site.siteName });
  });
});
