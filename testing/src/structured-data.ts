// Checks a JSON-LD node against the schema.org types the site publishes and the properties
// search engines require of them (docs/decisions/060). Used by the unit tests of the head
// builders and by the browser specs on the server's HTML.

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isAbsoluteUrl = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const isIsoDate = (value: unknown): boolean =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value));

const nonEmptyString = (value: unknown): boolean =>
  typeof value === 'string' && value.trim() !== '';

/** Every property a type needs, with what its value must be. */
const REQUIRED: Record<string, Record<string, (value: unknown) => string | null>> = {
  Person: {
    name: (value) => (nonEmptyString(value) ? null : 'a name'),
    url: (value) => (isAbsoluteUrl(value) ? null : 'an absolute URL'),
    sameAs: (value) =>
      Array.isArray(value) && value.length > 0 && value.every(isAbsoluteUrl)
        ? null
        : 'a list of absolute profile URLs',
  },
  BlogPosting: {
    headline: (value) =>
      nonEmptyString(value) && (value as string).length <= 110 ? null : 'a headline (≤ 110)',
    datePublished: (value) => (isIsoDate(value) ? null : 'an ISO-8601 date'),
    dateModified: (value) => (isIsoDate(value) ? null : 'an ISO-8601 date'),
    author: (value) =>
      isNode(value) && value['@type'] === 'Person' && nonEmptyString(value.name)
        ? null
        : 'a Person with a name',
    image: (value) =>
      isAbsoluteUrl(value) || (isNode(value) && isAbsoluteUrl(value.url))
        ? null
        : 'an image with an absolute URL',
    mainEntityOfPage: (value) =>
      isNode(value) && isAbsoluteUrl(value['@id']) ? null : 'a WebPage with an absolute @id',
    url: (value) => (isAbsoluteUrl(value) ? null : 'an absolute URL'),
  },
  BreadcrumbList: {
    itemListElement: (value) => {
      if (!Array.isArray(value) || value.length === 0) return 'a list of ListItems';
      const wrong = value.findIndex(
        (item, index) =>
          !isNode(item) ||
          item['@type'] !== 'ListItem' ||
          item.position !== index + 1 ||
          !nonEmptyString(item.name) ||
          !isAbsoluteUrl(item.item),
      );
      return wrong < 0 ? null : `ListItems with position, name and item (item ${wrong + 1})`;
    },
  },
};

export const STRUCTURED_DATA_TYPES = Object.keys(REQUIRED);

/** What is wrong with a node: empty when it is a valid instance of its type. */
export function structuredDataProblems(node: unknown): string[] {
  if (!isNode(node)) return ['not a JSON object'];
  const type = node['@type'];
  const problems: string[] = [];
  if (node['@context'] !== 'https://schema.org')
    problems.push('@context is not https://schema.org');
  const required = typeof type === 'string' ? REQUIRED[type] : undefined;
  if (!required) return [...problems, `unexpected @type ${String(type)}`];
  for (const [property, check] of Object.entries(required)) {
    const wanted = check(node[property]);
    if (wanted) problems.push(`${type}.${property} must be ${wanted}`);
  }
  return problems;
}

/** The JSON-LD blocks of an HTML document, parsed (throws on malformed JSON). */
export function jsonLdBlocks(html: string): Node[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Node,
  );
}
