// What the stack prints once everything it started answers (or did not): where each service is.
import { APPS } from '@portfolio/platform/apps';
import type { StackSetup } from './setup';

/** The banner's lines, each printed as a line of the stack's own. */
export function bannerLines(
  setup: StackSetup,
  { apiReady, emulatorReady }: { apiReady: boolean; emulatorReady: boolean },
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
  lines.push('press Ctrl-C to stop');
  return lines;
}
