// User profile documents (users/{uid}), behind one interface with two adapters: the content API
// (embedded default) and Firestore (a real Firebase project). Runtime config picks one.
import { ApiError, getMyProfile, putMyProfile } from '@portfolio/shared/api-client';
import { getRuntimeConfig } from '@portfolio/shared/config';
import { getFirebaseFirestore, getFirestoreSdk } from '@portfolio/shared/firebase';
import type { Role, UserProfile } from '@portfolio/shared/types';

/** Whose profile: a Firebase User satisfies this (the API adapter needs the ID token). */
export interface ProfileOwner {
  uid: string;
  getIdToken(forceRefresh?: boolean): Promise<string>;
}

/** The fields a user may write. The role is never among them: creation always sets 'user'. */
export type ProfileFields = Partial<Pick<UserProfile, 'email' | 'username' | 'name' | 'photoURL'>>;

export const NEW_PROFILE_ROLE: Role = 'user';

export interface ProfileStore {
  /** The stored profile, or null when none was written yet. */
  get(owner: ProfileOwner): Promise<UserProfile | null>;
  /** Writes a new profile with role 'user' (spec: new sign-ups and first-time Google users). */
  create(owner: ProfileOwner, fields: ProfileFields): Promise<UserProfile>;
  /** Changes some fields of an existing profile; the stored role stays as it is. */
  update(owner: ProfileOwner, fields: ProfileFields): Promise<UserProfile>;
}

/** Drops undefined values: Firestore rejects them, and the API would store nothing anyway. */
function definedFields(fields: ProfileFields): ProfileFields {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as ProfileFields;
}

export const USERS_COLLECTION = 'users';

/** A stored document as a typed profile (the API may send a null email). */
function toProfile(uid: string, data: Record<string, unknown>): UserProfile {
  const profile: UserProfile = {
    uid,
    email: typeof data.email === 'string' ? data.email : '',
    role: data.role === 'admin' ? 'admin' : 'user',
  };
  for (const key of ['username', 'name', 'photoURL'] as const) {
    const value = data[key];
    if (typeof value === 'string') profile[key] = value;
  }
  return profile;
}

/** Content API: GET/PUT /api/users/me with the owner's ID token. */
export function createApiProfileStore(): ProfileStore {
  return {
    async get(owner) {
      try {
        const profile = await getMyProfile({ token: await owner.getIdToken() });
        return toProfile(owner.uid, { ...profile });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    async create(owner, fields) {
      // The server accepts role only as 'user' on creation (anything else is 403).
      const profile = await putMyProfile(
        { ...definedFields(fields), role: NEW_PROFILE_ROLE },
        { token: await owner.getIdToken() },
      );
      return toProfile(owner.uid, { ...profile });
    },
    async update(owner, fields) {
      const profile = await putMyProfile(definedFields(fields), {
        token: await owner.getIdToken(),
      });
      return toProfile(owner.uid, { ...profile });
    },
  };
}

/** Firestore: users/{uid}; firestore.rules let a user create it as 'user' and never change role. */
export function createFirestoreProfileStore(): ProfileStore {
  const documentOf = async (uid: string) => {
    const [db, sdk] = await Promise.all([getFirebaseFirestore(), getFirestoreSdk()]);
    return { ref: sdk.doc(db, USERS_COLLECTION, uid), sdk };
  };
  const read = async (uid: string): Promise<UserProfile | null> => {
    const { ref, sdk } = await documentOf(uid);
    const snapshot = await sdk.getDoc(ref);
    return snapshot.exists() ? toProfile(uid, snapshot.data()) : null;
  };
  return {
    get: (owner) => read(owner.uid),
    async create(owner, fields) {
      const { ref, sdk } = await documentOf(owner.uid);
      const data = { ...definedFields(fields), role: NEW_PROFILE_ROLE };
      await sdk.setDoc(ref, data);
      return toProfile(owner.uid, data);
    },
    async update(owner, fields) {
      const { ref, sdk } = await documentOf(owner.uid);
      await sdk.updateDoc(ref, definedFields(fields));
      const profile = await read(owner.uid);
      if (!profile) throw new Error(`Profile ${USERS_COLLECTION}/${owner.uid} disappeared.`);
      return profile;
    },
  };
}

/** The adapter the runtime config names (`profileStore`: 'api' by default, or 'firestore'). */
export function getProfileStore(): ProfileStore {
  return getRuntimeConfig().profileStore === 'firestore'
    ? createFirestoreProfileStore()
    : createApiProfileStore();
}
