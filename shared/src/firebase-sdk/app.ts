// The parts of the Firebase SDK the site uses. Only shared/src/firebase.ts loads these modules:
// Firebase is bundled inside that federation singleton instead of being shared whole, so it is
// tree-shaken to these names and there is still one SDK instance on the page.
export { getApp, getApps, initializeApp } from 'firebase/app';
