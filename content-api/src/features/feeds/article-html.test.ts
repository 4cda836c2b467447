// The feed's HTML (docs/decisions/130) with the contract's `feed` profile (docs/decisions/160):
// what an article writes for the site's own loader and styles never reaches a reader either.
import { FORGED_ISLANDS_MARKDOWN } from '@portfolio/testing/hostile-markup';
import { articleHtml } from './article-html.js';

const ARTICLE = 'https://site.example/article/a';

describe('articleHtml', () => {
  it('keeps no data-*, class, id, name or id reference, only the text', async () => {
    const html = await articleHtml(
      [
        FORGED_ISLANDS_MARKDOWN,
        '<label for="site-search" id="x" name="y" class="backdrop">a label</label>',
        '<p aria-labelledby="site-menu" data-x="1">described</p>',
      ].join('\n\n'),
      ARTICLE,
    );
    expect(html).not.toMatch(/\sdata-|\sclass=|\sid=|\sname=|\sfor=|aria-labelledby/);
    expect(html).toContain('a label');
    expect(html).toContain('forged navbar');
  });

  it('makes links and stored images absolute on the article', async () => {
    const html = await articleHtml('[next](/article/b) ![x](/images/x.png)', ARTICLE);
    expect(html).toContain('href="https://site.example/article/b"');
    expect(html).toContain('src="https://site.example/api/images/x.png"');
  });
});
