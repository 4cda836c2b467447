// The texts of the emulator-only Google account chooser (docs/decisions/124). Not in
// ../../texts.ts: that module is compiled into every page's chunk, and these are only needed by
// the chooser's own chunk, loaded on demand.
/** The dialog's name and heading. */
export const GOOGLE_CHOOSER_TITLE = 'Choose a Google account';
export const GOOGLE_CHOOSER_NOTICE =
  'This site runs on the Firebase Auth emulator: pick a test identity. No real Google account is used.';
export const GOOGLE_CHOOSER_ACCOUNTS_LABEL = 'Test identities';
export const GOOGLE_CHOOSER_ANOTHER = 'Use another account';
export const GOOGLE_CHOOSER_NAME_LABEL = 'Name';
export const GOOGLE_CHOOSER_PHOTO_LABEL = 'Photo URL (optional)';
export const GOOGLE_CHOOSER_PHOTO_HINT = 'An http:// or https:// address of a picture.';
export const GOOGLE_CHOOSER_CONTINUE = 'Continue';
export const GOOGLE_CHOOSER_BACK = 'Back';
export const GOOGLE_CHOOSER_CANCEL = 'Cancel';
