import { makeArticle } from '@portfolio/testing/fixtures';
import { UNTITLED } from '../../texts';
import { articleExcerpt, articleTitle, readingMinutes, sortNewestFirst } from './article-text';

describe('articleTitle', () => {
  it("falls back to 'Untitled' for a missing or blank title", () => {
    expect(articleTitle('Zero Trust')).toBe('Zero Trust');
    expect(articleTitle('')).toBe(UNTITLED);
    expect(articleTitle('   ')).toBe(UNTITLED);
    expect(articleTitle(undefined)).toBe(UNTITLED);
  });
});

describe('articleExcerpt', () => {
  it("shows the API's excerpt as it is", () => {
    expect(articleExcerpt('Intro. Some bold and a link.')).toBe('Intro. Some bold and a link.');
  });

  it('returns null when there is no text to show', () => {
    expect(articleExcerpt('')).toBeNull();
    expect(articleExcerpt('   ')).toBeNull();
    expect(articleExcerpt(undefined)).toBeNull();
  });
});

describe('sortNewestFirst', () => {
  it('orders by createdAt, newest first, without changing the input', () => {
    const old = makeArticle({ createdAt: '2024-01-01T00:00:00.000Z' });
    const newest = makeArticle({ createdAt: '2026-03-01T00:00:00.000Z' });
    const middle = makeArticle({ createdAt: '2025-06-15T12:00:00.000Z' });
    const input = [old, newest, middle];
    expect(sortNewestFirst(input)).toEqual([newest, middle, old]);
    expect(input).toEqual([old, newest, middle]);
  });

  it('puts an article with an unparsable date last', () => {
    const broken = makeArticle({ createdAt: 'yesterday' });
    const dated = makeArticle({ createdAt: '2024-01-01T00:00:00.000Z' });
    expect(sortNewestFirst([broken, dated])).toEqual([dated, broken]);
  });
});

describe('readingMinutes', () => {
  it('counts about 200 words a minute, rounding up, at least one', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(200))).toBe(1);
    expect(readingMinutes('word '.repeat(201))).toBe(2);
    expect(readingMinutes('word '.repeat(1000))).toBe(5);
  });

  it('does not count Markdown syntax or link targets as words', () => {
    expect(readingMinutes(`## Title\n\n${'**word** - '.repeat(199)}`)).toBe(1);
    // 150 words of link text; their URLs would add over 1,000 "words" if they were counted.
    expect(readingMinutes('[a](https://x.test/one/two/three/four/five/six) '.repeat(150))).toBe(1);
  });
});
