// What the server builds bundle in place of ./app, ./auth and ./firestore
// (tools/webpack/server-config.ts, docs/decisions/197): the site's server knows its visitor by
// the site's session cookie (docs/decisions/037), never through the Firebase SDK, whose Node
// build (Firestore's gRPC and protobuf, about 3 MB) would otherwise be compiled into every server
// build. Each name refuses, saying why, should server code ever call it (on-the-server.test.ts:
// every name is here).

function browserOnly(): never {
  throw new Error(
    'Firebase runs in the browser only: the server knows its visitor by the site session (docs/decisions/197)',
  );
}

export const getApp = browserOnly;
export const getApps = browserOnly;
export const initializeApp = browserOnly;
export const GoogleAuthProvider = browserOnly;
export const browserLocalPersistence = browserOnly;
export const browserPopupRedirectResolver = browserOnly;
export const connectAuthEmulator = browserOnly;
export const createUserWithEmailAndPassword = browserOnly;
export const deleteUser = browserOnly;
export const initializeAuth = browserOnly;
export const onIdTokenChanged = browserOnly;
export const sendPasswordResetEmail = browserOnly;
export const setPersistence = browserOnly;
export const signInWithCredential = browserOnly;
export const signInWithEmailAndPassword = browserOnly;
export const signInWithPopup = browserOnly;
export const signOut = browserOnly;
export const updateProfile = browserOnly;
export const doc = browserOnly;
export const getDoc = browserOnly;
export const getFirestore = browserOnly;
export const setDoc = browserOnly;
export const updateDoc = browserOnly;
