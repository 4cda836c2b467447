// Checks a value against a schema of the contract without compiling code: the site's Content
// Security Policy forbids eval (docs/decisions/008), which TypeBox's and Ajv's compilers need,
// and TypeBox's own Value.Check would add its whole value system to every page that loads data
// (docs/decisions/052). It understands the keywords the contract's schemas use and throws on any
// other, so it never passes a value for a keyword it does not know; contract.test.ts checks that
// it agrees with TypeBox's Value.Check on every answer schema.
import type { Static, TSchema } from '@sinclair/typebox';

/** The JSON Schema keywords check() knows. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  maxItems?: number;
  anyOf?: Schema[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
}

const KNOWN = new Set<string>([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'maxItems',
  'anyOf',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  // Annotations, no constraint.
  'title',
  'description',
]);

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  if (type === 'integer') return actual === 'number' && Number.isInteger(value);
  return actual === type;
}

/** Code points, as JSON Schema counts a string's length. */
function length(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * Where `value` first departs from `schema`: '' for the value itself, "a.b" or "a[2]" for a part
 * of it; null when it matches. The path is built only on the way out of a failure.
 */
function problem(schema: Schema, value: unknown): string | null {
  for (const key of Object.keys(schema)) {
    if (!KNOWN.has(key)) throw new Error(`check(): the schema keyword "${key}" is not supported`);
  }
  const { type } = schema;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    if (!types.some((each) => hasType(value, each))) return '';
  }
  if (hasOwn(schema, 'const') && value !== schema.const) return '';
  if (schema.anyOf && !schema.anyOf.some((each) => problem(each, value) === null)) return '';
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && length(value) < schema.minLength) return '';
    if (schema.maxLength !== undefined && length(value) > schema.maxLength) return '';
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return '';
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return '';
    if (schema.maximum !== undefined && value > schema.maximum) return '';
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return '';
    const { items } = schema;
    if (items) {
      for (let index = 0; index < value.length; index += 1) {
        const inner = problem(items, value[index]);
        if (inner !== null)
          return `[${index}]${inner && !inner.startsWith('[') ? `.${inner}` : inner}`;
      }
    }
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const missing = schema.required?.find((key) => !hasOwn(record, key));
    if (missing !== undefined) return missing;
    const properties = schema.properties ?? {};
    for (const [key, item] of Object.entries(record)) {
      const property = hasOwn(properties, key) ? properties[key] : undefined;
      let inner: string | null = null;
      if (property) inner = problem(property, item);
      else if (schema.additionalProperties === false) inner = '';
      else if (typeof schema.additionalProperties === 'object') {
        inner = problem(schema.additionalProperties, item);
      }
      if (inner !== null)
        return inner === '' ? key : `${key}${inner.startsWith('[') ? '' : '.'}${inner}`;
    }
  }
  return null;
}

/** Where a value first departs from `schema` ("remotes.blog", "" for the whole value), or null. */
export function invalidAt(schema: TSchema, value: unknown): string | null {
  return problem(schema as Schema, value);
}

/** Whether `value` (parsed JSON) is what `schema` describes. */
export function check<S extends TSchema>(schema: S, value: unknown): value is Static<S> {
  return problem(schema as Schema, value) === null;
}
