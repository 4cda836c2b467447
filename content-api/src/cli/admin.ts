// npm run admin -w @portfolio/content-api -- grant <email> | revoke <email>
// Sets the `role` custom claim (admin or user) and mirrors it into the profile.
// Against the emulator when FIREBASE_AUTH_EMULATOR_HOST is set; otherwise against the real
// project (needs Google application default credentials).
import { getFirebaseAuth, setRoleClaim } from '../auth/firebase.js';
import type { Role } from '../auth/identity.js';
import { readConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { setProfileRole } from '../features/users/repository.js';

const USAGE = 'Usage: npm run admin -w @portfolio/content-api -- <grant|revoke> <email>';
const ROLE_BY_COMMAND: Record<string, Role> = { grant: 'admin', revoke: 'user' };

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  const role = command ? ROLE_BY_COMMAND[command] : undefined;
  if (!role || !email) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig(process.env);
  const auth = await getFirebaseAuth(config.firebaseProjectId);
  const account = await setRoleClaim(auth, email, role);
  console.log(`Custom claim role=${role} set for ${account.email} (uid ${account.uid}).`);

  try {
    const database = await openDatabase(
      config.databaseUrl
        ? { driver: 'postgres', url: config.databaseUrl }
        : { driver: 'pglite', dataDir: config.dataDir },
    );
    try {
      await setProfileRole(database.db, account, role);
    } finally {
      await database.close();
    }
    console.log(`Profile role set to ${role}.`);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The running server owns the embedded database; it mirrors the claim into the profile
    // the next time this user calls /api/users/me with a fresh token.
    console.log('The API server is using the embedded database: the profile will follow the');
    console.log('claim when the user next signs in.');
  }
  console.log('The user must sign in again (or refresh the ID token) for the change to apply.');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    console.error(
      code === 'auth/user-not-found'
        ? `No Firebase user with that email. ${USAGE}`
        : error instanceof Error
          ? error.message
          : error,
    );
    process.exit(1);
  },
);
