import type DOMPurify from 'dompurify';
import { ARTICLE_COLUMN_IMAGE } from '@portfolio/contract';
import { TEST_API_BASE, setUpTestRuntimeConfig } from '@portfolio/testing';
import { FORGED_ISLANDS, FORGED_ISLANDS_MARKDOWN } from '@portfolio/testing/hostile-markup';
import {
  CODE_COPIED_TEXT,
  CODE_COPY_FAILED_TEXT,
  CODE_COPY_LABEL,
  SITE_CONTROLS,
} from '@portfolio/shared/island-protocol';
import {
  HEADING_ANCHOR_CLASS,
  HEADING_LINE_CLASS,
  USER_CONTENT_PREFIX,
  CODE_BAR_CLASS,
  CODE_BLOCK_CLASS,
  CODE_LANGUAGE_CLASS,
  COMMENT_LINK_REL,
  headingAnchorLabel,
  renderArticle,
  renderComment,
  renderMarkdown,
} from './render-markdown';

setUpTestRuntimeConfig();

/** The rendered HTML as a DOM fragment, to inspect what a browser would build from it. */
function renderToDom(markdown: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderMarkdown(markdown);
  return container;
}

describe('renderMarkdown', () => {
  it('renders Markdown to HTML', () => {
    const dom = renderToDom(
      'Some **bold** text and a [link](https://example.test/a).\n\n- one\n- two\n\n> quoted',
    );
    expect(dom.querySelector('strong')?.textContent).toBe('bold');
    expect(dom.querySelector('a')?.getAttribute('href')).toBe('https://example.test/a');
    expect(dom.querySelectorAll('ul > li')).toHaveLength(2);
    expect(dom.querySelector('blockquote')?.textContent?.trim()).toBe('quoted');
  });

  it('starts the article headings at h2, keeping their order (the page title is the h1)', () => {
    const fromH1 = renderToDom('# One\n\n## Two\n\n### Three');
    expect(Array.from(fromH1.querySelectorAll('h1, h2, h3, h4'), (h) => h.tagName)).toEqual([
      'H2',
      'H3',
      'H4',
    ]);
    const fromH3 = renderToDom('### Only\n\n#### Below');
    expect(Array.from(fromH3.querySelectorAll('h2, h3, h4'), (h) => h.tagName)).toEqual([
      'H2',
      'H3',
    ]);
  });

  it('highlights code of a known language', () => {
    const dom = renderToDom('```bash\nsudo ufw enable # firewall on\n```');
    const code = dom.querySelector('pre > code');
    expect(code).toHaveClass('hljs', 'language-bash');
    expect(code?.querySelector('.hljs-comment')?.textContent).toBe('# firewall on');
    expect(code?.textContent).toBe('sudo ufw enable # firewall on');
  });

  it.each(['ts', 'typescript', 'python', 'json', 'yaml', 'sql', 'ini', 'html', 'javascript'])(
    'knows the %s grammar',
    (language) => {
      const dom = renderToDom(`\`\`\`${language}\nx = "y"\n\`\`\``);
      expect(dom.querySelector('pre > code')).toHaveClass(`language-${language}`);
    },
  );

  it('shows code of an unknown language as plain, escaped text', () => {
    const dom = renderToDom('```brainfreeze\n<b>not bold</b>\n```');
    const code = dom.querySelector('pre > code');
    expect(code?.className).toBe('hljs');
    expect(code?.querySelector('b')).toBeNull();
    expect(code?.textContent).toBe('<b>not bold</b>');
  });

  it('does not let a language name inject markup', () => {
    const dom = renderToDom('```"><img src=x onerror=alert(1)>\ncode\n```');
    expect(dom.querySelector('img')).toBeNull();
    expect(dom.querySelector('pre > code')?.className).toBe('hljs');
  });

  it.each([
    [
      "the shared modal backdrop's class",
      '<div class="backdrop">Session expired. Sign in again</div>',
    ],
    ['the class of any element', '<p class="navbar visually-hidden">x</p>'],
    ["the highlighter's own classes", '<span class="hljs-keyword">x</span>'],
    ['a code block of its own', '<pre><code class="hljs language-bash">x</code></pre>'],
    ['a class inside Markdown', '**<em class="container">x</em>**'],
  ])('uses no class of the site (%s): an article writes none', (_what, markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toMatch(/\sclass=/);
    expect(html).toContain('x');
  });

  it("keeps the highlighter's classes, and only on the code it highlighted", () => {
    const markdown = '<span class="hljs-string">y</span>\n\n```ts\nclass A { f() {} }\n```';
    const html = renderMarkdown(markdown);
    const dom = renderToDom(markdown);
    expect(dom.querySelector('span:not(pre span)')?.hasAttribute('class')).toBe(false);
    expect(dom.querySelector('pre > code')?.className).toBe('hljs language-ts');
    expect(dom.querySelector('pre .hljs-keyword')?.textContent).toBe('class');
    // hljs 11's scopes (`hljs-title class_`) keep their second name.
    expect(dom.querySelector('pre .hljs-title')?.className).toBe('hljs-title class_');
    // The mark the classes travel in never reaches the page.
    expect(html).not.toMatch(/data-hl-/);
  });

  it('makes code blocks reachable by keyboard, since they scroll sideways', () => {
    expect(renderToDom('```\nx\n```').querySelector('pre')?.getAttribute('tabindex')).toBe('0');
  });

  it('adds rel="noopener noreferrer" to links that open a new tab, and drops other targets', () => {
    const dom = renderToDom(
      '<a href="https://a.test" target="_blank">new tab</a> <a href="https://b.test" target="_top">top</a> [plain](https://c.test)',
    );
    const [newTab, top, plain] = Array.from(dom.querySelectorAll('a'));
    expect(newTab).toHaveAttribute('target', '_blank');
    expect(newTab).toHaveAttribute('rel', 'noopener noreferrer');
    expect(top).not.toHaveAttribute('target');
    expect(plain).not.toHaveAttribute('target');
  });

  it('loads content images lazily', () => {
    const image = renderToDom('![A diagram](https://example.test/d.png)').querySelector('img');
    expect(image).toHaveAttribute('alt', 'A diagram');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it("shows a stored image from the API's address, as the uploader gives its path", () => {
    const image = renderToDom('![A diagram](/images/diagram-1a2b.png)').querySelector('img');
    expect(image).toHaveAttribute('src', `${TEST_API_BASE}/images/diagram-1a2b.png`);
    expect(image).toHaveAttribute('alt', 'A diagram');
  });

  it('draws a stored image the API measured as covers are: size, AVIF and WebP variants', () => {
    const container = document.createElement('div');
    container.innerHTML = renderMarkdown('Text.\n\n![The <handshake> "flow"](/images/flow.png)', {
      images: [
        {
          path: '/images/flow.png',
          width: 1600,
          height: 900,
          widths: [320, 640],
          formats: ['avif', 'webp', 'png'],
        },
      ],
    });
    const picture = container.querySelector('picture');
    expect(picture).not.toBeNull();
    const sources = Array.from(picture!.querySelectorAll('source'));
    expect(sources.map((source) => source.getAttribute('type'))).toEqual([
      'image/avif',
      'image/webp',
    ]);
    expect(sources[0]).toHaveAttribute(
      'srcset',
      `${TEST_API_BASE}/images/flow.png/320.avif 320w, ${TEST_API_BASE}/images/flow.png/640.avif 640w`,
    );
    expect(sources[0]).toHaveAttribute('sizes', ARTICLE_COLUMN_IMAGE.sizes);
    const img = picture!.querySelector('img');
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '900');
    expect(img).toHaveAttribute('alt', 'The <handshake> "flow"');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('src', `${TEST_API_BASE}/images/flow.png/640.png`);
    // The same text without what the API knows is another rendering, not the memo's.
    expect(renderMarkdown('Text.\n\n![The <handshake> "flow"](/images/flow.png)')).not.toContain(
      '<picture>',
    );
  });

  it('renders hostile Markdown inert: no script, no handler, no javascript: URL, no frame', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[x](javascript:alert(1))',
      '[y](JaVaScRiPt:alert(1))',
      '<a href="javascript:alert(2)">click</a>',
      '<a href="  javascript:alert(3)">spaced</a>',
      '<iframe src="https://evil.test"></iframe>',
      '<svg><script>alert(4)</script></svg>',
      '<div onclick="alert(5)" onmouseover="alert(6)">hover</div>',
      '<form action="https://evil.test"><button>Go</button></form>',
      '<object data="x.swf"></object><embed src="x.swf">',
      '<p style="position:fixed;inset:0">overlay</p>',
      '![img](javascript:alert(7))',
    ].join('\n\n');
    const html = renderMarkdown(hostile);
    const dom = renderToDom(hostile);

    expect(
      dom.querySelectorAll('script, iframe, frame, object, embed, form, button, svg, style'),
    ).toHaveLength(0);
    for (const element of Array.from(dom.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        expect(attribute.name).not.toMatch(/^on/i);
        expect(attribute.name).not.toBe('style');
        expect(attribute.value).not.toMatch(/^\s*javascript:/i);
      }
    }
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/onerror|onclick|onmouseover/i);
    // The harmless parts of the text are still there.
    expect(dom.textContent).toContain('click');
    expect(dom.textContent).toContain('hover');
  });
});

describe('renderMarkdown, names the page looks things up by (DOM clobbering)', () => {
  /** Every id and name in the rendered article. */
  function namesIn(dom: HTMLElement): string[] {
    return Array.from(dom.querySelectorAll('[id], [name]')).flatMap((element) =>
      ['id', 'name'].flatMap((attribute) => element.getAttribute(attribute) ?? []),
    );
  }

  it.each([
    ['the data block', '<div id="site-data" hidden>{"config":{}}</div>'],
    ['the root element', '<div id="root">x</div>'],
    ['a named anchor', '<a name="site-data">x</a>'],
    ['a named image (document.<name>)', '<img name="cookie" src="https://example.test/x.png">'],
    ['a map (document.<name>)', '<map name="forms"><area name="x"></map>'],
    ['a window property (window.<id>)', '<p id="__portfolioDiagnostics">x</p>'],
    ['a document property', '<img id="location" name="defaultView">'],
    ['nested ids', '<details id="a"><summary id="b">s</summary><p id="c">p</p></details>'],
    ['an id already prefixed twice over', '<p id="user-content-x">x</p>'],
    ['a heading with an id of its own', '<h2 id="site-data">Heading</h2>'],
  ])('%s gets only user-content- names', (_name, markdown) => {
    const dom = renderToDom(markdown);
    const names = namesIn(dom);
    for (const name of names) expect(name).toMatch(new RegExp(`^${USER_CONTENT_PREFIX}`));
    expect(dom.querySelector('#site-data, #root, [name="site-data"], [name="cookie"]')).toBeNull();
  });

  it('keeps content whose names it changed', () => {
    const dom = renderToDom('<div id="site-data">still here</div>');
    expect(dom.textContent).toContain('still here');
    expect(dom.querySelector(`#${USER_CONTENT_PREFIX}site-data`)).not.toBeNull();
  });

  it('gives headings anchors under the same prefix, the same on every render', () => {
    const markdown = '## Getting **started**\n\n## Getting started\n\n### Why? Because!';
    const ids = (dom: HTMLElement) =>
      Array.from(dom.querySelectorAll('h2, h3'), (heading) => heading.id);
    const expected = [
      `${USER_CONTENT_PREFIX}getting-started`,
      `${USER_CONTENT_PREFIX}getting-started-1`,
      `${USER_CONTENT_PREFIX}why-because`,
    ];
    expect(ids(renderToDom(markdown))).toEqual(expected);
    // Another article in between does not shift them (the server and the browser agree).
    renderToDom('## Getting started');
    expect(ids(renderToDom(`${markdown}\n`))).toEqual(expected);
  });

  it('points in-page links at the prefixed anchors, and leaves other links alone', () => {
    const dom = renderToDom(
      '## Setup\n\n[to setup](#setup) [prefixed](#user-content-setup) [top](#) [out](https://example.test/#setup)',
    );
    const links = dom.querySelectorAll(`a:not(.${HEADING_ANCHOR_CLASS})`);
    expect(Array.from(links, (link) => link.getAttribute('href'))).toEqual([
      `#${USER_CONTENT_PREFIX}setup`,
      `#${USER_CONTENT_PREFIX}setup`,
      '#',
      'https://example.test/#setup',
    ]);
  });

  it("puts a link to each heading beside it, out of the heading's own text", () => {
    const dom = renderToDom('## Getting **started**\n\n### Why?');
    const headings = Array.from(dom.querySelectorAll('h2, h3'));
    expect(headings.map((heading) => heading.textContent)).toEqual(['Getting started', 'Why?']);
    for (const heading of headings) {
      const line = heading.parentElement!;
      expect(line).toHaveClass(HEADING_LINE_CLASS);
      const anchor = line.querySelector(`a.${HEADING_ANCHOR_CLASS}`);
      expect(anchor).toHaveAttribute('href', `#${heading.id}`);
      expect(anchor).toHaveAttribute('aria-label', headingAnchorLabel(heading.textContent ?? ''));
      expect(anchor?.textContent).toBe('#');
    }
  });

  it("never gives an article's own elements the anchors' classes", () => {
    const dom = renderToDom(
      `<div class="${HEADING_LINE_CLASS}"><a class="${HEADING_ANCHOR_CLASS}" href="#x">#</a></div>`,
    );
    expect(dom.querySelector(`.${HEADING_LINE_CLASS}, .${HEADING_ANCHOR_CLASS}`)).toBeNull();
  });

  it('gives each code block a bar with its language and a button that copies it', () => {
    const dom = renderToDom('```bash\necho "hi"\n```\n\n    indented();');
    const blocks = Array.from(dom.querySelectorAll(`.${CODE_BLOCK_CLASS}`));
    expect(blocks).toHaveLength(2);
    expect(
      blocks.map((block) => block.querySelector(`.${CODE_LANGUAGE_CLASS}`)?.textContent),
    ).toEqual(['bash', undefined]);
    for (const block of blocks) {
      const bar = block.firstElementChild!;
      expect(bar).toHaveClass(CODE_BAR_CLASS);
      // The script copies the <pre> after the button's bar (shell/server/site-controls.ts).
      expect(bar.nextElementSibling?.tagName).toBe('PRE');
      const button = bar.querySelector('button')!;
      expect(button).toHaveAttribute('type', 'button');
      expect(button).toHaveAttribute(SITE_CONTROLS.attribute, SITE_CONTROLS.copyCode);
      expect(button.textContent).toBe(CODE_COPY_LABEL);
      const status = bar.querySelector('[role="status"]')!;
      expect(status).toHaveAttribute('data-copied', CODE_COPIED_TEXT);
      expect(status).toHaveAttribute('data-failed', CODE_COPY_FAILED_TEXT);
      expect(status.textContent).toBe('');
    }
  });

  it("never lets an article's own markup make a copy button or a code block's parts", () => {
    const dom = renderToDom(
      `<div class="${CODE_BLOCK_CLASS}"><div class="${CODE_BAR_CLASS}"><span class="code-copy-slot"></span>` +
        `<button ${SITE_CONTROLS.attribute}="${SITE_CONTROLS.copyCode}">Copy</button></div><pre>x</pre></div>\n\n` +
        '`<span class="code-copy-slot"></span>`',
    );
    expect(dom.querySelector('button, [class], [data-site-control], [role="status"]')).toBeNull();
  });

  it('outlines the h2s and h3s with their ids in the page, the same as the headings', () => {
    const { html, outline } = renderArticle(
      '# Top **one**\n\n## Below\n\n### Deeper\n\n#### Deepest\n\n# Top **one**',
    );
    expect(outline).toEqual([
      { level: 2, text: 'Top one', id: `${USER_CONTENT_PREFIX}top-one` },
      { level: 3, text: 'Below', id: `${USER_CONTENT_PREFIX}below` },
      { level: 2, text: 'Top one', id: `${USER_CONTENT_PREFIX}top-one-1` },
    ]);
    const container = document.createElement('div');
    container.innerHTML = html;
    for (const { id } of outline) expect(container.querySelector(`#${id}`)).not.toBeNull();
    // From the memo, the same.
    expect(
      renderArticle('# Top **one**\n\n## Below\n\n### Deeper\n\n#### Deepest\n\n# Top **one**')
        .outline,
    ).toEqual(outline);
  });
});

describe("renderMarkdown, what the page's loader, router and styles read", () => {
  /** Every attribute name in the rendered article. */
  function attributesIn(dom: HTMLElement): string[] {
    return Array.from(dom.querySelectorAll('*')).flatMap((element) =>
      Array.from(element.attributes, (attribute) => attribute.name),
    );
  }

  it.each(Object.entries(FORGED_ISLANDS))(
    'keeps no island marker or loader mark of a forged %s, only its text',
    (_name, markdown) => {
      const dom = renderToDom(markdown);
      expect(attributesIn(dom).filter((name) => name.startsWith('data-'))).toEqual([]);
      expect(renderMarkdown(markdown)).not.toMatch(/data-|island|scroll-flag/);
      expect(dom.textContent).toMatch(/forged|open|typed/);
    },
  );

  it('keeps no data-* attribute at all, in any element or spelling', () => {
    const html = renderMarkdown(
      [
        FORGED_ISLANDS_MARKDOWN,
        '<p DATA-ISLAND="shell/Navbar" Data-Island-When="load">upper case</p>',
        '<img src="https://example.test/x.png" data-src="y" data-hl-0123="hljs">',
        '<a href="https://example.test" data-discover="true">a link</a>',
        '<details data-island-live=""><summary data-x>s</summary></details>',
        '<svg><g data-island="shell/Navbar"></g></svg>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/data-/i);
    expect(html).toContain('upper case');
    expect(html).toContain('a link');
  });

  it("points an id reference at the article's own elements, never at the page's", () => {
    const dom = renderToDom(
      [
        '<label for="site-search">Search the site</label>',
        '<p aria-labelledby="site-menu main" aria-describedby="site-data">described</p>',
        '<table><tr><th id="h">H</th></tr><tr><td headers="h">x</td></tr></table>',
      ].join('\n\n'),
    );
    expect(dom.querySelector('label')?.getAttribute('for')).toBe('user-content-site-search');
    const described = dom.querySelector('[aria-describedby]');
    expect(described?.getAttribute('aria-labelledby')).toBe(
      'user-content-site-menu user-content-main',
    );
    expect(described?.getAttribute('aria-describedby')).toBe('user-content-site-data');
    expect(dom.querySelector('td')?.getAttribute('headers')).toBe('user-content-h');
    expect(dom.querySelector('th')?.id).toBe('user-content-h');
  });

  it('keeps no attribute that acts on another element or only scripts may carry', () => {
    const html = renderMarkdown(
      '<div popover id="p" nonce="abc" slot="s" part="p">x</div><img src="https://example.test/m.png" usemap="#m">',
    );
    expect(html).not.toMatch(/popover|nonce|slot=|part=|usemap/);
  });
});

/** renderMarkdown and renderComment from a fresh module, with DOMPurify's sanitize counted. */
function countingRenderer() {
  const sanitize = jest.fn();
  let render: typeof renderMarkdown = renderMarkdown;
  let comment: typeof renderComment = renderComment;
  jest.isolateModules(() => {
    jest.doMock('dompurify', () => {
      const createPurifier = jest.requireActual<typeof DOMPurify>('dompurify');
      return (window: Parameters<typeof DOMPurify>[0]) => {
        const purifier = createPurifier(window);
        sanitize.mockImplementation(purifier.sanitize.bind(purifier));
        purifier.sanitize = sanitize as unknown as typeof purifier.sanitize;
        return purifier;
      };
    });
    ({ renderMarkdown: render, renderComment: comment } = jest.requireActual<{
      renderMarkdown: typeof renderMarkdown;
      renderComment: typeof renderComment;
    }>('./render-markdown'));
  });
  jest.dontMock('dompurify');
  return { render, renderComment: comment, sanitize };
}

describe('renderMarkdown, a text seen before', () => {
  it('is not parsed and sanitised again: the same text gives the HTML given before', () => {
    const { render, sanitize } = countingRenderer();
    const first = render('# Title\n\n[out](https://example.test/x){target=_blank}\n\n    code');
    const second = render('# Title\n\n[out](https://example.test/x){target=_blank}\n\n    code');
    expect(second).toBe(first);
    expect(sanitize).toHaveBeenCalledTimes(1);
    // An edited text is rendered anew.
    expect(render('# Title, edited')).toContain('Title, edited');
    expect(sanitize).toHaveBeenCalledTimes(2);
  });

  it('keeps an empty text too (the admin preview of a new article)', () => {
    const { render } = countingRenderer();
    expect(render('')).toBe('');
    expect(render('')).toBe('');
  });
});

describe('renderComment', () => {
  const commentDom = (markdown: string) => {
    const container = document.createElement('div');
    container.innerHTML = renderComment(markdown);
    return container;
  };

  it('is sanitised once for the same text: a page of comments costs its first render only', () => {
    const { renderComment: render, sanitize } = countingRenderer();
    const first = render('Nice **post**, see [this](https://example.test).');
    expect(render('Nice **post**, see [this](https://example.test).')).toBe(first);
    expect(sanitize).toHaveBeenCalledTimes(1);
    expect(render('Another comment.')).not.toBe(first);
    expect(sanitize).toHaveBeenCalledTimes(2);
  });

  it('keeps links, emphasis, code, quotes and lists', () => {
    const dom = commentDom(
      '**Bold**, *em*, `code` and [a link](https://example.com).\n\n> quoted\n\n- one\n- two\n\n```\nx < y\n```',
    );
    expect(dom.querySelector('strong')?.textContent).toBe('Bold');
    expect(dom.querySelector('em')?.textContent).toBe('em');
    expect(dom.querySelector('p code')?.textContent).toBe('code');
    expect(dom.querySelector('blockquote')?.textContent).toContain('quoted');
    expect(dom.querySelectorAll('li')).toHaveLength(2);
    expect(dom.querySelector('pre code')?.textContent).toBe('x < y');
    const link = dom.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com');
    expect(link?.getAttribute('rel')).toBe(COMMENT_LINK_REL);
  });

  it('shows raw HTML and island markers as text, and wakes nothing', () => {
    const dom = commentDom(
      `${FORGED_ISLANDS_MARKDOWN}\n\n<script>alert(1)</script><b class="x">b</b>`,
    );
    expect(dom.querySelector('[data-island], script, b, div, form, button')).toBeNull();
    expect(dom.textContent).toContain('data-island="shell/Navbar"');
    expect(dom.textContent).toContain('<script>alert(1)</script>');
  });

  it('keeps no image, heading, id, class or data attribute, and no script link', () => {
    const dom = commentDom(
      '# Title\n\n![alt text](https://example.com/x.png)\n\n[x](javascript:alert(1)) [y](#top)',
    );
    expect(dom.querySelector('img, h1, h2')).toBeNull();
    expect(dom.textContent).toContain('alt text');
    expect(dom.textContent).toContain('Title');
    for (const element of dom.querySelectorAll('*')) {
      const names = element.getAttributeNames();
      expect(names.filter((name) => !['href', 'rel'].includes(name))).toEqual([]);
      expect(element.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    }
  });
});
