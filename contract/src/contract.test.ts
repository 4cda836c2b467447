// check() is the front end's reading of the contract (docs/decisions/052): it must agree with
// TypeBox's own Value.Check on every answer schema, for valid answers, answers with one thing
// wrong, and any JSON at all.
import { Array as ArrayOf, Object as ObjectOf } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import {
  AboutDataSchema,
  IMAGE_PATH_PATTERN,
  SETTINGS_IMAGE_FIELDS,
  SiteSettingsInputSchema,
  ApiUserProfileSchema,
  ArticleDetailSchema,
  ArticleInputSchema,
  ArticleListSchema,
  ArticleSchema,
  CommentPageSchema,
  CommentPostedSchema,
  ImageUploadSchema,
  MessageSchema,
  ModeratedCommentListSchema,
  OwnCommentListSchema,
  ProjectListSchema,
  ProjectSchema,
  ReadFlagInputSchema,
  SearchResultListSchema,
  StoredContactMessageListSchema,
  StoredContactMessageSchema,
  check,
  text,
} from './index.js';
import type { TSchema } from './index.js';

const ANSWERS: Record<string, TSchema> = {
  AboutDataSchema,
  CommentPageSchema,
  CommentPostedSchema,
  ModeratedCommentListSchema,
  OwnCommentListSchema,
  ApiUserProfileSchema,
  ArticleDetailSchema,
  ArticleListSchema,
  ArticleSchema,
  ImageUploadSchema,
  MessageSchema,
  ProjectListSchema,
  ProjectSchema,
  SearchResultListSchema,
  StoredContactMessageListSchema,
  StoredContactMessageSchema,
};

interface Json {
  type?: string;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
}

/** Values `schema` accepts (the answer schemas' keywords only). */
function valid(schema: Json): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valid));
  if ('const' in schema) return fc.constant(schema.const);
  switch (schema.type) {
    case 'string':
      return fc.string();
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'integer':
      return fc.integer({
        ...(schema.minimum !== undefined && { min: schema.minimum }),
        ...(schema.maximum !== undefined && { max: schema.maximum }),
      });
    case 'array':
      return fc.array(valid(schema.items ?? {}), { maxLength: Math.min(3, schema.maxItems ?? 3) });
    case 'object': {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {});
      return fc.record(
        Object.fromEntries(entries.map(([key, property]) => [key, valid(property)])),
        { requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)) },
      );
    }
    default:
      return fc.jsonValue();
  }
}

/** A valid value with one thing changed: a field removed, replaced, or added. */
function mutated(value: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(value)) {
    if (value.length === 0) return fc.jsonValue().map((item) => [item]);
    return fc
      .nat({ max: value.length - 1 })
      .chain((index) =>
        mutated(value[index]).map((item) => value.map((each, at) => (at === index ? item : each))),
      );
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 0) return fc.jsonValue();
    return fc.constantFrom(...keys).chain((key) =>
      fc.oneof(
        fc.constant(Object.fromEntries(Object.entries(record).filter(([each]) => each !== key))),
        fc.jsonValue().map((replacement) => ({ ...record, [key]: replacement })),
        mutated(record[key]).map((replacement) => ({ ...record, [key]: replacement })),
        fc
          .tuple(fc.string(), fc.jsonValue())
          .map(([extra, junk]) => ({ ...record, [extra]: junk })),
      ),
    );
  }
  return fc.jsonValue();
}

describe('check()', () => {
  it.each(Object.entries(ANSWERS))('agrees with Value.Check on %s', (_, schema) => {
    const values = fc.oneof(
      valid(schema as Json),
      valid(schema as Json).chain(mutated),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(values, (value) => {
        expect(check(schema, value)).toBe(Value.Check(schema, value));
      }),
      { numRuns: 300 },
    );
  });

  it('accepts every valid answer', () => {
    for (const schema of Object.values(ANSWERS)) {
      fc.assert(fc.property(valid(schema as Json), (value) => check(schema, value)));
    }
  });

  // Lengths are counted in code points, as JSON Schema and the API's Ajv count them (TypeBox's
  // Value.Check counts UTF-16 units): compared with Ajv.
  it("checks the request keywords it knows as the API's Ajv does", () => {
    const ajv = new Ajv();
    const schema = ObjectOf(
      { title: text(5), tags: ArrayOf(text(3), { maxItems: 2 }), read: ReadFlagInputSchema },
      { additionalProperties: false },
    );
    const base = { title: 'Title', tags: ['a'], read: { read: true } };
    for (const value of [
      base,
      { ...base, title: ' ' },
      { ...base, title: '' },
      { ...base, title: 'x'.repeat(6) },
      { ...base, title: '😀😀😀😀😀' },
      { ...base, tags: ['a', 'b', 'c'] },
      { ...base, tags: ['abcd'] },
      { ...base, read: { read: true, extra: 1 } },
      { ...base, extra: 1 },
    ]) {
      expect(check(schema, value)).toBe(ajv.validate(schema, value));
    }
  });

  it('refuses to judge a keyword it does not know, instead of passing the value', () => {
    // ArticleInputSchema's createdAt has a `format`, which only the API's Ajv knows.
    expect(() =>
      check(ArticleInputSchema, { title: 'T', content: 'C', createdAt: '2025-06-10T09:00:00Z' }),
    ).toThrow(/format/);
  });
});

describe('SETTINGS_IMAGE_FIELDS', () => {
  /** `$.a.b[*].c` of every field of `schema` that holds a stored image's path. */
  function imageFields(schema: TSchema, at = '$'): string[] {
    if (schema.type === 'object') {
      return Object.entries(schema.properties as Record<string, TSchema>).flatMap(([key, part]) =>
        imageFields(part, `${at}.${key}`),
      );
    }
    if (schema.type === 'array') return imageFields(schema.items as TSchema, `${at}[*]`);
    return schema.pattern === IMAGE_PATH_PATTERN ? [at] : [];
  }

  it("are the settings' image fields, every one and no other", () => {
    expect(imageFields(SiteSettingsInputSchema)).toEqual([...SETTINGS_IMAGE_FIELDS]);
  });
});
