// Regular expressions used in JSON schemas, each with the words a validation error uses for it.
// The patterns themselves are part of the API's contract (@portfolio/contract).
import {
  EMAIL_PATTERN,
  HEX_COLOR_PATTERN,
  HTTP_URL_PATTERN,
  ID_PATTERN,
  IMAGE_NAME_PATTERN,
  IMAGE_PATH_PATTERN,
  IMAGE_VARIANT_PATTERN,
  NON_BLANK_PATTERN,
  SLUG_PATTERN,
  YEAR_MONTH_PATTERN,
} from '@portfolio/contract';

/** Visible ASCII, no spaces: a UUID, a ULID, a quoted structured-field string… */
export const IDEMPOTENCY_KEY_PATTERN = '^[!-~]{1,255}$';

export const PATTERN_DESCRIPTIONS: Record<string, string> = {
  [NON_BLANK_PATTERN]: 'must not be empty',
  [ID_PATTERN]: 'must contain only lowercase letters, digits and hyphens',
  [HTTP_URL_PATTERN]: 'must be an http or https URL',
  [IMAGE_NAME_PATTERN]: 'must be an image file name such as diagram.png',
  [IMAGE_PATH_PATTERN]: 'must be an image path such as /images/diagram.png',
  [IMAGE_VARIANT_PATTERN]: 'must be a width and a format such as 640.avif',
  [EMAIL_PATTERN]: 'must be a valid email address',
  // TAG_PATTERN is the same expression: a tag reads as a slug does.
  [SLUG_PATTERN]:
    'must be lowercase letters and digits in words joined by single hyphens, such as zero-trust',
  [HEX_COLOR_PATTERN]: 'must be a colour such as #38d9a9',
  [YEAR_MONTH_PATTERN]: 'must be a year and month such as 2024-03',
  [IDEMPOTENCY_KEY_PATTERN]: 'must be 1 to 255 visible ASCII characters, such as a UUID',
};
