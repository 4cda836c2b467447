import { parseSnippetHtml, unescapeEntities } from './snippet';
import type { SnippetSegment } from './snippet';

const plain = (segments: SnippetSegment[]) => segments.map((segment) => segment.text).join('');
const marked = (segments: SnippetSegment[]) =>
  segments.filter((segment) => segment.marked).map((segment) => segment.text);

describe('parseSnippetHtml', () => {
  it('splits on <mark> tags into marked and unmarked text', () => {
    expect(parseSnippetHtml('Use <mark>zero</mark> <mark>trust</mark> everywhere')).toEqual([
      { text: 'Use ', marked: false },
      { text: 'zero', marked: true },
      { text: ' ', marked: false },
      { text: 'trust', marked: true },
      { text: ' everywhere', marked: false },
    ]);
  });

  it('un-escapes the five HTML entities into plain text, so tags stay text', () => {
    const segments = parseSnippetHtml(
      '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;<mark>q</mark>&quot; it&#39;s &amp;lt;',
    );
    expect(plain(segments)).toBe('<img src=x onerror=alert(1)> & "q" it\'s &lt;');
    expect(marked(segments)).toEqual(['q']);
  });

  it('handles a snippet that starts or ends inside a match', () => {
    expect(parseSnippetHtml('<mark>TLS</mark>')).toEqual([{ text: 'TLS', marked: true }]);
    expect(parseSnippetHtml('…end <mark>here')).toEqual([
      { text: '…end ', marked: false },
      { text: 'here', marked: true },
    ]);
  });
});

describe('unescapeEntities', () => {
  it('leaves other entities and text alone', () => {
    expect(unescapeEntities('&copy; &#60; 5 &gt 3')).toBe('&copy; &#60; 5 &gt 3');
  });
});
