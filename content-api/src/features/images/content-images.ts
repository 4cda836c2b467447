// The stored images an article's Markdown shows (`![alt](/images/<name>)`, issue "the owner runs
// the site"): the article page draws each as covers are drawn, a <picture> of its variants with
// its width and height, so it needs what the API knows of them, sent with the article.
import { IMAGE_NAME_PATTERN } from '@portfolio/contract';
import type { Image } from '@portfolio/contract';
import { inArray } from 'drizzle-orm';
import { Lexer, marked } from 'marked';
import type { Tokens } from 'marked';
import type { Database } from '../../db/connect.js';
import { images } from '../../db/schema.js';
import { imageNameFromPath } from './repository.js';
import { describeImage } from './variants.js';

const imageName = new RegExp(IMAGE_NAME_PATTERN);

/** The names of the stored images `markdown` shows, each once, in order. */
export function contentImageNames(markdown: string): string[] {
  const names = new Set<string>();
  marked.walkTokens(new Lexer().lex(markdown), (token) => {
    if (token.type !== 'image') return;
    const name = imageNameFromPath((token as Tokens.Image).href);
    if (name && imageName.test(name)) names.add(name);
  });
  return [...names];
}

/**
 * The description (alt text) `markdown` gives each stored image it shows, by name: the first
 * non-empty one when an image is shown more than once.
 */
export function contentImageDescriptions(markdown: string): Map<string, string> {
  const descriptions = new Map<string, string>();
  marked.walkTokens(new Lexer().lex(markdown), (token) => {
    if (token.type !== 'image') return;
    const { href, text } = token as Tokens.Image;
    const name = imageNameFromPath(href);
    const alt = text.trim();
    if (name && imageName.test(name) && alt && !descriptions.has(name)) {
      descriptions.set(name, alt);
    }
  });
  return descriptions;
}

/** `article` with the `contentImages` its Markdown shows (those stored and measured). */
export async function withContentImages<Item extends { content: string }>(
  db: Database,
  article: Item,
): Promise<Item & { contentImages?: Image[] }> {
  const names = contentImageNames(article.content);
  if (names.length === 0) return article;
  const rows = await db
    .select({
      name: images.name,
      contentType: images.contentType,
      width: images.width,
      height: images.height,
      variantFallback: images.variantFallback,
    })
    .from(images)
    .where(inArray(images.name, names));
  const described = rows.flatMap((row) => describeImage(row) ?? []);
  return described.length > 0 ? { ...article, contentImages: described } : article;
}
