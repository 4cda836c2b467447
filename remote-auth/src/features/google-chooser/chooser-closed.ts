// Closing the emulator-only Google chooser (docs/decisions/124) is closing Google's popup.

/**
 * What closing the chooser rejects with: the message Firebase gives when Google's popup is
 * closed, so a page treats both the same (/signin shows it as the provider's message).
 */
export const GOOGLE_CHOOSER_CLOSED_MESSAGE = 'Firebase: Error (auth/popup-closed-by-user).';

/** Closing the chooser: the error (and message) of a closed Google popup. */
export class GoogleChooserClosedError extends Error {
  override name = 'GoogleChooserClosedError';
  readonly code = 'auth/popup-closed-by-user';
  constructor() {
    super(GOOGLE_CHOOSER_CLOSED_MESSAGE);
  }
}
