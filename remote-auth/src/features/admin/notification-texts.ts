// Texts of the notification of new messages (docs/decisions/144), in the Messages tab.
export const NOTIFICATIONS_HEADING = 'Notify me of new messages';
export const NOTIFICATIONS_LOAD_ERROR = 'The notification settings could not be loaded.';
export const WEBHOOK_URL_LABEL = 'Webhook URL (optional)';
export const WEBHOOK_URL_HINT =
  'Each new message is sent there as JSON (POST), for a chat or an automation. Empty: none.';
/** Shown while a webhook is stored: the API answers its URL masked (docs/decisions/163). */
export const WEBHOOK_URL_KEPT_HINT =
  'A webhook is stored: its address is shown without its secret part. Leave it as it is to ' +
  'keep it, or enter a new one. Empty: none.';
export const EMAIL_NOTIFY_LABEL = 'E-mail me each new message';
export const EMAIL_TO_LABEL = 'Send to';
export const EMAIL_FROM_LABEL = 'Send from';
export const SMTP_HOST_LABEL = 'SMTP server';
export const SMTP_PORT_LABEL = 'Port';
export const SMTP_SECURE_LABEL = 'TLS from the start (usually port 465)';
export const SMTP_SECURE_HINT = 'Otherwise TLS is used when the server offers it (port 587).';
export const SMTP_USER_LABEL = 'User name (optional)';
export const SMTP_PASSWORD_LABEL = 'Password';
export const SMTP_PASSWORD_KEPT_HINT =
  'A password is stored: leave this empty to keep it. It is never shown again.';
export const SMTP_PASSWORD_HINT = 'Stored with the settings; never shown again.';
export const SAVE_NOTIFICATIONS_LABEL = 'Save notifications';
export const NOTIFICATIONS_SAVED = 'Notification settings saved.';
export const NOTIFICATIONS_SAVE_ERROR = 'The notification settings could not be saved.';
export const TEST_NOTIFICATIONS_LABEL = 'Send a test';
export const TEST_BUSY = 'Sending a test...';
export const NOTHING_TO_TEST = 'Nothing is set: save a webhook or an e-mail first.';
/** "Webhook: sent." / "E-mail: not sent: connect ECONNREFUSED…" */
export const testOutcome = (way: 'Webhook' | 'E-mail', outcome: string): string =>
  outcome === 'ok' ? `${way}: sent.` : `${way}: not sent: ${outcome}`;
/** The SMTP port a new e-mail setting starts with (submission, STARTTLS). */
export const DEFAULT_SMTP_PORT = 587;
