// The inline scripts of a page the site's server assembled, named by their SHA-256 for the
// page's Content-Security-Policy (docs/decisions/100). A page for visitors without a session is
// the same bytes for all of them, so its policy cannot carry a per-response nonce: it lists the
// hash of each inline script the server itself wrote instead, with 'strict-dynamic' for what
// those load. The server's scripts are the shell's loader (a text it knows) and whatever React
// wrote, which carries the render's marker (a random value of this process, which no content can
// know) in its nonce attribute. Any other inline script, one that came in with content whatever
// sanitising missed, is not named and does not run. Data blocks (type="application/json") never
// run and need nothing. The HTML is the server's own (document.ts and React's output, where
// content is escaped), so a script element is found by its tags.
import { createHash } from 'node:crypto';

const SCRIPT_OPEN = /<script\b([^>]*)>/gi;
const SCRIPT_CLOSE = /<\/script\s*>/gi;
/** Types that a browser runs; any other (application/json, …) is a data block. */
const EXECUTABLE_TYPE = /^\s*(text\/javascript|application\/javascript|module)?\s*$/i;
const SPECULATION_RULES_TYPE = /^\s*speculationrules\s*$/i;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(
    attributes,
  );
  if (!match) return new RegExp(`\\s${name}(\\s|$)`, 'i').test(attributes) ? '' : undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

export interface ServerScripts {
  /** The nonce attribute React's scripts carry in this render: the process's marker. */
  marker: string;
  /** Texts of inline scripts the server writes itself (the shell's loader). */
  known: readonly string[];
}

/**
 * The base64 SHA-256 of each inline script of the server's own that runs, in order of
 * appearance, each once.
 */
export function inlineScriptHashes(html: string, { marker, known }: ServerScripts): string[] {
  const hashes = new Set<string>();
  const bodyStart = html.search(/<body[\s>]/i);
  const headEnd = bodyStart === -1 ? html.length : bodyStart;
  SCRIPT_OPEN.lastIndex = 0;
  for (let open = SCRIPT_OPEN.exec(html); open; open = SCRIPT_OPEN.exec(html)) {
    const attributes = open[1] ?? '';
    const start = open.index + open[0].length;
    SCRIPT_CLOSE.lastIndex = start;
    const close = SCRIPT_CLOSE.exec(html);
    const end = close ? close.index : html.length;
    SCRIPT_OPEN.lastIndex = close ? close.index + close[0].length : html.length;
    if (attribute(attributes, 'src') !== undefined) continue;
    const type = attribute(attributes, 'type') ?? '';
    const text = html.slice(start, end);
    // The speculation rules of a page of islands (docs/decisions/148): the browser reads them
    // only when the policy names them. The head is the server's own (document.ts), content is
    // only ever in the body, so rules there are the server's.
    if (SPECULATION_RULES_TYPE.test(type)) {
      if (open.index < headEnd) hashes.add(sha256(text));
      continue;
    }
    if (!EXECUTABLE_TYPE.test(type)) continue;
    if (attribute(attributes, 'nonce') !== marker && !known.includes(text)) continue;
    hashes.add(sha256(text));
  }
  return [...hashes];
}
