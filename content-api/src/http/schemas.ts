// JSON-schema pieces shared by several route groups.
import { EMAIL_PATTERN, HTTP_URL_PATTERN, ID_PATTERN, NON_BLANK_PATTERN } from './patterns.js';

export { IMAGE_NAME_PATTERN, IMAGE_PATH_PATTERN } from './patterns.js';

export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: ID_PATTERN } },
} as const;

export interface IdParams {
  id: string;
}

/**
 * For reads that take no query parameters: an unknown one is a 400, so nobody can bypass the
 * response cache (or fill it) with `?nonce=…`.
 */
export const noQuerySchema = { type: 'object', additionalProperties: false } as const;

export const messageSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

/** A required, non-blank string of at most `maxLength` characters. */
export function text(maxLength: number) {
  return { type: 'string', minLength: 1, maxLength, pattern: NON_BLANK_PATTERN } as const;
}

/** An absolute http(s) URL. */
export const httpUrl = {
  type: 'string',
  format: 'uri',
  pattern: HTTP_URL_PATTERN,
  maxLength: 2048,
} as const;

/** An e-mail address as <input type=email> accepts it (see EMAIL_PATTERN). */
export const emailAddress = {
  type: 'string',
  minLength: 1,
  maxLength: 254,
  pattern: EMAIL_PATTERN,
} as const;

/** A date to store: RFC 3339, and one Date and the database hold (see validation.ts). */
export const isoDateTime = { type: 'string', format: 'stored-date-time' } as const;

export const paginationQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  },
} as const;

export interface PaginationQuery {
  limit?: number;
  offset?: number;
}
