import type { ApiUserProfile } from '@portfolio/contract';
import { eq } from 'drizzle-orm';
import type { Role } from '../../auth/identity.js';
import type { Database } from '../../db/connect.js';
import { profiles } from '../../db/schema.js';

// The profile as the API answers it is the API's contract (docs/decisions/052).
export type Profile = ApiUserProfile;

export interface ProfileFields {
  /** null: the account has no e-mail address. */
  email?: string | null;
  username?: string;
  name?: string;
  photoURL?: string;
}

type ProfileRow = typeof profiles.$inferSelect;

function toProfile(row: ProfileRow): Profile {
  const profile: Profile = {
    uid: row.uid,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'user',
  };
  if (row.username) profile.username = row.username;
  if (row.name) profile.name = row.name;
  if (row.photoUrl) profile.photoURL = row.photoUrl;
  return profile;
}

function toColumns(fields: ProfileFields) {
  const columns: Partial<Pick<ProfileRow, 'email' | 'username' | 'name' | 'photoUrl'>> = {};
  if (fields.email !== undefined) columns.email = fields.email?.trim() ?? null;
  if (fields.username !== undefined) columns.username = fields.username.trim();
  if (fields.name !== undefined) columns.name = fields.name.trim();
  if (fields.photoURL !== undefined) columns.photoUrl = fields.photoURL;
  return columns;
}

export async function findProfile(db: Database, uid: string): Promise<Profile | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.uid, uid));
  return row && toProfile(row);
}

/**
 * Creates or updates the profile. `role` is what the caller's verified claim grants: the profile
 * only mirrors it, so writing it here can never raise anyone's rights.
 */
export async function upsertProfile(
  db: Database,
  uid: string,
  fields: ProfileFields,
  role: Role,
): Promise<Profile> {
  const columns = toColumns(fields);
  const [row] = await db
    .insert(profiles)
    .values({ uid, ...columns, role })
    .onConflictDoUpdate({ target: profiles.uid, set: { ...columns, role, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('INSERT … RETURNING returned no row');
  return toProfile(row);
}

/** Mirrors a role change made on the custom claim (admin CLI, dev admin). */
export async function setProfileRole(
  db: Database,
  account: { uid: string; email: string },
  role: Role,
): Promise<void> {
  await db
    .insert(profiles)
    .values({ uid: account.uid, email: account.email, role })
    .onConflictDoUpdate({ target: profiles.uid, set: { role, updatedAt: new Date() } });
}
