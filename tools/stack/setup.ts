// What the stack's launchers share: its settings, read once by the stack's schema
// (tools/stack/settings.ts, docs/decisions/147), and what follows from them: where the
// services bind and how the browser names them, whether the Auth emulator runs, the mail
// catcher's ports, the key of the site's own content event streams.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { portOf } from '@portfolio/platform/apps';
import type { AppInfo } from '@portfolio/platform/apps';
// By path: the platform's package names no entry for it (docs/decisions/147).
import type { StackSettings } from './settings';
import { ROOT } from '../root';

export interface StackSetup {
  /** The settings as read. */
  settings: StackSettings;
  /** The address the services listen on (HOST). */
  bindHost: string;
  /** The host name a browser on this machine reaches them by. */
  publicHost: string;
  /** The host name in the site's own addresses. */
  siteHostname: string;
  apiPort: number;
  emulatorPort: number;
  /** Whether the stack runs the Auth emulator (no Firebase project given, or one named). */
  useEmulator: boolean;
  /** Where the emulator keeps its accounts between runs. */
  emulatorDataDir: string;
  /** The mail catcher's ports, on 127.0.0.1 (docs/decisions/205). */
  mailCatcher: { smtpPort: number; webPort: number };
  /** LOG_REQUESTS as the API and the site's server read it. */
  logRequests: 'on' | 'off';
  /** The key of the site's own content event streams (docs/decisions/083). */
  contentEventsKey: string;
  /** The port an app is served on. */
  appPort(app: AppInfo): number;
}

export function stackSetup(
  settings: StackSettings,
  newKey: () => string = () => randomBytes(32).toString('hex'),
): StackSetup {
  const bindHost = settings.HOST;
  const publicHost = bindHost === '0.0.0.0' || bindHost === '::' ? 'localhost' : bindHost;
  return {
    settings,
    bindHost,
    publicHost,
    siteHostname: publicHost === '127.0.0.1' ? 'localhost' : publicHost,
    apiPort: settings.API_PORT,
    emulatorPort: settings.AUTH_EMULATOR_PORT,
    useEmulator: !settings.FIREBASE_API_KEY || Boolean(settings.AUTH_EMULATOR_URL),
    emulatorDataDir: path.resolve(ROOT, settings.EMULATOR_DATA_DIR),
    mailCatcher: { smtpPort: settings.MAIL_SMTP_PORT, webPort: settings.MAIL_WEB_PORT },
    // The API's and the site's info line per request would only be dropped here (readableLogLine).
    logRequests: settings.LOG_REQUESTS ? 'on' : 'off',
    // The setting when given, else one made for this run, known only to the API and the site's
    // server the stack starts.
    contentEventsKey: settings.CONTENT_EVENTS_KEY || newKey(),
    appPort: (app) => portOf(app, settings),
  };
}
