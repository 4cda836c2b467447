import { TEST_RUNTIME_CONFIG } from '@portfolio/testing';
import { SITE_DATA_ELEMENT_ID, readSiteData, siteDataScript } from './site-data';

describe('the site data block', () => {
  it('cannot close its script element or open a comment, whatever the content says', () => {
    const script = siteDataScript({
      config: TEST_RUNTIME_CONFIG,
      routes: {},
      loaderData: { page: { title: '</script><script>alert(1)</script><!--' } },
      drawnInBrowser: [],
      reloadData: false,
    });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain('<!--');
    expect(script).toMatch(/^<script type="application\/json" id="site-data">/);
  });

  it('reads back what the server wrote', () => {
    document.body.innerHTML = siteDataScript({
      config: TEST_RUNTIME_CONFIG,
      routes: { blog: [{ path: '/blog', module: './BlogPage' }] },
      loaderData: { 'blog/BlogPage': { page: { status: 'loaded', text: '</script>' } } },
      drawnInBrowser: ['shop/StorePage'],
      reloadData: true,
    });
    const data = readSiteData(document);
    expect(data?.loaderData).toEqual({
      'blog/BlogPage': { page: { status: 'loaded', text: '</script>' } },
    });
    expect(data?.config.apiBase).toBe(TEST_RUNTIME_CONFIG.apiBase);
    expect(data?.drawnInBrowser).toEqual(['shop/StorePage']);
    document.getElementById(SITE_DATA_ELEMENT_ID)?.remove();
    expect(readSiteData(document)).toBeNull();
  });
});
