/** What every record id looks like (the API's contract): URL-safe, lowercase. */
export { ID_PATTERN } from '@portfolio/contract';

const MAX_SLUG_LENGTH = 80;

/** "Zero Trust: What It Is (and Isn't)" → "zero-trust-what-it-is-and-isn-t". */
export function slugify(title: string, fallback = 'item'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length === 0) return fallback;
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = slug.slice(0, MAX_SLUG_LENGTH);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > MAX_SLUG_LENGTH / 2 ? cut.slice(0, lastDash) : cut).replace(/-+$/, '');
}

/** The first of `base`, `base-2`, `base-3`, … that is not in `taken`. */
export function firstFreeId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
