// Development convenience: with the Auth emulator, make sure an admin account exists so the
// admin pages can be tried at once. Never used in production (see startupRefusal in config.ts).
import type { Database } from '../db/connect.js';
import { setProfileRole } from '../features/users/repository.js';
import type { AccountAdmin } from './firebase.js';

export interface DevAdminOptions {
  auth: AccountAdmin;
  /**
   * Whether `password` signs `email` in now (emulatorPasswordCheck). Setting a password ends
   * every session of the account, so it is set only when it no longer works (ADR 113).
   */
  passwordWorks: (email: string, password: string) => Promise<boolean>;
  db: Database;
  email: string;
  password: string;
  /** Receives the one line announcing the credentials. */
  log: (line: string) => void;
  /** How long to keep retrying while the emulator starts. */
  timeoutMs?: number;
  retryDelayMs?: number;
}

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

async function ensureOnce({
  auth,
  db,
  email,
  password,
  passwordWorks,
}: DevAdminOptions): Promise<string> {
  let user;
  try {
    user = await auth.getUserByEmail(email);
    // Keep the announced password true even if someone changed it in the emulator UI, but only
    // then: a new password revokes the account's sessions (a restart would sign the admin out).
    if (!(await passwordWorks(email, password))) await auth.updateUser(user.uid, { password });
  } catch (error) {
    if (errorCode(error) !== 'auth/user-not-found') throw error;
    user = await auth.createUser({
      email,
      password,
      emailVerified: true,
      displayName: 'Dev Admin',
    });
  }
  if (user.customClaims?.role !== 'admin') {
    await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), role: 'admin' });
  }
  await setProfileRole(db, { uid: user.uid, email }, 'admin');
  return user.uid;
}

/** Creates or repairs the dev admin (claim role=admin, profile role admin). Returns its uid. */
export async function ensureDevAdmin(options: DevAdminOptions): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  for (;;) {
    try {
      const uid = await ensureOnce(options);
      options.log(`Dev admin ready: sign in as ${options.email} with password ${options.password}`);
      return uid;
    } catch (error) {
      if (Date.now() + retryDelayMs > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
    }
  }
}

/**
 * Asks the Auth emulator at `emulatorHost` (host:port) whether the password signs the account
 * in. Signing in changes nothing of the account's sessions; an account without that password
 * (or none at all) is a 400.
 */
export function emulatorPasswordCheck(
  emulatorHost: string,
): (email: string, password: string) => Promise<boolean> {
  return async (email, password) => {
    const response = await fetch(
      `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=emulator`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: false }),
      },
    );
    return response.ok;
  };
}
