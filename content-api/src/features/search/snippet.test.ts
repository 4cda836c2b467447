import fc from 'fast-check';
import {
  GREATER_THAN,
  LESS_THAN,
  MARK_START,
  MARK_STOP,
  headlineText,
  renderSnippet,
} from './snippet.js';

const mark = (text: string) => `${MARK_START}${text}${MARK_STOP}`;

describe('renderSnippet', () => {
  it('wraps matches in <mark> and escapes everything else', () => {
    const headline = `Use ${LESS_THAN}${mark('script')}${GREATER_THAN} & "quotes" 'here'`;
    expect(renderSnippet(headline)).toBe(
      'Use &lt;<mark>script</mark>&gt; &amp; &quot;quotes&quot; &#39;here&#39;',
    );
  });

  it('escapes markup inside a match too', () => {
    expect(renderSnippet(mark('<b>'))).toBe('<mark>&lt;b&gt;</mark>');
  });

  it('shortens long headlines around the first match, keeping tags balanced', () => {
    const words = Array.from({ length: 60 }, (_, index) => `word${index}`);
    words[40] = mark('needle');
    const snippet = renderSnippet(words.join(' '));
    const visible = snippet.replace(/<\/?mark>/g, '');
    expect(visible.length).toBeLessThanOrEqual(152);
    expect(snippet).toContain('<mark>needle</mark>');
    expect(snippet.startsWith('...')).toBe(true);
    expect(snippet.endsWith('...')).toBe(true);
  });

  it('adds ellipses where the headline leaves out the start or the end of the text', () => {
    expect(
      renderSnippet(`in the ${mark('middle')}`, { startsDocument: false, endsDocument: true }),
    ).toBe('...in the <mark>middle</mark>');
    expect(
      renderSnippet(`at the ${mark('start')}`, { startsDocument: true, endsDocument: false }),
    ).toBe('at the <mark>start</mark>...');
  });

  it('headlineText drops the markers and restores < and >', () => {
    expect(headlineText(`a ${LESS_THAN}${mark('b')}${GREATER_THAN}  c`)).toBe('a <b> c');
  });

  it('never lets anything but <mark> and </mark> through as markup', () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.string({ maxLength: 10 }).map(mark),
      fc.constantFrom(LESS_THAN, GREATER_THAN, '<', '>', '&', '"', "'", '<mark>', '</mark>'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const snippet = renderSnippet(pieces.join(''));
        const tags = snippet.match(/<[^>]*>/g) ?? [];
        expect(tags.every((tag) => tag === '<mark>' || tag === '</mark>')).toBe(true);
        const rest = snippet.replace(/<\/?mark>/g, '');
        expect(rest).not.toMatch(/[<>"']/);
        expect(rest).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/);
        // Balanced: every <mark> closes before the next one opens.
        expect(snippet.replace(/<mark>[^<]*<\/mark>/g, '')).not.toMatch(/<\/?mark>/);
      }),
    );
  });
});
