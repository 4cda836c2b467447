// Input is taken strictly, so that what is stored is exactly what was sent, or nothing:
// - JSON bodies must be UTF-8 (RFC 8259): other bytes are refused rather than silently turned
//   into U+FFFD;
// - `__proto__` and `constructor.prototype` keys are refused rather than parsed;
// - no text, in a body or a query string, may hold a NUL (PostgreSQL text cannot store it) or
//   an unpaired UTF-16 surrogate (it cannot be encoded, and would be stored as U+FFFD).
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

export const STRICT_INPUT_MESSAGES = {
  notUtf8: 'Request body is not valid UTF-8.',
  charset: 'Unsupported content type: JSON must be sent as UTF-8.',
  badText: 'Text must not contain NUL characters or unpaired surrogates.',
} as const;

// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when any string in `value` (keys included) holds a NUL or an unpaired surrogate. */
export function containsBadText(value: unknown): boolean {
  // Iterative: a body may be nested as deep as its size allows.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (BAD_TEXT.test(item)) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (BAD_TEXT.test(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/** `application/json` with no charset, or charset utf-8 (any case, quoted or not). */
function charsetIsUtf8(contentType: string | undefined): boolean {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '')?.[1];
  return charset === undefined || /^utf-?8$/i.test(charset);
}

/** Parses `contentTypes` as strict JSON (UTF-8, no bad text), in `app`'s scope. */
export function addStrictJsonParser(app: FastifyInstance, contentTypes: string[]): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(contentTypes, { parseAs: 'buffer' }, (request, body, done) => {
    if (!charsetIsUtf8(request.headers['content-type'])) {
      done(new HttpError(415, STRICT_INPUT_MESSAGES.charset), undefined);
      return;
    }
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(new HttpError(400, STRICT_INPUT_MESSAGES.notUtf8), undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), (error, parsed) => {
      if (!error && containsBadText(parsed)) {
        done(new HttpError(400, STRICT_INPUT_MESSAGES.badText), undefined);
        return;
      }
      done(error, parsed);
    });
  });
}

export function registerStrictInput(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  addStrictJsonParser(app, ['application/json']);

  // A callback hook, not an async one: it runs on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    done(
      containsBadText(request.query)
        ? new HttpError(400, STRICT_INPUT_MESSAGES.badText)
        : undefined,
    );
  });
}
