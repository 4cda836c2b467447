// What an article shows when it is summarised: title fallback, excerpt, order, reading time.
import type { Article } from '@portfolio/shared/types';
import { UNTITLED, WORDS_PER_MINUTE } from '../../texts';

/** An article with no title shows 'Untitled' (docs/product.md#blog). */
export function articleTitle(title: string | null | undefined): string {
  return title?.trim() ? title : UNTITLED;
}

/**
 * The article's 150-character excerpt (docs/product.md#blog), as the content API sends it:
 * plain text, already cut (docs/decisions/072-one-markdown-to-text.md). Null when there is no
 * text, so the caller shows 'No content available.'.
 */
export function articleExcerpt(excerpt: string | null | undefined): string | null {
  return excerpt?.trim() ? excerpt : null;
}

function timeOf(article: Article): number {
  const time = Date.parse(article.createdAt);
  // An unparsable date sorts last rather than breaking the order of the others.
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * Newest first by createdAt (docs/product.md#blog). The API already answers in that
 * order; sorting here too keeps the page right whatever serves the list.
 */
export function sortNewestFirst(articles: readonly Article[]): Article[] {
  return [...articles].sort((a, b) => timeOf(b) - timeOf(a));
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Whole minutes to read a Markdown text at WORDS_PER_MINUTE; at least 1. */
export function readingMinutes(markdown: string, wordsPerMinute = WORDS_PER_MINUTE): number {
  // Link targets are not read aloud or by eye; everything else, code included, is.
  const readable = markdown.replace(/\]\([^)]*\)/g, ']');
  const words = readable.match(WORD)?.length ?? 0;
  return Math.max(1, Math.ceil(words / wordsPerMinute));
}
