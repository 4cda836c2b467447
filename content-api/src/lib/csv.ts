// CSV the dashboard downloads (the insights, the subscribers): RFC 4180 lines, and no cell a
// spreadsheet would run as a formula (OWASP's CSV injection). Read back (a subscribers' import),
// a cell loses the quote csvCell put before it.

/** The first characters of a cell a spreadsheet would run. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A CSV cell: quoted when it must be, and never a formula a spreadsheet would run. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A cell's text as it was before csvCell defused it: `'=cmd@example.com` is `=cmd@example.com`
 * again. A text that began with `'` and then such a character loses its quote too (nothing tells
 * the two apart).
 */
export function undefusedCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** A header line and one line per row, each of `columns`, ending in CRLF. */
export function csvLines<K extends string>(
  columns: readonly K[],
  rows: Iterable<Record<K, string | number>>,
): string {
  const lines = [columns.join(',')];
  for (const row of rows) lines.push(columns.map((key) => csvCell(row[key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
