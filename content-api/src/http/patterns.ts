// Regular expressions used in JSON schemas, each with the words a validation error uses for it.
import { ID_PATTERN } from '../lib/slug.js';

export { ID_PATTERN };

/** A string with at least one non-whitespace character. */
export const NON_BLANK_PATTERN = '\\S';
export const HTTP_URL_PATTERN = '^https?://';
export const IMAGE_NAME_PATTERN = '^[a-z0-9][a-z0-9-]{0,119}\\.(png|jpg|gif|webp|svg)$';
export const IMAGE_PATH_PATTERN = `^/images/${IMAGE_NAME_PATTERN.slice(1)}`;
/**
 * A "valid e-mail address" as the HTML standard defines it for <input type=email>, so the API
 * accepts exactly what the contact form's field does. It allows `?`, `&`, `=` and `%` in the
 * local part: whoever puts an address in a URL (a mailto: link) must encode it.
 */
export const EMAIL_PATTERN =
  "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$";
/** Visible ASCII, no spaces: a UUID, a ULID, a quoted structured-field string… */
export const IDEMPOTENCY_KEY_PATTERN = '^[!-~]{1,255}$';

export const PATTERN_DESCRIPTIONS: Record<string, string> = {
  [NON_BLANK_PATTERN]: 'must not be empty',
  [ID_PATTERN]: 'must contain only lowercase letters, digits and hyphens',
  [HTTP_URL_PATTERN]: 'must be an http or https URL',
  [IMAGE_NAME_PATTERN]: 'must be an image file name such as diagram.png',
  [IMAGE_PATH_PATTERN]: 'must be an image path such as /images/diagram.png',
  [EMAIL_PATTERN]: 'must be a valid email address',
  [IDEMPOTENCY_KEY_PATTERN]: 'must be 1 to 255 visible ASCII characters, such as a UUID',
};
