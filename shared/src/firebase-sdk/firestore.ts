// See app.ts: the Firestore functions the profile store uses, loaded through getFirestoreSdk().
// Firestore Lite (docs/decisions/199): the profile store reads and writes one document at a
// time and listens to nothing, which the Lite SDK does over REST in a quarter of the full SDK's
// code (no WebChannel, no offline cache): less for a visitor to load, and for every build.
export { doc, getDoc, getFirestore, setDoc, updateDoc } from 'firebase/firestore/lite';
