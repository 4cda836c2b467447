import { TEST_RUNTIME_CONFIG } from '@portfolio/testing';
import { renderMarkdown } from '@portfolio/shared/markdown';
import { SITE_DATA_ELEMENT_ID, readSiteData, siteDataScript } from './site-data';
import type { SiteData } from './site-data';

const DATA: SiteData = {
  config: TEST_RUNTIME_CONFIG,
  routes: { blog: [{ path: '/blog', module: './BlogPage' }] },
  loaderData: { 'blog/BlogPage': { page: { status: 'loaded', text: '</script>' } } },
  drawnInBrowser: ['shop/StorePage'],
  reloadData: true,
};

/** A document as the server writes it: the data block in the head, the content in the body. */
function serverDocument(head: string, body: string): Document {
  return new DOMParser().parseFromString(
    `<!doctype html><html><head>${head}</head><body><div id="root">${body}</div></body></html>`,
    'text/html',
  );
}

describe('the site data block', () => {
  it('cannot close its script element or open a comment, whatever the content says', () => {
    const script = siteDataScript({
      ...DATA,
      loaderData: { page: { title: '</script><script>alert(1)</script><!--' } },
    });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain('<!--');
    expect(script).toMatch(/^<script type="application\/json" id="site-data">/);
  });

  it('reads back what the server wrote in the head', () => {
    const data = readSiteData(serverDocument(siteDataScript(DATA), '<p>page</p>'));
    expect(data?.loaderData).toEqual(DATA.loaderData);
    expect(data?.config.apiBase).toBe(TEST_RUNTIME_CONFIG.apiBase);
    expect(data?.drawnInBrowser).toEqual(['shop/StorePage']);
  });

  it('is read once: the block leaves the document as it is read', () => {
    const doc = serverDocument(siteDataScript(DATA), '');
    expect(readSiteData(doc)).not.toBeNull();
    expect(doc.getElementById(SITE_DATA_ELEMENT_ID)).toBeNull();
    expect(readSiteData(doc)).toBeNull();
  });

  describe('content cannot stand in for it (DOM clobbering, docs/decisions/080)', () => {
    const forgedConfig = {
      ...TEST_RUNTIME_CONFIG,
      remotes: { ...TEST_RUNTIME_CONFIG.remotes, blog: 'https://evil.example/mf-manifest.json' },
    };
    const forged = (id: string) =>
      `<script type="application/json" id="${id}">${JSON.stringify({ ...DATA, config: forgedConfig })}</script>`;

    it('ignores a block in the body, even one that comes before the real block in the source', () => {
      const doc = serverDocument(siteDataScript(DATA), forged(SITE_DATA_ELEMENT_ID));
      expect(readSiteData(doc)?.config.remotes.blog).toBe(TEST_RUNTIME_CONFIG.remotes.blog);
    });

    it('finds nothing when the only block is in the body (a page the server did not render)', () => {
      expect(readSiteData(serverDocument('', forged(SITE_DATA_ELEMENT_ID)))).toBeNull();
    });

    it('ignores a non-JSON element of the head that carries the id', () => {
      const doc = serverDocument(`<meta id="${SITE_DATA_ELEMENT_ID}" content="{}">`, '');
      expect(readSiteData(doc)).toBeNull();
    });

    it('an article that tries it, rendered as the blog renders articles, names nothing the page reads', () => {
      const article = renderMarkdown(
        `<div id="${SITE_DATA_ELEMENT_ID}" hidden>${JSON.stringify({ config: forgedConfig })}</div>`,
      );
      const doc = serverDocument(siteDataScript(DATA), article);
      expect(doc.getElementById(SITE_DATA_ELEMENT_ID)?.tagName).toBe('SCRIPT');
      expect(readSiteData(doc)?.config.remotes.blog).toBe(TEST_RUNTIME_CONFIG.remotes.blog);
      expect(doc.getElementById(SITE_DATA_ELEMENT_ID)).toBeNull();
    });

    it('refuses a block whose config points a remote outside its allowed origins', () => {
      const bad = { ...DATA, config: { ...forgedConfig, remoteOrigins: ['http://blog.test'] } };
      expect(() => readSiteData(serverDocument(siteDataScript(bad), ''))).toThrow(
        'not on one of the allowed remote origins',
      );
    });
  });
});
