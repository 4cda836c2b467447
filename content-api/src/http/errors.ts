// Every error leaves the API as JSON `{ "message": "…" }` with the right status; never a stack.
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { StoreFailure } from '../db/store-errors.js';
import { STORE_UNAVAILABLE_MESSAGE, storeFailureOf } from '../db/store-errors.js';
import { PATTERN_DESCRIPTIONS } from './patterns.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers a page for people (the newsletter's links, docs/decisions/206): its own
     * HTML refusals ("this link has expired") leave as they are, not as `{ message }`.
     */
    servesPages?: boolean;
  }
}

/** Throw from a handler to answer with `status` and `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';

/** The subset of an Ajv error object that the messages below rely on. */
export interface SchemaValidationError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const FORMAT_DESCRIPTIONS: Record<string, string> = {
  email: 'must be a valid email address',
  uri: 'must be a valid URL',
  'date-time': 'must be an ISO-8601 date-time',
  'stored-date-time':
    'must be an ISO-8601 date-time from 1970 to 9999 such as 2025-06-10T09:00:00Z',
};

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
  if (path) return path;
  return context === 'querystring' ? 'query' : (context ?? 'body');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One clear sentence for the first schema violation, e.g. "Email must be a valid email address." */
export function describeValidationError(error: SchemaValidationError, context?: string): string {
  const field = fieldName(error.instancePath, context);
  const { params } = error;
  const sentence = (() => {
    switch (error.keyword) {
      case 'required': {
        const missing = String(params.missingProperty);
        return error.instancePath ? `${field}.${missing} is required` : `${missing} is required`;
      }
      case 'additionalProperties': {
        // Echoed only when it looks like a field name, never arbitrary sent text.
        const name = String(params.additionalProperty);
        const shown = /^[\w$.-]{1,64}$/.test(name) ? ` "${name}"` : '';
        if (context === 'querystring' && !error.instancePath)
          return `unknown query parameter${shown}`;
        return `unknown field${shown}${field === 'body' ? '' : ` in ${field}`}`;
      }
      case 'minLength':
        return params.limit === 1
          ? `${field} must not be empty`
          : `${field} must be at least ${String(params.limit)} characters`;
      case 'maxLength':
        return `${field} must be at most ${String(params.limit)} characters`;
      case 'pattern':
        return `${field} ${PATTERN_DESCRIPTIONS[String(params.pattern)] ?? 'has an invalid format'}`;
      case 'format':
        return `${field} ${FORMAT_DESCRIPTIONS[String(params.format)] ?? `must be a valid ${String(params.format)}`}`;
      case 'type':
        return field === 'body'
          ? 'request body must be a JSON object'
          : `${field} must be of type ${String(params.type)}`;
      case 'minimum':
      case 'maximum':
        return `${field} must be ${String(params.comparison)} ${String(params.limit)}`;
      case 'maxItems':
        return `${field} must have at most ${String(params.limit)} items`;
      case 'minItems':
        return `${field} must have at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`;
      case 'const':
        // A publication status is one of two constants (anyOf): Ajv names the first it tried.
        return field === 'status'
          ? `${field} must be "draft" or "published"`
          : `${field} must be "${String(params.allowedValue)}"`;
      case 'enum':
        return `${field} must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
      default:
        return `${field} ${error.message ?? 'is invalid'}`;
    }
  })();
  return `${capitalize(sentence)}.`;
}

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large.',
  FST_REQ_FILE_TOO_LARGE: 'File is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a multipart/form-data request.',
};

/** A refused request is worth retrying after about this long. */
export const STORE_RETRY_AFTER_SECONDS = 30;

export interface ErrorHandlerOptions {
  /** A request failed because the store refused it (read-only, full, down: store-errors.ts). */
  onStoreFailure?: (failure: StoreFailure) => void;
}

export function registerErrorHandlers(
  app: FastifyInstance,
  { onStoreFailure }: ErrorHandlerOptions = {},
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    if (error.validation && error.validation.length > 0) {
      const [first] = error.validation as SchemaValidationError[];
      return reply.code(400).send({
        message: describeValidationError(first as SchemaValidationError, error.validationContext),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = CLIENT_ERROR_MESSAGES[error.code] ?? error.message;
      return reply.code(status).send({ message });
    }
    // The store refused it (a full disk, a read-only database, the database down): not a bug of
    // this request, and the client may try again later (docs/decisions/111). One line, no stack.
    const failure = storeFailureOf(error);
    if (failure) {
      onStoreFailure?.(failure);
      request.log.error(
        { store: failure.kind, detail: failure.detail },
        'the content store refused the request',
      );
      return reply
        .code(503)
        .header('Retry-After', String(STORE_RETRY_AFTER_SECONDS))
        .send({ message: STORE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: INTERNAL_ERROR_MESSAGE });
  });

  // A few refusals are answered by plugins themselves, in plain text (@fastify/cors: "Invalid
  // Preflight Request"): they leave as `{ message }` all the same.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || request.method === 'HEAD') return payload;
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (contentType.startsWith('application/json')) return payload;
    if (contentType.startsWith('text/html') && request.routeOptions.config?.servesPages) {
      return payload;
    }
    const text = typeof payload === 'string' ? payload.trim() : '';
    const message = /^[\w ,:'()-]{1,200}$/.test(text)
      ? `${text}.`
      : `${STATUS_CODES[reply.statusCode] ?? 'Request refused'}.`;
    reply.type('application/json; charset=utf-8');
    return JSON.stringify({ message });
  });

  app.setNotFoundHandler((request, reply) => {
    // The path is echoed only when it is plainly a path: never markup, quotes or control bytes.
    const path = request.url.split('?')[0] ?? '';
    const shown = /^[\w\-./~%]{1,200}$/.test(path) ? ` ${request.method} ${path}` : '';
    return reply.code(404).send({ message: `Route${shown} not found.` });
  });
}
