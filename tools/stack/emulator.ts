// The stack's launcher of the Firebase Auth emulator: run with the accounts of its folder, and
// the sessions of before a restart kept valid (tools/auth-emulator.ts, docs/decisions/113).
import { authEmulatorCommand, exportedAccounts, keepSessions } from '../auth-emulator';
import type { StackSetup } from './setup';
import { readyOrExited } from './supervisor';
import type { Supervisor } from './supervisor';

/**
 * Starts the emulator, unless the stack uses a real Firebase project. Resolves whether it
 * answers, its accounts restored.
 */
export async function launchAuthEmulator(
  supervisor: Supervisor,
  setup: StackSetup,
): Promise<boolean> {
  if (!setup.useEmulator) return true;
  const projectId = setup.settings.FIREBASE_PROJECT_ID;
  // Read before it starts: the emulator's import resets what keepSessions() puts back.
  const accounts = exportedAccounts(setup.emulatorDataDir) ?? [];
  const emulator = authEmulatorCommand({
    port: setup.emulatorPort,
    projectId,
    dataDir: setup.emulatorDataDir,
  });
  const child = supervisor.run('auth-emulator', emulator.command, emulator.args, {
    env: emulator.env,
  });
  const origin = `http://127.0.0.1:${setup.emulatorPort}`;
  if (!(await readyOrExited(supervisor.whenReady(child, `${origin}/`, 'Auth emulator')))) {
    return false;
  }
  try {
    const kept = await keepSessions({ origin, projectId, accounts });
    if (kept > 0) supervisor.log(`auth emulator: ${kept} account(s) imported with their sessions`);
  } catch (error) {
    supervisor.log(
      `auth emulator: sessions of before the restart may be refused (${(error as Error).message})`,
    );
  }
  return true;
}
