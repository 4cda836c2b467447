// The Firebase Auth emulator of the local stack (tools/stack/emulator.ts starts it): how it is run, and how its
// accounts keep their sessions across a restart (docs/decisions/113).
//
// Accounts are kept in a folder: exported when the emulator stops, imported when it starts. The
// import goes through the emulator's batchCreate, which sets every account's `validSince` to
// the time of the import, so every ID token and session cookie issued before the restart counts
// as revoked. keepSessions() puts back each account's `validSince` as it was exported.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './root';

/** The owner token the emulator takes for its privileged (Admin SDK) calls. */
const OWNER = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

/** An account as the emulator exports it: what keepSessions() needs of it. */
export interface ExportedAccount {
  localId: string;
  validSince?: string;
}

/** A command to run: the program, its arguments, what it adds to the environment. */
export interface Command {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * The emulator's command: its own config file and hub ports (two stacks side by side never
 * share one), and its own temporary folder. The firebase CLI finds "the" emulator hub of a
 * project through a locator file in the temporary folder; shared, a stack stopping beside
 * another exported the other stack's accounts into its own folder.
 */
export function authEmulatorCommand({
  port,
  projectId,
  dataDir,
}: {
  port: number;
  projectId: string;
  dataDir: string;
}): Command {
  const configDir = path.join(ROOT, 'node_modules', '.cache', 'portfolio-emulator');
  const tmpDir = path.join(configDir, `tmp-${port}`);
  mkdirSync(tmpDir, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  const configFile = path.join(configDir, `firebase-${port}.json`);
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        // Hub and logging ports follow the emulator's, so two stacks can run side by side.
        hub: { host: '127.0.0.1', port: port + 1 },
        logging: { host: '127.0.0.1', port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const firebaseCli = path.join(
    ROOT,
    'node_modules',
    'firebase-tools',
    'lib',
    'bin',
    'firebase.js',
  );
  const args = [
    firebaseCli,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    projectId,
    '--config',
    configFile,
  ];
  // Accounts are kept across restarts: imported at start, exported on exit.
  if (exportedAccounts(dataDir)) args.push('--import', dataDir);
  args.push('--export-on-exit', dataDir);
  return {
    command: process.execPath,
    args,
    // Nothing leaves the machine: without CI set, firebase-tools fetches its message of the day
    // from firebaseio.com once a day at start (lib/fetchMOTD.js; CI changes nothing else the Auth
    // emulator does), and the update notifier asks the npm registry.
    env: { CI: '1', NO_UPDATE_NOTIFIER: '1', TMPDIR: tmpDir, TMP: tmpDir, TEMP: tmpDir },
  };
}

/** The accounts the folder holds, as the emulator exported them (undefined: nothing exported). */
export function exportedAccounts(dataDir: string): ExportedAccount[] | undefined {
  try {
    readFileSync(path.join(dataDir, 'firebase-export-metadata.json'));
  } catch {
    return undefined;
  }
  try {
    const file = readFileSync(path.join(dataDir, 'auth_export', 'accounts.json'), 'utf8');
    const { users } = JSON.parse(file) as { users?: unknown };
    return Array.isArray(users) ? (users as ExportedAccount[]) : [];
  } catch {
    return [];
  }
}

/**
 * After the emulator imported `accounts` (read before it started: exportedAccounts), gives each
 * its exported `validSince` back, so the sessions of before the restart stay valid. Resolves
 * with the number of accounts restored; rejects if the import does not show within the time.
 */
export async function keepSessions({
  origin,
  projectId,
  accounts,
  timeoutMs = 60_000,
}: {
  origin: string;
  projectId: string;
  accounts: ExportedAccount[];
  timeoutMs?: number;
}): Promise<number> {
  const kept = accounts.filter(
    (account) => typeof account.localId === 'string' && /^\d+$/.test(account.validSince ?? ''),
  );
  if (kept.length === 0) return 0;
  const api = `${origin}/identitytoolkit.googleapis.com/v1/projects/${projectId}`;
  // The emulator answers before its import is done; the import creates every account at once
  // (an account it refused, it skips).
  const deadline = Date.now() + timeoutMs;
  let imported = new Set<string>();
  while (imported.size === 0) {
    if (Date.now() > deadline) throw new Error('the emulator did not import its accounts in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const response = await fetch(`${api}/accounts:lookup`, {
      method: 'POST',
      headers: OWNER,
      body: JSON.stringify({ localId: kept.map((account) => account.localId) }),
    }).catch(() => undefined);
    if (!response?.ok) continue;
    const { users = [] } = (await response.json()) as { users?: { localId: string }[] };
    imported = new Set(users.map((user) => user.localId));
  }
  for (const account of kept.filter((candidate) => imported.has(candidate.localId))) {
    const response = await fetch(`${api}/accounts:update`, {
      method: 'POST',
      headers: OWNER,
      body: JSON.stringify({ localId: account.localId, validSince: account.validSince }),
    });
    if (!response.ok) {
      throw new Error(
        `the emulator refused to restore ${account.localId}: ${await response.text()}`,
      );
    }
  }
  return imported.size;
}
