// PGlite's data directory at start (docs/decisions/112): checked before PGlite opens it, and any
// failure said in words: what failed, where, and what to do. PGlite's own errors say little (a
// full disk is `ErrnoError { errno: 51 }` after seconds of work, a read-only folder "PGlite failed
// to initialize properly", a size limit `Aborted()`).
import fs from 'node:fs';
import path from 'node:path';
import type { StoreFailureKind } from './store-errors.js';
import { WASI_ERRNO, storeFailureOf } from './store-errors.js';

/** The check writes this much in the folder: a disk with less room cannot start a database. */
export const WRITE_CHECK_BYTES = 256 * 1024;
/** Below this much free room, a failed start is put down to the disk being full. */
export const LOW_FREE_BYTES = 64 * 1024 * 1024;
const WRITE_CHECK_FILE = '.write-check';

/** A start that cannot use the data directory, in words. */
export class DataDirError extends Error {
  override name = 'DataDirError';
  constructor(
    readonly dataDir: string,
    readonly problem: string,
    readonly advice: string,
  ) {
    super(
      `The content API cannot use its data directory ${dataDir} (DATA_DIR): ${problem}. ${advice}`,
    );
  }
}

type Cause = StoreFailureKind | 'in-the-way';

const ADVICE: Record<Cause, string> = {
  full: 'Free some room on that disk (or raise the limit), or set DATA_DIR to a folder on another disk; then start the API again.',
  'read-only':
    'Set DATA_DIR to a folder on a writable disk, or make that disk writable again; then start the API again.',
  'no-access':
    'Give the user the API runs as write access to that folder (or set DATA_DIR to one it owns); then start the API again.',
  'in-the-way': 'Move that file away, or set DATA_DIR to another folder; then start the API again.',
  broken:
    'Check the disk (the system log names disk errors); if the folder was copied or restored, it may be incomplete: move it away to start with a new database (the seed content is applied to it).',
  unreachable: 'Start the API again.',
};

const NODE_CAUSES: Record<string, { cause: Cause; problem: string }> = {
  ENOSPC: { cause: 'full', problem: 'the disk is full (no space left on device)' },
  EDQUOT: { cause: 'full', problem: 'the disk quota is used up' },
  EFBIG: { cause: 'full', problem: 'a file may grow no larger (the file size limit, ulimit -f)' },
  EROFS: { cause: 'read-only', problem: 'it is on a read-only file system' },
  EACCES: { cause: 'no-access', problem: 'this process may not write there (permission denied)' },
  EPERM: {
    cause: 'no-access',
    problem: 'this process may not write there (operation not permitted)',
  },
  ENOTDIR: { cause: 'in-the-way', problem: 'a file, not a folder, is in its path' },
  EEXIST: { cause: 'in-the-way', problem: 'a file, not a folder, is at that path' },
  EIO: { cause: 'broken', problem: 'the disk reported an input/output error' },
};

function nodeCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, name, errno } = error as { code?: unknown; name?: unknown; errno?: unknown };
  if (typeof code === 'string') return code;
  // PGlite's file system numbers errors the WASI way.
  if (name === 'ErrnoError' && typeof errno === 'number') return WASI_ERRNO[errno]?.code;
  return undefined;
}

/** The file where `dataDir` or one of its parents should be a folder, if there is one. */
function fileInTheWay(dataDir: string): string | undefined {
  for (let at = path.resolve(dataDir); path.dirname(at) !== at; at = path.dirname(at)) {
    try {
      if (!fs.statSync(at).isDirectory()) return at;
    } catch {
      // Not there (yet): look further up.
    }
  }
  return undefined;
}

function fromCode(dataDir: string, code: string | undefined): DataDirError | undefined {
  const known = code ? NODE_CAUSES[code] : undefined;
  if (!known) return undefined;
  const file = known.cause === 'in-the-way' ? fileInTheWay(dataDir) : undefined;
  const problem = file ? `${file} is a file, where a folder is expected` : known.problem;
  return new DataDirError(dataDir, problem, ADVICE[known.cause]);
}

/** Free bytes for this process on the disk that holds `dir` (or its nearest existing parent). */
export function freeBytes(dir: string): number | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    try {
      const stats = fs.statfsSync(at);
      return stats.bavail * stats.bsize;
    } catch {
      if (path.dirname(at) === at) return undefined;
    }
  }
}

/**
 * Before PGlite opens `dataDir`: the folder exists (made if need be) and takes a write of
 * WRITE_CHECK_BYTES, flushed to the disk. Throws a DataDirError saying what is wrong.
 */
export function checkDataDir(dataDir: string): void {
  const probe = path.join(dataDir, WRITE_CHECK_FILE);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    if (!fs.statSync(dataDir).isDirectory()) throw Object.assign(new Error(), { code: 'EEXIST' });
    const fd = fs.openSync(probe, 'w');
    try {
      // A write may be cut short at a limit without an error: the next one gets it.
      const bytes = Buffer.alloc(WRITE_CHECK_BYTES);
      for (let written = 0; written < bytes.length;) {
        written += fs.writeSync(fd, bytes, written, bytes.length - written);
      }
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    throw explainDataDirFailure(dataDir, error);
  } finally {
    try {
      fs.rmSync(probe, { force: true });
    } catch {
      // Not there to remove: the folder itself is what failed.
    }
  }
}

/** Any failure to open `dataDir` (its check, its lock, PGlite itself), said in words. */
export function explainDataDirFailure(dataDir: string, error: unknown): Error {
  if (error instanceof DataDirError) return error;
  const byCode = fromCode(dataDir, nodeCode(error));
  if (byCode) return byCode;
  const failure = storeFailureOf(error);
  const free = freeBytes(dataDir);
  if (failure?.kind === 'full' || (free !== undefined && free < LOW_FREE_BYTES)) {
    const room = free === undefined ? '' : ` (${Math.floor(free / 1024 / 1024)} MiB free)`;
    return new DataDirError(dataDir, `the disk has no room for the database${room}`, ADVICE.full);
  }
  if (failure && failure.kind !== 'broken') {
    return new DataDirError(dataDir, failure.detail, ADVICE[failure.kind]);
  }
  const said = error instanceof Error && error.message ? error.message : String(error);
  return new DataDirError(
    dataDir,
    `PGlite could not open it (${said.split('\n')[0]})`,
    ADVICE.broken,
  );
}
