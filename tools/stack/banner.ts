// What the stack prints once everything it started answers (or did not): where each service is.
import { APPS } from '@portfolio/platform/apps';
import { MAIL_CATCHER_HOST, mailCatcherUrl } from './mail-catcher';
import type { StackSetup } from './setup';

export interface BannerState {
  apiReady: boolean;
  emulatorReady: boolean;
  /** Whether the mail catcher answers; undefined: this stack did not start it. */
  mailReady?: boolean;
}

/** The banner's lines, each printed as a line of the stack's own. */
export function bannerLines(
  setup: StackSetup,
  { apiReady, emulatorReady, mailReady }: BannerState,
): string[] {
  const url = `http://${setup.siteHostname}:${setup.appPort(APPS[0]!)}`;
  const lines = [
    `site:          ${url}`,
    `content API:   http://${setup.publicHost}:${setup.apiPort}/api ${apiReady ? '' : '(not running)'}`,
  ];
  if (setup.useEmulator) {
    lines.push(
      `auth emulator: http://127.0.0.1:${setup.emulatorPort} ${emulatorReady ? '' : '(not running)'}`,
    );
  }
  if (mailReady === true) {
    const { smtpPort, webPort } = setup.mailCatcher;
    lines.push(`mail catcher:  ${mailCatcherUrl(webPort)} (SMTP ${MAIL_CATCHER_HOST}:${smtpPort})`);
  } else if (mailReady === false) {
    lines.push('mail catcher:  not running: mail the site sends is not caught');
  }
  lines.push('press Ctrl-C to stop');
  return lines;
}
