// The stack's launcher of the site's server (shell/server/): a child process, which starts its own
// SITE_WORKERS workers. How it runs is the caller's (its build under `npm start`, its sources
// under `tsx watch` in `npm run dev`); where it listens and what it shares with the API (the
// content events key, whether requests are logged) is the stack's.
import type { ChildProcess } from 'node:child_process';
import { APPS } from '@portfolio/platform/apps';
import { previewSecret } from '../preview-secret';
import { readableLogLine } from './log-lines';
import type { StackSetup } from './setup';
import { ChildExitedError } from './supervisor';
import type { Supervisor } from './supervisor';

/** How the site's server runs: the program, its arguments, what it adds to the environment. */
export interface SiteServerCommand {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/**
 * A remote's dev server puts its hot-update client in the server builds too, where it only says
 * it waits (harmless: nothing in Node ever signals it).
 */
function siteLogLine(line: string): string | null {
  const readable = readableLogLine(line);
  return readable?.startsWith('[HMR] ') ? null : readable;
}

/**
 * Starts the site's server; resolves once it answers. Rejects if it exits first (a port in use, a
 * build missing) or does not answer in time: the site is what the stack is for.
 */
export async function launchSiteServer(
  supervisor: Supervisor,
  setup: StackSetup,
  how: SiteServerCommand,
): Promise<ChildProcess> {
  const shell = APPS[0]!;
  const port = setup.appPort(shell);
  const child = supervisor.run('site', how.command, how.args, {
    env: {
      SHELL_PORT: String(port),
      HOST: setup.bindHost,
      SITE_HOSTNAME: setup.siteHostname,
      LOG_REQUESTS: setup.logRequests,
      CONTENT_EVENTS_KEY: setup.contentEventsKey,
      // The key `npm run deploy -- <remote> --preview` signs its links with (ADR 191).
      PREVIEW_SECRET: previewSecret(),
      ...how.env,
    },
    formatLine: siteLogLine,
  });
  let ready: boolean;
  try {
    ready = await supervisor.whenReady(child, `http://127.0.0.1:${port}/healthz`, 'Site');
  } catch (error) {
    if (!(error instanceof ChildExitedError)) throw error;
    throw new Error(
      `the site's server exited (${error.exit}) before it answered; is port ${port} free? Set ${shell.portEnv}`,
      { cause: error },
    );
  }
  if (!ready) throw new Error(`the site's server did not answer on port ${port}`);
  return child;
}
