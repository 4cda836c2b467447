import { SIGN_IN_PATH, returningTo, safeReturnPath } from './return-to';

describe('safeReturnPath', () => {
  it('keeps a path of the site, with its query and fragment', () => {
    expect(safeReturnPath('/article/tls?order=oldest#comments')).toBe(
      '/article/tls?order=oldest#comments',
    );
  });

  it.each([
    null,
    '',
    'article/x',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/a b',
    '/a\u0000b',
    `/${'x'.repeat(600)}`,
  ])('refuses %p', (value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });
});

describe('returningTo', () => {
  it('links to the form with the path to come back to', () => {
    expect(returningTo(SIGN_IN_PATH, '/article/tls#comments')).toBe(
      '/signin?next=%2Farticle%2Ftls%23comments',
    );
    expect(returningTo(SIGN_IN_PATH, '//evil.example')).toBe('/signin');
  });
});
