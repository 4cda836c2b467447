// Development convenience: with the Auth emulator, make sure an admin account exists so the
// admin pages can be tried at once. Never used in production (see startupRefusal in config.ts).
import type { Database } from '../db/connect.js';
import { setProfileRole } from '../features/users/repository.js';
import type { AccountAdmin } from './firebase.js';

export interface DevAdminOptions {
  auth: AccountAdmin;
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

async function ensureOnce({ auth, db, email, password }: DevAdminOptions): Promise<string> {
  let user;
  try {
    user = await auth.getUserByEmail(email);
    // Keep the announced password true even if someone changed it in the emulator UI.
    await auth.updateUser(user.uid, { password });
  } catch (error) {
    if (errorCode(error) !== 'auth/user-not-found') throw error;
    user = await auth.createUser({
      email,
      password,
      emailVerified: true,
      displayName: 'Dev Admin',
    });
  }
  await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), role: 'admin' });
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
