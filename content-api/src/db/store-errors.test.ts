// Which errors are the store refusing (docs/decisions/111), as each driver reports them.
import { storeFailureOf } from './store-errors.js';

/** The shape of an error from PGlite's file system (emscripten's FS.ErrnoError). */
function errnoError(errno: number): Error {
  return Object.assign(new Error(), { name: 'ErrnoError', errno });
}

/** A database error as node-postgres and PGlite give it: a SQLSTATE in `code`. */
function sqlError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** Drizzle wraps the driver's error, its message naming the query and its parameters. */
function drizzle(cause: Error): Error {
  return Object.assign(new Error('Failed query: insert into "articles" …\nparams: secret'), {
    name: 'DrizzleQueryError',
    cause,
  });
}

describe('storeFailureOf', () => {
  it.each([
    ['a full disk under PGlite', errnoError(51), 'full', 'ENOSPC from the file system'],
    [
      'a read-only file system under PGlite',
      errnoError(69),
      'read-only',
      'EROFS from the file system',
    ],
    ['no access under PGlite', errnoError(2), 'no-access', 'EACCES from the file system'],
    [
      'a full disk under PostgreSQL',
      sqlError('53100', 'could not extend file "base/5/16390": No space left on device'),
      'full',
      'could not extend file "base/5/16390": No space left on device (SQLSTATE 53100)',
    ],
    [
      'a read-only transaction',
      sqlError('25006', 'cannot execute INSERT in a read-only transaction'),
      'read-only',
      'cannot execute INSERT in a read-only transaction (SQLSTATE 25006)',
    ],
    [
      "PGlite's log writes over a file size limit",
      sqlError(
        'XX000',
        'could not write to log file "000000010000000000000001" at offset 7503872, length 8192: File too large',
      ),
      'full',
      'could not write to log file "000000010000000000000001" at offset 7503872, length 8192: File too large',
    ],
    [
      'PostgreSQL shut down',
      sqlError('57P01', 'terminating connection due to administrator command'),
      'unreachable',
      'terminating connection due to administrator command (SQLSTATE 57P01)',
    ],
    [
      'PostgreSQL not running',
      sqlError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      'unreachable',
      'connect ECONNREFUSED 127.0.0.1:5432',
    ],
    [
      'PGlite aborted',
      Object.assign(new Error('Aborted(). Build with -sASSERTIONS'), { name: 'RuntimeError' }),
      'broken',
      'Aborted(). Build with -sASSERTIONS',
    ],
  ])('%s', (_name, error, kind, detail) => {
    expect(storeFailureOf(error)).toEqual({ kind, detail });
    // Under Drizzle's wrapper too, and never with the query or its parameters.
    expect(storeFailureOf(drizzle(error))).toEqual({ kind, detail });
  });

  it.each([
    ['a unique violation', sqlError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', sqlError('42601', 'syntax error at or near "selec"')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'title')")],
    ['an unknown errno', errnoError(44)],
    ['not an error', 'a string'],
  ])('is not the store refusing: %s', (_name, error) => {
    expect(storeFailureOf(error)).toBeUndefined();
    expect(storeFailureOf(drizzle(error as Error))).toBeUndefined();
  });
});
