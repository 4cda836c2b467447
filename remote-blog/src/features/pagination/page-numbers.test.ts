import { listPosition, offsetOf, pageNumberOf, visiblePages } from './page-numbers';

describe('pageNumberOf', () => {
  it('reads a whole number from 1; none given is the first page', () => {
    expect(pageNumberOf(null, 10)).toBe(1);
    expect(pageNumberOf(undefined, 10)).toBe(1);
    expect(pageNumberOf('1', 10)).toBe(1);
    expect(pageNumberOf('42', 10)).toBe(42);
  });

  it.each(['', '0', '-1', '+2', '02', '1.5', '1e3', 'two', ' 2', '100002'])(
    'names no page with %j',
    (raw) => {
      expect(pageNumberOf(raw, 10)).toBeUndefined();
    },
  );

  it('goes as far as the API pages (offset 1,000,000)', () => {
    expect(pageNumberOf('100001', 10)).toBe(100_001);
    expect(offsetOf(100_001, 10)).toBe(1_000_000);
  });
});

describe('visiblePages', () => {
  it('shows the first, the last and the neighbours, with gaps between', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(1, 2)).toEqual([1, 2]);
    expect(visiblePages(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(visiblePages(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    // A gap of one page shows that page instead.
    expect(visiblePages(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(visiblePages(10, 10)).toEqual([1, 'gap', 9, 10]);
  });
});

describe('listPosition', () => {
  it('numbers the pages from the total', () => {
    expect(listPosition(1, 10, 10, 12)).toEqual({ page: 1, pageCount: 2, hasNext: true });
    expect(listPosition(2, 10, 2, 12)).toEqual({ page: 2, pageCount: 2, hasNext: false });
    expect(listPosition(1, 10, 0, 0)).toEqual({ page: 1, pageCount: 1, hasNext: false });
  });

  it('has no page past the last one; the first page of an empty list exists', () => {
    expect(listPosition(3, 10, 0, 12)).toBeUndefined();
    expect(listPosition(2, 10, 0, null)).toBeUndefined();
  });

  it('without a total, takes a full page to have a next one', () => {
    expect(listPosition(2, 10, 10, null)).toEqual({ page: 2, pageCount: null, hasNext: true });
    expect(listPosition(2, 10, 3, null)).toEqual({ page: 2, pageCount: null, hasNext: false });
  });
});
