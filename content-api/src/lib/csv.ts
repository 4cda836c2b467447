// CSV the dashboard downloads (the insights, the subscribers): RFC 4180 lines, and no cell a
// spreadsheet would run as a formula (OWASP's CSV injection).

/** A CSV cell: quoted when it must be, and never a formula a spreadsheet would run. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
