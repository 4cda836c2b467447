import { ELLIPSIS } from '@portfolio/contract';
import { excerpt, markdownToPlainText } from './markdown-text.js';

describe('markdownToPlainText', () => {
  it('keeps the words a reader sees and drops the syntax', () => {
    const markdown = [
      '# Title',
      '',
      'Some **bold**, _italic_ and [a link](https://example.com) &amp; `inline <code>`.',
      '',
      '- one',
      '- two',
      '',
      '```bash',
      'sudo ls',
      '```',
      '',
      '| a | b |',
      '|---|---|',
      '| c | d |',
      '',
      '> quoted',
      '',
      '![alt text](/images/x.svg)',
    ].join('\n');
    expect(markdownToPlainText(markdown)).toBe(
      'Title. Some bold, italic and a link & inline <code>. one two sudo ls a b c d quoted alt text',
    );
  });

  it('ends a heading with a sentence break, so it never runs into the next sentence', () => {
    const markdown = [
      'Intro text.',
      '',
      '## Zero trust model',
      'Zero trust removes implicit trust.',
      '',
      '### What changes?',
      '',
      'Everything.',
      '',
      'Setext heading',
      '--------------',
      'Body.',
    ].join('\n');
    expect(markdownToPlainText(markdown)).toBe(
      'Intro text. Zero trust model. Zero trust removes implicit trust. What changes? Everything. Setext heading. Body.',
    );
  });

  it('keeps the words a reader sees, code included, and drops the syntax', () => {
    const markdown =
      '# Title\n\nSome **bold** and _em_ text with [a link](https://x.test) and `code`.\n\n```js\nconst x = 1;\n```\n- item\n\n---\n\nAfter a rule.';
    expect(markdownToPlainText(markdown)).toBe(
      'Title. Some bold and em text with a link and code. const x = 1; item After a rule.',
    );
  });

  it('keeps raw HTML as text, so it can be escaped later', () => {
    expect(markdownToPlainText('Beware <script>alert(1)</script> here')).toBe(
      'Beware <script>alert(1)</script> here',
    );
  });

  it('removes the private-use characters reserved for snippet markers', () => {
    expect(markdownToPlainText('a\uE000b\uE001c\uE002d\uE003e')).toBe('abcde');
  });
});

describe('excerpt', () => {
  it('returns short text unchanged', () => {
    expect(excerpt('short text', 150)).toBe('short text');
  });

  it('cuts at a word boundary and adds an ellipsis', () => {
    const text = 'word '.repeat(60).trim();
    const result = excerpt(text, 150);
    expect(result.length).toBeLessThanOrEqual(150);
    expect(ELLIPSIS).toBe('...');
    expect(result.endsWith(`word${ELLIPSIS}`)).toBe(true);
  });
});
