// Which page of a list an address asks for, and which page numbers its navigation shows. A page
// number is a whole number from 1, written without a sign or leading zeros; anything else is no
// page of the list (a 404, docs/decisions/091).

/** The API pages no further than this offset (contract: PaginationQuerySchema). */
const MAX_OFFSET = 1_000_000;

/**
 * The page `raw` names (null: none given, the first page), or undefined when it names no page:
 * 0, negative, not a whole number, or further than the API pages.
 */
export function pageNumberOf(raw: string | null | undefined, perPage: number): number | undefined {
  if (raw === null || raw === undefined) return 1;
  if (!/^[1-9]\d{0,8}$/.test(raw)) return undefined;
  const page = Number(raw);
  return (page - 1) * perPage <= MAX_OFFSET ? page : undefined;
}

/**
 * The page number as an address gives it in `?page=` (the list variant's and the search's; null:
 * none, the first page).
 */
export function pageParamOf(url: URL | URLSearchParams): string | null {
  const params = url instanceof URL ? url.searchParams : url;
  return params.get('page');
}

/** Where one page of a list starts. */
export function offsetOf(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/** The numbered pages the navigation shows: the first, the last and the current one's neighbours. */
export function visiblePages(page: number, pageCount: number): (number | 'gap')[] {
  const shown = [1, page - 1, page, page + 1, pageCount]
    .filter((n) => n >= 1 && n <= pageCount)
    .filter((n, index, all) => all.indexOf(n) === index)
    .sort((a, b) => a - b);
  const pages: (number | 'gap')[] = [];
  for (const n of shown) {
    const last = pages[pages.length - 1];
    if (typeof last === 'number' && n - last === 2) pages.push(last + 1);
    else if (typeof last === 'number' && n - last > 2) pages.push('gap');
    pages.push(n);
  }
  return pages;
}

/** One page of a list as a page's state carries it. */
export interface ListPosition {
  /** 1 for the first page. */
  page: number;
  /** How many pages there are; null when the API did not say. */
  pageCount: number | null;
  /** Whether a page comes after this one. */
  hasNext: boolean;
}

/**
 * Where a page stands in its list, from the API's total (null: unknown, then a full page is
 * taken to have a next one); undefined when the page is past the end of the list (a 404). The
 * first page always exists, even of an empty list.
 */
export function listPosition(
  page: number,
  perPage: number,
  shown: number,
  total: number | null,
): ListPosition | undefined {
  if (page > 1 && shown === 0) return undefined;
  if (total === null) return { page, pageCount: null, hasNext: shown >= perPage };
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  if (page > pageCount) return undefined;
  return { page, pageCount, hasNext: page < pageCount };
}
