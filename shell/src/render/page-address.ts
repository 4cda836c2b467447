// Where a request belongs (docs/decisions/090): the one address of the page it asks for. A path
// can be spelled many ways (`/BLOG`, `/%62log`, `/blog/`) and a query can carry anything
// (`?x=<random>`); the site's server keys its render cache on the page's address only, so no
// spelling can skip the cache or fill it, and answers other spellings of a path with a redirect,
// so a page's canonical URL is never an unnormalised one.
import { matchRoutes } from '@portfolio/shared/router-server';
import type { RemoteRouteEntry } from '../routes';
import type { PageAddress } from './render-types';

/** RFC 3986's unreserved characters: a percent-escape of one of them means the character. */
const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/**
 * The path with escapes of unreserved characters decoded and the others in upper case, empty
 * segments dropped (`//blog` is `/blog`) and no trailing slash; null when it is not a path.
 */
export function normalizePath(pathname: string): string | null {
  if (!pathname.startsWith('/')) return null;
  const decoded = pathname.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : escape.toUpperCase();
  });
  const segments = decoded.split('/').filter((segment) => segment !== '');
  return `/${segments.join('/')}`;
}

/** The query a page reads, in the order it declares: the other parameters are not its. */
function pageQuery(search: URLSearchParams, names: readonly string[] | undefined): string {
  if (!names?.length) return '';
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = search.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}

export function pageAddress(url: URL, entries: readonly RemoteRouteEntry[]): PageAddress {
  const path = normalizePath(url.pathname);
  if (path === null) return { kind: 'unknown' };
  const matches = matchRoutes(
    entries.map((entry) => ({ path: entry.path, entry })),
    path,
  );
  const match = matches?.[matches.length - 1];
  if (!match) return { kind: 'unknown' };
  const { entry } = match.route;
  // The route's own spelling of its fixed segments, the request's of its parameters.
  const given = path.split('/');
  const canonicalPath = entry.path
    .split('/')
    .map((segment, index) => {
      if (segment === '*') return given.slice(index).join('/');
      return segment.startsWith(':') ? (given[index] ?? '') : segment;
    })
    .join('/');
  const query = pageQuery(url.searchParams, entry.query);
  if (canonicalPath !== url.pathname)
    return { kind: 'redirect', location: `${canonicalPath}${query}` };
  return { kind: 'page', canonical: `${canonicalPath}${query}` };
}
