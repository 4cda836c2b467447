// A remote's deploy folder (docs/decisions/038): every deployed build in its own immutable
// folder, and a small pointer naming the live one. `tools/deploy.ts` writes them; the static
// server of a remote reads them.
//
//   <app>/deploys/
//     current.json          {"version": "<id>", "history": ["<id>", …]}, replaced atomically
//     versions/<id>/…       a whole build (browser files and server/), never changed again
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const POINTER_FILE = 'current.json';
export const VERSIONS_DIR = 'versions';
export const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface DeployPointer {
  version: string;
  /** Deployed versions, newest first (the live one first). */
  history: string[];
}

/** The pointer: which version is live, and the ones before it; null before the first deploy. */
export function readPointer(deployRoot: string): DeployPointer | null {
  try {
    const pointer = JSON.parse(readFileSync(path.join(deployRoot, POINTER_FILE), 'utf8')) as {
      version?: unknown;
      history?: unknown;
    };
    if (typeof pointer.version === 'string' && VERSION_PATTERN.test(pointer.version)) {
      return {
        version: pointer.version,
        history: Array.isArray(pointer.history)
          ? pointer.history.filter(
              (id): id is string => typeof id === 'string' && VERSION_PATTERN.test(id),
            )
          : [pointer.version],
      };
    }
  } catch {
    // No deploy yet.
  }
  return null;
}
