// See app.ts: the Firestore functions the profile store uses, loaded through getFirestoreSdk().
export { doc, getDoc, getFirestore, setDoc, updateDoc } from 'firebase/firestore';
