import fc from 'fast-check';
import { ID_PATTERN, firstFreeId, slugify } from './slug.js';

describe('slugify', () => {
  it.each([
    ['Threat Modeling Without the Ceremony', 'threat-modeling-without-the-ceremony'],
    ["Zero Trust: What It Is (and Isn't)", 'zero-trust-what-it-is-and-isn-t'],
    ['Écrire: Sécurité & Toi!', 'ecrire-securite-toi'],
    ['  --Hello__World--  ', 'hello-world'],
    ['TLS 1.3', 'tls-1-3'],
    ['日本語', 'item'],
    ['', 'item'],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('uses the fallback for titles without letters or digits', () => {
    expect(slugify('!!!', 'article')).toBe('article');
  });

  it('cuts long titles at a word boundary', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('word')).toBe(true);
  });

  it('always yields an id that matches the id pattern', () => {
    const pattern = new RegExp(ID_PATTERN);
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (title) => {
        const slug = slugify(title);
        expect(slug).toMatch(pattern);
        expect(slug).not.toMatch(/^-|-$|--/);
      }),
    );
  });
});

describe('firstFreeId', () => {
  it('adds -2, -3 … when the base is taken', () => {
    expect(firstFreeId('tls', new Set())).toBe('tls');
    expect(firstFreeId('tls', new Set(['tls']))).toBe('tls-2');
    expect(firstFreeId('tls', new Set(['tls', 'tls-2', 'tls-3']))).toBe('tls-4');
    expect(firstFreeId('tls', new Set(['tls', 'tls-3']))).toBe('tls-2');
  });
});
