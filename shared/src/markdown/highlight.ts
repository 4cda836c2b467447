// Syntax highlighting for code blocks. Only the core and the languages a security blog uses are
// bundled: the full highlight.js would add about a megabyte of grammars nobody reads here.
import { escapeHtml } from '@portfolio/contract';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import ini from 'highlight.js/lib/languages/ini';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

hljs.registerLanguage('bash', bash);
hljs.registerLanguage('dockerfile', dockerfile);
hljs.registerLanguage('ini', ini);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('python', python);
hljs.registerLanguage('sql', sql);
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('xml', xml);
hljs.registerLanguage('yaml', yaml);

export interface HighlightedCode {
  /** HTML of the code: highlight.js spans, or the escaped text. */
  html: string;
  /** The language name when it is one we highlight (also its aliases, e.g. "sh", "ts"). */
  language: string | null;
}

/** Highlights `code` when `language` names a registered grammar; otherwise escapes it. */
export function highlightCode(code: string, language: string | undefined): HighlightedCode {
  const name = language?.trim().toLowerCase();
  if (name && /^[\w+-]+$/.test(name) && hljs.getLanguage(name)) {
    return {
      html: hljs.highlight(code, { language: name, ignoreIllegals: true }).value,
      language: name,
    };
  }
  return { html: escapeHtml(code), language: null };
}
