// PGlite's data directory at start, said in words (docs/decisions/112). In process here; the
// real entry point under the same faults is in src/server.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirError, checkDataDir, explainDataDirFailure } from './data-dir-check.js';

describe('checkDataDir', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-check-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('makes a new folder, writes in it and leaves nothing behind', () => {
    const dataDir = path.join(root, 'nested', 'pglite');
    checkDataDir(dataDir);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('names the file where the folder is expected', () => {
    const file = path.join(root, 'pglite');
    fs.writeFileSync(file, 'not a folder');
    expect(() => checkDataDir(file)).toThrow(DataDirError);
    expect(() => checkDataDir(file)).toThrow(
      `The content API cannot use its data directory ${file} (DATA_DIR): ${file} is a file, where a folder is expected. Move that file away, or set DATA_DIR to another folder; then start the API again.`,
    );
    // A file among its parents, likewise.
    expect(() => checkDataDir(path.join(file, 'data'))).toThrow(
      `${file} is a file, where a folder is expected`,
    );
  });
});

describe('explainDataDirFailure', () => {
  const dataDir = path.join(os.tmpdir(), 'pglite');
  const errno = (value: number) => Object.assign(new Error(), { name: 'ErrnoError', errno: value });

  it.each([
    // What PGlite said on a full disk, after seconds of work.
    [errno(51), 'the disk is full (no space left on device)', /^Free some room on that disk/],
    [errno(69), 'it is on a read-only file system', /^Set DATA_DIR to a folder on a writable disk/],
    [errno(2), 'this process may not write there (permission denied)', /^Give the user/],
    [
      Object.assign(new Error('EROFS: read-only file system, open'), { code: 'EROFS' }),
      'it is on a read-only file system',
      /^Set DATA_DIR/,
    ],
    [
      new Error('PGlite failed to initialize properly'),
      'PGlite could not open it (PGlite failed to initialize properly)',
      /^Check the disk/,
    ],
  ])('%s', (error, problem, advice) => {
    const explained = explainDataDirFailure(dataDir, error) as DataDirError;
    expect(explained).toBeInstanceOf(DataDirError);
    expect(explained.message).toContain(`its data directory ${dataDir} (DATA_DIR)`);
    expect(explained.problem).toBe(problem);
    expect(explained.advice).toMatch(advice);
  });
});
