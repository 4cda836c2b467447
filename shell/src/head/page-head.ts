// The head of the page a route shows, from the declaration of the page module that owns it
// (its `head` export, docs/decisions/060). The shell's server writes it into the HTML; in the
// browser the shell applies it again on every navigation (useRouteHead).
import type { HeadArgs, HeadSpec } from '@portfolio/shared/head';
import { NOT_FOUND_TITLE } from '../texts';

/** A page module's `head` export, as the shell calls it (the data's type is the page's own). */
export type HeadDeclaration = (args: HeadArgs<unknown>) => HeadSpec;

/** The shell's own 404 page: never indexed. */
export const NOT_FOUND_HEAD: HeadSpec = { title: `${NOT_FOUND_TITLE} · 404`, noindex: true };

const isHeadSpec = (value: unknown): value is HeadSpec =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { title?: unknown }).title === 'string' &&
  (value as { title: string }).title.trim() !== '';

/**
 * The page's head, or the site's own (its name, description and default card) when the page
 * declares none, its module could not be loaded, or its declaration fails: a remote's bug must
 * not cost the page its HTML.
 */
export function pageHead(
  declaration: HeadDeclaration | undefined,
  args: HeadArgs<unknown>,
  onError?: (error: unknown) => void,
): HeadSpec {
  const fallback: HeadSpec = { title: args.site.siteName };
  if (typeof declaration !== 'function') return fallback;
  try {
    const spec = declaration(args);
    return isHeadSpec(spec) ? spec : fallback;
  } catch (error) {
    onError?.(error);
    return fallback;
  }
}
