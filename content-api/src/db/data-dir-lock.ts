// PGlite does not lock its data folder, and two processes writing one folder corrupt it.
// A `<dataDir>.lock` file holding the owner's pid keeps a second server (or the admin CLI)
// out while the first one runs; a lock left by a dead process is taken over.
import fs from 'node:fs';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The PGlite data directory ${dataDir} is in use by process ${ownerPid}. ` +
        'Stop that process, or point DATA_DIR elsewhere.',
    );
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock for `dataDir`; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(ownerPid) && ownerPid > 0 && isRunning(ownerPid)) {
        throw new DataDirLockedError(dataDir, ownerPid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}.`);
}
