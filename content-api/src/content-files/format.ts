// One project or article as a Markdown file with a YAML front matter (docs/decisions/121): the
// format of `npm run content:export` / `content:import` and of the seed. Writing is
// deterministic (fixed key order, no line folding), so exporting twice gives the same bytes;
// reading checks every field against the API's contract and says which line is wrong.
import {
  ArticleInputSchema,
  ID_PATTERN,
  SLUG_PATTERN,
  IMAGE_NAME_PATTERN,
  ProjectInputSchema,
} from '@portfolio/contract';
import type { ArticleInput, ProjectInput } from '@portfolio/contract';
import { Document, LineCounter, isMap, isScalar, parseDocument } from 'yaml';
import { describeValidationError } from '../http/errors.js';
import type { SchemaValidationError } from '../http/errors.js';
import { bodyValidator } from '../http/validation.js';

export type ContentKind = 'articles' | 'projects';

/** A file that cannot be read as content: where, and why. */
export class ContentFileError extends Error {
  override name = 'ContentFileError';
  constructor(
    /** Relative to the content folder, e.g. `articles/tls-in-practice.md`. */
    readonly file: string,
    /** 1-based. */
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
  }
}

/** What a file holds: the API's input for the item, and what only files carry. */
export interface ContentFile<Input> {
  file: string;
  id: string;
  input: Input;
  /** When given, the item's last change (else the import's time when it changes anything). */
  updatedAt?: string;
  /** An article's former slugs, which lead to it (docs/decisions/132). */
  formerSlugs?: string[];
}

export type ArticleFile = ContentFile<ArticleInput>;
export type ProjectFile = ContentFile<ProjectInput>;

/** An item as the files show it (an export). */
export interface ContentItem {
  id: string;
  title: string;
  status: 'draft' | 'published';
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The image's file name in images/ (the item's imagePath without /images/). */
  image?: string;
  skills?: string[];
  link?: string;
  /** An article's address, tags, card text and meta description (docs/decisions/132). */
  slug?: string;
  tags?: string[];
  excerpt?: string;
  description?: string;
  /** The slugs an article had before, which still lead to it. */
  formerSlugs?: string[];
  /** An article's Markdown, a project's description. */
  body: string;
}

const IMAGE_PREFIX = '/images/';
/** Front matter keys, in the order they are written. */
const KEYS: Record<ContentKind, readonly string[]> = {
  articles: [
    'id',
    'slug',
    'title',
    'status',
    'publishedAt',
    'createdAt',
    'updatedAt',
    'image',
    'tags',
    'excerpt',
    'description',
    'formerSlugs',
  ],
  projects: [
    'id',
    'title',
    'status',
    'publishedAt',
    'createdAt',
    'updatedAt',
    'image',
    'skills',
    'link',
  ],
};
/** Front matter keys whose API field has another name (the files use the common names). */
const INPUT_FIELD: Record<string, string> = {
  excerpt: 'customExcerpt',
  description: 'metaDescription',
};
const FILE_KEY: Record<string, string> = Object.fromEntries(
  Object.entries(INPUT_FIELD).map(([key, field]) => [field, key]),
);
const BODY_FIELD: Record<ContentKind, 'content' | 'description'> = {
  articles: 'content',
  projects: 'description',
};

/** The file of an item: front matter, then the body (a project's description ends a line). */
export function writeContentFile(kind: ContentKind, item: ContentItem): string {
  const fields: Record<string, unknown> = {};
  const values: Record<string, unknown> = { ...item };
  for (const key of KEYS[kind]) {
    if (values[key] !== undefined && values[key] !== null) fields[key] = values[key];
  }
  const frontMatter = new Document(fields).toString({ lineWidth: 0 });
  const body = kind === 'projects' ? `${item.body}\n` : item.body;
  return `---\n${frontMatter}---\n${body}`;
}

const validators = {
  articles: bodyValidator(ArticleInputSchema),
  projects: bodyValidator(ProjectInputSchema),
};
const idPattern = new RegExp(ID_PATTERN);
const slugPattern = new RegExp(SLUG_PATTERN);
const imageNamePattern = new RegExp(IMAGE_NAME_PATTERN);

/** Reads one file; throws a ContentFileError naming the line of the first problem. */
export function readContentFile(kind: 'articles', file: string, text: string): ArticleFile;
export function readContentFile(kind: 'projects', file: string, text: string): ProjectFile;
export function readContentFile(
  kind: ContentKind,
  file: string,
  text: string,
): ArticleFile | ProjectFile {
  const fail = (line: number, reason: string): never => {
    throw new ContentFileError(file, line, reason);
  };
  const lines = text.split('\n');
  if (lines[0]?.replace(/\r$/, '') !== '---') {
    fail(1, 'A content file starts with a front matter: a line "---", the fields, and "---".');
  }
  const close = lines.findIndex((line, index) => index > 0 && line.replace(/\r$/, '') === '---');
  if (close < 0) fail(lines.length, 'The front matter is not closed by a line "---".');
  // Line numbers in the file: the front matter's first line is line 2.
  const lineCounter = new LineCounter();
  const document = parseDocument(lines.slice(1, close).join('\n'), {
    lineCounter,
    uniqueKeys: true,
    prettyErrors: false,
  });
  const lineAt = (offset: number | undefined) =>
    offset === undefined ? 1 : lineCounter.linePos(offset).line + 1;
  const [problem] = [...document.errors, ...document.warnings];
  if (problem) fail(lineAt(problem.pos[0]), `Invalid YAML: ${problem.message.split('\n')[0]}`);
  if (!isMap(document.contents)) fail(2, 'The front matter must be a list of "key: value" lines.');

  const keyLines = new Map<string, number>();
  for (const pair of (document.contents as { items: { key: unknown }[] }).items) {
    const key = pair.key;
    const name = isScalar(key) ? String(key.value) : '';
    const line = lineAt(isScalar(key) ? key.range?.[0] : undefined);
    if (!KEYS[kind].includes(name)) {
      fail(line, `Unknown field "${name}" (known: ${KEYS[kind].join(', ')}).`);
    }
    keyLines.set(name, line);
  }
  const fields = document.toJS() as Record<string, unknown>;
  const lineOf = (key: string) => keyLines.get(key) ?? 1;
  const bodyLine = close + 2;

  const stem = file.replace(/^.*\//, '').replace(/\.md$/, '');
  const id = fields.id ?? stem;
  if (typeof id !== 'string' || !idPattern.test(id)) {
    fail(
      lineOf('id'),
      'The id (or, without one, the file name) must be 1 to 100 of a-z, 0-9 and "-".',
    );
  }
  const image = fields.image;
  if (image !== undefined && (typeof image !== 'string' || !imageNamePattern.test(image))) {
    fail(lineOf('image'), 'Image must be the file name of an image in images/, such as tls.svg.');
  }
  const body = lines.slice(close + 1).join('\n');
  const input: Record<string, unknown> = {
    title: fields.title,
    [BODY_FIELD[kind]]: kind === 'projects' ? body.trim() : body,
  };
  const inputKeys =
    kind === 'articles'
      ? ['status', 'publishedAt', 'createdAt', 'slug', 'tags', 'excerpt', 'description']
      : ['status', 'publishedAt', 'createdAt', 'skills', 'link'];
  for (const key of inputKeys) {
    if (fields[key] !== undefined) input[INPUT_FIELD[key] ?? key] = fields[key];
  }
  const formerSlugs = fields.formerSlugs;
  if (
    formerSlugs !== undefined &&
    !(
      Array.isArray(formerSlugs) &&
      formerSlugs.every((slug) => typeof slug === 'string' && slugPattern.test(slug))
    )
  ) {
    fail(lineOf('formerSlugs'), 'FormerSlugs must be a list of slugs such as tls-basics.');
  }
  if (image !== undefined) input.imagePath = `${IMAGE_PREFIX}${String(image)}`;
  const validate = validators[kind];
  if (!validate(input)) {
    const error = (validate.errors?.[0] ?? {}) as SchemaValidationError;
    const field = error.instancePath.split('/')[1] ?? String(error.params?.missingProperty ?? '');
    const key = field === 'imagePath' ? 'image' : (FILE_KEY[field] ?? field);
    const line = field === BODY_FIELD[kind] ? bodyLine : lineOf(key);
    const reason = describeValidationError(error, 'body')
      .replace(/^ImagePath/, 'Image')
      .replace(/^CustomExcerpt/, 'Excerpt')
      .replace(/^MetaDescription/, 'Description')
      .replace(/^Content|^Description/, (name) => `${name} (the text after the front matter)`);
    fail(line, reason);
  }
  const updatedAt = fields.updatedAt;
  if (updatedAt !== undefined && (typeof updatedAt !== 'string' || !validDate(updatedAt))) {
    fail(
      lineOf('updatedAt'),
      'UpdatedAt must be an ISO-8601 date-time such as 2025-06-10T09:00:00Z.',
    );
  }
  return {
    file,
    id: id as string,
    input: input as unknown as ArticleInput & ProjectInput,
    ...(typeof updatedAt === 'string' && { updatedAt }),
    ...(Array.isArray(formerSlugs) && { formerSlugs: formerSlugs as string[] }),
  };
}

const createdAtCheck = bodyValidator({
  type: 'object',
  properties: { at: ArticleInputSchema.properties.createdAt },
});

function validDate(value: string): boolean {
  return createdAtCheck({ at: value });
}
