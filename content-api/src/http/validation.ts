// Request validation with Ajv, as Fastify does it, except that JSON bodies are checked as sent:
// `"title": 42` is a wrong type, not the title "42", and `"skills": "Go"` is not `["Go"]`.
// Query strings, path parameters and headers are text by nature, so those are still coerced
// (`?limit=5` → 5).
import { Ajv } from 'ajv';
import type { Options, ValidateFunction } from 'ajv';
import * as ajvFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// Fastify's own defaults (@fastify/ajv-compiler), without removing unknown fields.
const COMMON_OPTIONS: Options = {
  useDefaults: true,
  removeAdditional: false,
  addUsedSchema: false,
  // Never `true`: collecting every error of a hostile body is a denial-of-service vector.
  allErrors: false,
};

// ajv-formats is CommonJS with `module.exports = plugin` and a `default` alias.
const addFormats = (ajvFormats as unknown as { default: (ajv: Ajv) => Ajv }).default;

/** The range of `stored-date-time`, in ms since the epoch. */
export const STORED_DATE_RANGE = { min: Date.UTC(1970, 0, 1), max: Date.UTC(10_000, 0, 1) - 1 };

/**
 * RFC 3339 allows dates that Date cannot represent (a leap second: Invalid Date, which threw a
 * 500), years the database refuses (0000) and years the driver reads back
 * wrong (0001 came back as 2001; before 1970 a server time zone's odd historical offsets may
 * not parse). A stored date must be a date-time Date parses, from 1970 to 9999.
 */
function storableDate(value: string): boolean {
  const time = Date.parse(value);
  return Number.isFinite(time) && time >= STORED_DATE_RANGE.min && time <= STORED_DATE_RANGE.max;
}

function createAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...COMMON_OPTIONS, coerceTypes });
  addFormats(ajv);
  const dateTime = ajv.formats['date-time'] as { validate: (value: string) => boolean };
  ajv.addFormat('stored-date-time', {
    type: 'string',
    validate: (value: string) => dateTime.validate(value) && storableDate(value),
  });
  return ajv;
}

type Validate = ValidateFunction & { errors?: ValidateFunction['errors'] };

/**
 * Ajv coerces "1e309" to Infinity and then skips `minimum`/`maximum`, which it checks on finite
 * numbers only (ajv 8.20): a coerced value must also be finite.
 */
function finiteOnly(validate: ValidateFunction): Validate {
  const checked = ((data: unknown) => {
    if (!validate(data)) {
      checked.errors = validate.errors;
      return false;
    }
    const infinite = Object.entries(data ?? {}).find(
      ([, value]) => typeof value === 'number' && !Number.isFinite(value),
    );
    if (infinite) {
      checked.errors = [
        {
          keyword: 'type',
          instancePath: `/${infinite[0]}`,
          schemaPath: '#/type',
          params: { type: 'integer' },
          message: 'must be a finite number',
        },
      ];
      return false;
    }
    checked.errors = null;
    return true;
  }) as Validate;
  return checked;
}

/** Checks a value as the API checks a JSON body (strict, no coercion): the same rules off HTTP. */
export function bodyValidator(schema: object): ValidateFunction {
  return (strictAjv ??= createAjv(false)).compile(schema);
}
let strictAjv: Ajv | undefined;

export function registerValidation(app: FastifyInstance): void {
  const strict = createAjv(false);
  const coercing = createAjv('array');
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? strict.compile(schema) : finiteOnly(coercing.compile(schema)),
  );
}
