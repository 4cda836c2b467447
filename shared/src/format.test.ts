import {
  ARTICLE_EXCERPT_LENGTH,
  PROJECT_SNIPPET_LENGTH,
  formatPostDate,
  hostnameOf,
  truncateText,
} from '@portfolio/shared/format';

describe('formatPostDate', () => {
  it('formats as a US short date', () => {
    expect(formatPostDate('2026-11-21T10:00:00.000Z')).toBe('Nov 21, 2026');
  });

  it('does not shift the day for a UTC midnight date', () => {
    expect(formatPostDate('2026-01-01T00:00:00.000Z')).toBe('Jan 1, 2026');
  });

  it('returns an empty string for an unparsable value', () => {
    expect(formatPostDate('not a date')).toBe('');
  });
});

describe('truncateText', () => {
  it('keeps text at or under the limit as it is', () => {
    const text = 'x'.repeat(PROJECT_SNIPPET_LENGTH);
    expect(truncateText(text, PROJECT_SNIPPET_LENGTH)).toBe(text);
  });

  it('cuts at the limit and adds an ellipsis', () => {
    const text = 'a'.repeat(PROJECT_SNIPPET_LENGTH + 20);
    expect(truncateText(text, PROJECT_SNIPPET_LENGTH)).toBe(
      `${'a'.repeat(PROJECT_SNIPPET_LENGTH)}...`,
    );
  });

  it('backs up to a word boundary when asked', () => {
    const words = 'alpha beta gamma delta epsilon '.repeat(10);
    const result = truncateText(words, ARTICLE_EXCERPT_LENGTH, { wordBoundary: true });
    const body = result.slice(0, -3);
    expect(result.endsWith('...')).toBe(true);
    expect(body.length).toBeLessThanOrEqual(ARTICLE_EXCERPT_LENGTH);
    expect(words.startsWith(`${body} `)).toBe(true);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncateText('🔒🔒🔒', 2)).toBe('🔒🔒...');
  });
});

describe('hostnameOf', () => {
  it('returns the host of an http(s) URL', () => {
    expect(hostnameOf('https://github.com/owner/repo')).toBe('github.com');
  });

  it('refuses other schemes and junk', () => {
    expect(hostnameOf('javascript:alert(1)')).toBeNull();
    expect(hostnameOf('not a url')).toBeNull();
  });
});
