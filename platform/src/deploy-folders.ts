// A remote's deploy folder (docs/decisions/038): every deployed build in its own immutable
// folder, and a small pointer naming the live one. `tools/deploy.ts` writes them; the static
// server of a remote reads them.
//
//   <app>/deploys/
//     current.json          {"version": "<id>", "history": ["<id>", …], "kept": ["<id>", …]},
//                           replaced atomically; `kept`: candidates (previews, a canary) that
//                           are not live but must stay servable (docs/decisions/191)
//     canary.json           the remote's canary, when one runs (remote-rollout.ts), served as
//                           /canary.json and polled by the site's server like routes.json
//     versions/<id>/…       a whole build (browser files and server/), never changed again
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const POINTER_FILE = 'current.json';
export const CANARY_FILE = 'canary.json';
export const VERSIONS_DIR = 'versions';
export const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface DeployPointer {
  version: string;
  /** Deployed versions, newest first (the live one first). */
  history: string[];
  /** Candidates uploaded for a preview or a canary, newest first: kept, never live yet. */
  kept: string[];
}

/** The pointer: which version is live, and the ones before it; null before the first deploy. */
export function readPointer(deployRoot: string): DeployPointer | null {
  try {
    const pointer = JSON.parse(readFileSync(path.join(deployRoot, POINTER_FILE), 'utf8')) as {
      version?: unknown;
      history?: unknown;
      kept?: unknown;
    };
    const ids = (list: unknown) =>
      Array.isArray(list)
        ? list.filter((id): id is string => typeof id === 'string' && VERSION_PATTERN.test(id))
        : [];
    if (typeof pointer.version === 'string' && VERSION_PATTERN.test(pointer.version)) {
      return {
        version: pointer.version,
        history: Array.isArray(pointer.history) ? ids(pointer.history) : [pointer.version],
        kept: ids(pointer.kept),
      };
    }
  } catch {
    // No deploy yet.
  }
  return null;
}
