// What `tools/build.ts` tells a parent that runs it with an IPC channel (tools/start.ts): the
// builds are written and stamped, ready to serve, before webpack's persistent caches are stored
// (docs/decisions/212). The process still exits as before, once the caches are stored.
import type { EventEmitter } from 'node:events';

export const BUILT_MESSAGE = 'portfolio:built';

/**
 * Resolves once the build child says its builds are written, or ends well without having had
 * to build; rejects when it ends badly before that. Ending badly after it (stopped while storing
 * its caches, or failing to store them) only leaves the next build without its caches: `log`
 * says so, unless the child was stopped by SIGTERM (the stack stopping).
 */
export function builtOrExited(child: EventEmitter, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let built = false;
    child.on('message', (message: unknown) => {
      if (message !== BUILT_MESSAGE) return;
      built = true;
      resolve();
    });
    child.on('error', reject);
    child.on('exit', (code: number | null, signal: NodeJS.Signals | null) => {
      if (code === 0) resolve();
      else if (!built) reject(new Error(`The build failed (${signal ?? code})`));
      else if (signal !== 'SIGTERM') log(`The build caches were not stored (${signal ?? code})`);
    });
  });
}
