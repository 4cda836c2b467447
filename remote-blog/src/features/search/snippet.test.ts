import { SEARCH_SNIPPET_LENGTH } from '@portfolio/shared/format';
import {
  buildSnippet,
  highlightTerms,
  parseSnippetHtml,
  queryTerms,
  unescapeEntities,
} from './snippet';
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

describe('queryTerms', () => {
  it('drops search syntax and one-letter words, longest first', () => {
    expect(queryTerms('"zero trust" -vpn or a MFA')).toEqual(['trust', 'zero', 'vpn', 'MFA']);
  });
});

describe('highlightTerms', () => {
  it('marks every match at the start of a word, ignoring case', () => {
    const segments = highlightTerms('Passwords and a password manager; bypass it', 'password');
    expect(marked(segments)).toEqual(['Password', 'password']);
    expect(plain(segments)).toBe('Passwords and a password manager; bypass it');
  });

  it('treats regular-expression characters in the query as text', () => {
    expect(marked(highlightTerms('costs $5 (or more) a+b', 'a+b (or'))).toEqual(['a+b']);
  });
});

describe('buildSnippet', () => {
  const filler = 'Lorem ipsum dolor sit amet consectetur. '.repeat(6);
  const content = `# Title\n\n${filler}Then **phishing** drills help. ${filler}`;

  it('shows about 150 characters of plain text around the first match, marked', () => {
    const segments = buildSnippet(content, 'phishing');
    const text = plain(segments);
    expect(marked(segments)).toEqual(['phishing']);
    expect(text).not.toMatch(/[#*]/);
    expect(text.startsWith('...')).toBe(true);
    expect(text.endsWith('...')).toBe(true);
    expect(text.replaceAll('...', '').length).toBeLessThanOrEqual(SEARCH_SNIPPET_LENGTH);
  });

  it('starts at the beginning when the match is early, and keeps short text whole', () => {
    const segments = buildSnippet('Phishing is still the top way in.', 'phishing');
    expect(plain(segments)).toBe('Phishing is still the top way in.');
    expect(marked(segments)).toEqual(['Phishing']);
  });

  it('is empty for an article without text', () => {
    expect(buildSnippet('', 'x')).toEqual([]);
  });
});
