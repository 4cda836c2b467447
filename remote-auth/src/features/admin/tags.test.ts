import { MAX_TAGS, SLUG_MAX_LENGTH, TAG_MAX_LENGTH } from '@portfolio/contract';
import type { Project } from '@portfolio/shared/types';
import { pageCount, pageInMemory } from './list-page';
import { normaliseWord, parseSlug, parseTags } from './tags';

describe('slugs and tags as the owner types them', () => {
  it('normalises to lowercase words joined by single hyphens', () => {
    expect(normaliseWord('  Home Lab_Setup ')).toBe('home-lab-setup');
    expect(normaliseWord('Café  --  Crème')).toBe('cafe-creme');
    expect(normaliseWord('-TLS-')).toBe('tls');
  });

  it('reads a comma-separated list of tags once each, in order, naming the invalid ones', () => {
    expect(parseTags('TLS, Web Security,, tls , c++')).toEqual({
      tags: ['tls', 'web-security', 'c++'],
      invalid: ['c++'],
      tooMany: false,
    });
    expect(parseTags(' , ')).toEqual({ tags: [], invalid: [], tooMany: false });
    expect(parseTags('a'.repeat(TAG_MAX_LENGTH + 1)).invalid).toHaveLength(1);
    const eleven = Array.from({ length: MAX_TAGS + 1 }, (_, index) => `t${index}`).join(',');
    expect(parseTags(eleven).tooMany).toBe(true);
  });

  it('takes an empty slug as none and checks the contract’s pattern and length', () => {
    expect(parseSlug('   ')).toEqual({ slug: null, valid: true });
    expect(parseSlug('My First Post')).toEqual({ slug: 'my-first-post', valid: true });
    expect(parseSlug('what?')).toEqual({ slug: 'what?', valid: false });
    expect(parseSlug('a'.repeat(SLUG_MAX_LENGTH + 1)).valid).toBe(false);
  });
});

describe('a short list paged in the browser', () => {
  const NOW = Date.parse('2026-01-01T00:00:00.000Z');
  const item = (title: string, status: Project['status'], publishedAt: string | null): Project => ({
    _id: title.toLowerCase().replace(/ /g, '-'),
    title,
    description: '',
    imagePath: '/images/x.svg',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    status,
    publishedAt,
  });
  const ITEMS = [
    item('Home Lab', 'published', '2025-01-01T00:00:00.000Z'),
    item('Lab Notes', 'draft', null),
    item('Later Lab', 'published', '2099-01-01T00:00:00.000Z'),
    item('Scanner', 'published', null),
  ];
  const request = { offset: 0, limit: 2, query: '', state: null, tag: null };

  it('matches every word of the search in the title, and the state', () => {
    expect(pageInMemory(ITEMS, { ...request, query: ' LAB ' }, NOW)).toEqual({
      items: [ITEMS[0], ITEMS[1]],
      total: 3,
    });
    expect(pageInMemory(ITEMS, { ...request, query: 'lab home' }, NOW).items).toEqual([ITEMS[0]]);
    expect(pageInMemory(ITEMS, { ...request, state: 'scheduled' }, NOW).items).toEqual([ITEMS[2]]);
    expect(pageInMemory(ITEMS, { ...request, offset: 2 }, NOW)).toEqual({
      items: [ITEMS[2], ITEMS[3]],
      total: 4,
    });
  });

  it('counts pages, one at least, none known without a total', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(41, 20)).toBe(3);
    expect(pageCount(null, 20)).toBeNull();
  });
});
