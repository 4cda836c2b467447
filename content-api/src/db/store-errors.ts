// What an error from the database says about the store itself (docs/decisions/111): a refusal of
// the store (read-only, full, unreachable, broken) rather than a fault of the request or of the
// code. The API answers those 503 with STORE_UNAVAILABLE_MESSAGE, health reports them, and the
// start says them in words. Both drivers: PostgreSQL's SQLSTATE codes and node-postgres's
// connection errors; PGlite's (a PostgreSQL in WebAssembly) SQLSTATE codes, its file system's
// ErrnoError (WASI errno numbers) and its aborts.

/** The answer's `{ message }` when the store refuses a request. */
export const STORE_UNAVAILABLE_MESSAGE =
  'The content store is unavailable right now. Please try again later.';

export type StoreFailureKind =
  /** The database or its disk takes no writes (read-only transaction mode, file system). */
  | 'read-only'
  /** No room: disk full, quota or file size limit. */
  | 'full'
  /** The process may not write its files. */
  | 'no-access'
  /** The disk failed (EIO), or the database broke off (PGlite aborted, PostgreSQL crashed). */
  | 'broken'
  /** The database cannot be reached (PostgreSQL down, connections refused). */
  | 'unreachable';

export interface StoreFailure {
  kind: StoreFailureKind;
  /** What the database said, for the log and the health answer (no SQL, no parameters). */
  detail: string;
}

/** Node's error codes (Node's fs, node-postgres's sockets). */
const NODE_CODES: Record<string, StoreFailureKind> = {
  EROFS: 'read-only',
  ENOSPC: 'full',
  EDQUOT: 'full',
  EFBIG: 'full',
  EACCES: 'no-access',
  EPERM: 'no-access',
  EIO: 'broken',
  ECONNREFUSED: 'unreachable',
  ECONNRESET: 'unreachable',
  ETIMEDOUT: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENOTFOUND: 'unreachable',
  EPIPE: 'unreachable',
};

/** PGlite's file system (emscripten): WASI errno numbers. */
export const WASI_ERRNO: Record<number, { code: string; kind: StoreFailureKind }> = {
  2: { code: 'EACCES', kind: 'no-access' },
  19: { code: 'EDQUOT', kind: 'full' },
  22: { code: 'EFBIG', kind: 'full' },
  29: { code: 'EIO', kind: 'broken' },
  51: { code: 'ENOSPC', kind: 'full' },
  63: { code: 'EPERM', kind: 'no-access' },
  69: { code: 'EROFS', kind: 'read-only' },
};

/** SQLSTATE codes and classes (PostgreSQL's appendix A). */
function sqlStateKind(code: string): StoreFailureKind | undefined {
  if (code === '25006') return 'read-only'; // read_only_sql_transaction
  if (code === '53100') return 'full'; // disk_full
  if (code.startsWith('53')) return 'unreachable'; // out of memory, too many connections
  if (code === '58030' || code.startsWith('58')) return 'broken'; // io_error, system error
  if (code === '57P01' || code === '57P02' || code === '57P03') return 'unreachable'; // shutdown
  if (code.startsWith('08')) return 'unreachable'; // connection exception
  return undefined;
}

/** What an internal error (XX000, PGlite's WAL writes) says in its text. */
const TEXT_KINDS: [RegExp, StoreFailureKind][] = [
  [/read-only file system|read-only transaction/i, 'read-only'],
  [/no space left on device|disk quota exceeded|file too large|could not extend file/i, 'full'],
  [/permission denied/i, 'no-access'],
  [/input\/output error|could not (write|fsync|read) (to )?(log )?file/i, 'broken'],
  [
    /connection terminated|terminating connection|connection refused|timeout exceeded when trying to connect/i,
    'unreachable',
  ],
  [/PGlite is closed|^Aborted\(\)/i, 'broken'],
];

/** The error and its causes (Drizzle wraps the driver's error in `cause`). */
function* chain(error: unknown): Generator<Record<string, unknown>> {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

function firstLine(text: string): string {
  return text.split('\n')[0]?.slice(0, 300) ?? '';
}

/**
 * The store's refusal an error stands for, or undefined for any other error (a bug, a
 * constraint the code should have checked, a bad query). Never reads the query or its
 * parameters: Drizzle's own message names them, and only the driver's error below it is read.
 */
export function storeFailureOf(error: unknown): StoreFailure | undefined {
  for (const link of chain(error)) {
    const name = typeof link.name === 'string' ? link.name : '';
    if (name === 'DrizzleQueryError') continue;
    const message = typeof link.message === 'string' ? firstLine(link.message) : '';
    const code = typeof link.code === 'string' ? link.code : '';
    if (name === 'ErrnoError' && typeof link.errno === 'number') {
      const known = WASI_ERRNO[link.errno];
      if (known) return { kind: known.kind, detail: `${known.code} from the file system` };
    }
    if (/^[0-9A-Z]{5}$/.test(code)) {
      const kind = sqlStateKind(code);
      if (kind) return { kind, detail: `${message} (SQLSTATE ${code})` };
    }
    if (NODE_CODES[code]) return { kind: NODE_CODES[code], detail: message || code };
    if (name === 'RuntimeError' || code === 'XX000' || !code) {
      const match = TEXT_KINDS.find(([pattern]) => pattern.test(message));
      if (match) return { kind: match[1], detail: message };
    }
  }
  return undefined;
}

/** For an operator: what the failure means, in a few words. */
export const STORE_FAILURE_TEXT: Record<StoreFailureKind, string> = {
  'read-only': 'the database takes no writes (read-only)',
  full: 'the database has no room to write (disk full or a size limit)',
  'no-access': 'the database may not write its files (permissions)',
  broken: 'the database failed (disk error, or it stopped)',
  unreachable: 'the database cannot be reached',
};
