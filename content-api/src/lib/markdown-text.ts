// Markdown → the plain text a reader sees: indexed by search, cut into snippets and excerpts.
// The site's only Markdown-to-text: the pages show the excerpts and snippets the API builds
// from it (docs/decisions/072-one-markdown-to-text.md).
import { ELLIPSIS } from '@portfolio/contract';
import { Lexer } from 'marked';
import type { Token, Tokens } from 'marked';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** A heading's text ends with this when it has no closing punctuation of its own. */
const SENTENCE_END = /[.!?:;…]$/;

/** Characters the snippet renderer uses as sentinels; they must never occur in stored text. */
const RESERVED_CHARACTERS = /[\uE000-\uE003]/g;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, entity: string) => {
    if (entity.startsWith('#')) {
      const isHex = entity[1] === 'x' || entity[1] === 'X';
      const codePoint = Number.parseInt(entity.slice(isHex ? 2 : 1), isHex ? 16 : 10);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : match;
    }
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/**
 * What the automatic excerpt leaves out (docs/decisions/132): headings, code blocks, images,
 * raw HTML and tables are not the prose a card's summary should start with.
 */
const NOT_PROSE = new Set(['heading', 'code', 'image', 'html', 'table']);

function collectText(tokens: readonly Token[], out: string[], prose = false): void {
  for (const token of tokens) {
    if (prose && NOT_PROSE.has(token.type)) {
      out.push(' ');
      continue;
    }
    switch (token.type) {
      case 'space':
      case 'hr':
      case 'br':
        out.push(' ');
        break;
      case 'code':
        out.push(' ', (token as Tokens.Code).text, ' ');
        break;
      case 'list':
        for (const item of (token as Tokens.List).items) {
          collectText(item.tokens, out, prose);
          out.push(' ');
        }
        break;
      case 'table': {
        const table = token as Tokens.Table;
        for (const cell of [...table.header, ...table.rows.flat()]) {
          collectText(cell.tokens, out, prose);
          out.push(' ');
        }
        break;
      }
      default: {
        const { tokens: children, text } = token as Tokens.Generic;
        const start = out.length;
        if (Array.isArray(children) && children.length > 0) {
          collectText(children, out, prose);
        } else if (typeof text === 'string') {
          out.push(text);
        }
        // A heading reads as a sentence of its own: "Zero trust model. Zero trust removes…",
        // not "Zero trust model Zero trust removes…" (issue 16).
        if (token.type === 'heading') {
          const heading = out.slice(start).join('').trimEnd();
          if (heading && !SENTENCE_END.test(heading)) out.push('.');
        }
        // Block-level tokens end with a break so words from adjacent blocks never merge.
        if (token.type === 'heading' || token.type === 'paragraph' || token.type === 'blockquote') {
          out.push(' ');
        }
      }
    }
  }
}

function toText(markdown: string, prose: boolean): string {
  const out: string[] = [];
  collectText(new Lexer().lex(markdown), out, prose);
  return decodeEntities(out.join('')).replace(RESERVED_CHARACTERS, '').replace(/\s+/g, ' ').trim();
}

/** Renders Markdown to one line of plain text (whitespace collapsed, entities decoded). */
export function markdownToPlainText(markdown: string): string {
  return toText(markdown, false);
}

/**
 * The prose of Markdown as one line of plain text: paragraphs, lists and quotes, without
 * headings, code blocks, images, raw HTML or tables (what the automatic excerpt is cut from).
 */
export function markdownToProse(markdown: string): string {
  return toText(markdown, true);
}

/**
 * An article's automatic excerpt (docs/decisions/132): the start of its prose, at most
 * `maxLength` characters, ending on a word. Only the Markdown's first blocks are read: an excerpt
 * never needs more than the first few thousand characters of prose.
 */
export function proseExcerpt(markdown: string, maxLength: number): string {
  const leading = leadingBlocks(markdown, maxLength * 20);
  const text = markdownToProse(leading) || (leading === markdown ? '' : markdownToProse(markdown));
  return excerpt(text, maxLength);
}

/** The Markdown up to the first blank line after `length` characters (whole blocks). */
function leadingBlocks(markdown: string, length: number): string {
  if (markdown.length <= length) return markdown;
  const end = markdown.indexOf('\n\n', length);
  return end === -1 ? markdown : markdown.slice(0, end);
}

/** At most `maxLength` characters, cut at a word boundary, with an ellipsis when shortened. */
export function excerpt(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - ELLIPSIS.length);
  const lastSpace = cut.lastIndexOf(' ');
  const words = (lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd();
  // "…with a laptop, ..." reads better as "…with a laptop...".
  return `${words.replace(/[\s,;:.\-–—(]+$/u, '')}${ELLIPSIS}`;
}
