// Coming back after signing in (docs/decisions/200): a page that asks a visitor to sign in or
// sign up (an article's comments) links to the form with the page's path in `?next=`; the form,
// once the visitor is signed in, goes there instead of the welcome page. Only a path of this
// site is followed: never another origin (`//host`, `/\host`, a scheme), so the parameter cannot
// send anyone away.

export const SIGN_IN_PATH = '/signin';
export const SIGN_UP_PATH = '/signup';
/** The query parameter that carries the path to return to. */
export const RETURN_PARAM = 'next';

const MAX_RETURN_LENGTH = 512;

/** `value` when it is a path of this site (with its query and fragment), else undefined. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > MAX_RETURN_LENGTH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return undefined;
  // Control characters and anything a URL parser would read as another origin are refused.
  // eslint-disable-next-line no-control-regex -- refusing them is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  try {
    const base = 'https://site.invalid';
    if (new URL(value, base).origin !== base) return undefined;
  } catch {
    return undefined;
  }
  return value;
}

/** The address of a sign-in or sign-up form that comes back to `path` once signed in. */
export function returningTo(formPath: string, path: string): string {
  const safe = safeReturnPath(path);
  return safe ? `${formPath}?${RETURN_PARAM}=${encodeURIComponent(safe)}` : formPath;
}
