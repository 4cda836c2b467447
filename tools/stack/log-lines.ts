// How a service's output reads under its name in the stack's terminal (tools/stack/supervisor.ts
// prints it): the content API and the site's server log JSON, one object a line (pino).

/** A line of a service's output as shown, or null to leave it out. */
export type FormatLine = (line: string) => string | null;

/** What the stack reads of a pino line. */
interface LogEntry {
  level?: number;
  msg?: unknown;
  req?: unknown;
  res?: unknown;
  /** The failure log's own field (platform and shell failure logs). */
  error?: unknown;
  /** pino's serialized error. */
  err?: { message?: unknown };
}

/**
 * The API and the site's server log JSON: show their messages, and per-request lines only when
 * they are warnings.
 */
export function readableLogLine(line: string): string | null {
  let entry: LogEntry;
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed !== 'object' || parsed === null) return line;
    entry = parsed as LogEntry;
  } catch {
    return line;
  }
  // A line without a level is nobody's request log: shown as it is.
  const { level, msg } = entry;
  if ((entry.req || entry.res) && level !== undefined && level < 40) return null;
  // A warning or an error says what went wrong: the failure log's `error`, or pino's `err`.
  const detail =
    level !== undefined && level >= 40 ? (entry.error ?? entry.err?.message) : undefined;
  if (msg && typeof detail === 'string') return `${String(msg)}: ${detail}`;
  return msg === undefined || msg === null ? line : String(msg);
}
