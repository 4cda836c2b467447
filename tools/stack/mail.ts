// The stack's launcher of the mail catcher (MailDev, tools/stack/mail-catcher.ts,
// docs/decisions/205): the SMTP server the content API sends the site's mail to (SMTP_URL) and
// the page where the owner reads it, both on 127.0.0.1. A port in use is said, with its setting,
// and the stack goes on without it: the site then sends no mail unless the dashboard has an SMTP
// server.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MAILDEV_BIN, MAIL_CATCHER_HOST, mailCatcherCommand, mailCatcherUrl } from './mail-catcher';
import type { StackSetup } from './setup';
import { readyOrExited } from './supervisor';
import type { Supervisor } from './supervisor';

/** How long MailDev has to answer (it does in about a second). */
const READY_TIMEOUT_MS = 30_000;

/** Whether something listens on `port` on 127.0.0.1 (or on every interface). */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen({ port, host: MAIL_CATCHER_HOST, exclusive: true }, () =>
      probe.close(() => resolve(false)),
    );
  });
}

/** The catcher's SMTP address, as the API's SMTP_URL names it. */
export function mailCatcherSmtpUrl(setup: StackSetup): string {
  return `smtp://${MAIL_CATCHER_HOST}:${setup.mailCatcher.smtpPort}`;
}

/** Starts the catcher; resolves whether it answers (false: a port in use, or it exited). */
export async function launchMailCatcher(
  supervisor: Supervisor,
  setup: StackSetup,
): Promise<boolean> {
  const { smtpPort, webPort } = setup.mailCatcher;
  if (!existsSync(MAILDEV_BIN)) {
    supervisor.log('mail catcher not installed (node_modules/maildev is missing): run npm ci');
    return false;
  }
  for (const [port, setting] of [
    [smtpPort, 'MAIL_SMTP_PORT'],
    [webPort, 'MAIL_WEB_PORT'],
  ] as const) {
    if (await portTaken(port)) {
      supervisor.log(
        `mail catcher not started: port ${port} (${setting}) is in use, so mail the site sends ` +
          `is not caught; set ${setting} to a free port`,
      );
      return false;
    }
  }
  // This run's mails, removed when the catcher exits.
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-mail-'));
  const catcher = mailCatcherCommand({ smtpPort, webPort, mailDir });
  const child = supervisor.run('mail', catcher.command, catcher.args, { env: catcher.env });
  child.once('exit', () => rmSync(mailDir, { recursive: true, force: true }));
  const ready = await readyOrExited(
    supervisor.whenReady(
      child,
      `${mailCatcherUrl(webPort)}/healthz`,
      'Mail catcher',
      READY_TIMEOUT_MS,
    ),
  );
  if (!ready) supervisor.log('mail catcher not running: mail the site sends is not caught');
  return ready;
}
