// What the article editor makes of the slug and tags an owner types (docs/decisions/132): the
// contract's shapes (SLUG_PATTERN, TAG_PATTERN) and limits, checked before anything is sent.
import {
  MAX_TAGS,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  TAG_MAX_LENGTH,
  TAG_PATTERN,
} from '@portfolio/contract';

const SLUG = new RegExp(SLUG_PATTERN);
const TAG = new RegExp(TAG_PATTERN);

/**
 * Lowercase, accents dropped, spaces and underscores as single hyphens, none at the ends:
 * " Home Lab_Setup " → "home-lab-setup", "Café" → "cafe". Other characters are kept, so what
 * cannot be a slug or a tag ("c++") is named to the owner rather than silently changed.
 */
export function normaliseWord(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A slug as typed, normalised; null when empty (the API keeps or makes one). */
export function parseSlug(text: string): { slug: string | null; valid: boolean } {
  const slug = normaliseWord(text);
  if (!slug) return { slug: null, valid: true };
  return { slug, valid: slug.length <= SLUG_MAX_LENGTH && SLUG.test(slug) };
}

export interface ParsedTags {
  /** Normalised, each once, in the owner's order. */
  tags: string[];
  /** The normalised tags that are no TAG_PATTERN or too long. */
  invalid: string[];
  /** More than MAX_TAGS. */
  tooMany: boolean;
}

/** "Home Lab, TLS,, tls , c++" → tags ["home-lab", "tls", "c++"], invalid ["c++"]. */
export function parseTags(text: string): ParsedTags {
  const tags: string[] = [];
  for (const part of text.split(',')) {
    const tag = normaliseWord(part);
    if (tag && !tags.includes(tag)) tags.push(tag);
  }
  const invalid = tags.filter((tag) => tag.length > TAG_MAX_LENGTH || !TAG.test(tag));
  return { tags, invalid, tooMany: tags.length > MAX_TAGS };
}
