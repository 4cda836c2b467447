// The mail catcher of `npm start` and `npm run dev` (MailDev, docs/decisions/205): how it is
// run, and how a test or a browser spec reads what it caught, through its JSON API on
// 127.0.0.1 (`@portfolio/tools/mail-catcher`). The stack's launcher is tools/stack/mail.ts.
//   const mails = await caughtMails(Number(process.env.MAIL_WEB_PORT ?? 1080));
import path from 'node:path';
import { ROOT } from '../root';

/** MailDev's command line (the package's bin, run by this Node). */
export const MAILDEV_BIN = path.join(ROOT, 'node_modules', 'maildev', 'bin', 'maildev');

/** Where the catcher listens: this machine only, whatever HOST the stack binds the site to. */
export const MAIL_CATCHER_HOST = '127.0.0.1';

/** A mail as MailDev's JSON API answers it (the fields the project reads). */
export interface CaughtMail {
  id: string;
  /** When it arrived (an ISO date). */
  time: string;
  subject: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  text?: string;
  html?: string;
  /** Its headers, names in lower case. */
  headers: Record<string, string | string[]>;
}

export interface MailCatcherCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * How to run the catcher: SMTP on `smtpPort` and its page and JSON API on `webPort`, both on
 * 127.0.0.1 (MailDev's own defaults listen on every interface), its mails in `mailDir`.
 */
export function mailCatcherCommand(
  { smtpPort, webPort, mailDir }: { smtpPort: number; webPort: number; mailDir: string },
  env: NodeJS.ProcessEnv = process.env,
): MailCatcherCommand {
  return {
    command: process.execPath,
    args: [
      MAILDEV_BIN,
      '--ip',
      MAIL_CATCHER_HOST,
      '--web-ip',
      MAIL_CATCHER_HOST,
      '--smtp',
      String(smtpPort),
      '--web',
      String(webPort),
      '--mail-directory',
      mailDir,
    ],
    // MailDev reads a MAILDEV_* variable for every option it is not given, a relay to another
    // server (MAILDEV_OUTGOING_HOST, MAILDEV_AUTO_RELAY) among them: none of another MailDev's
    // reaches this one (an empty value is its default).
    env: Object.fromEntries(
      Object.keys(env)
        .filter((name) => name.startsWith('MAILDEV_'))
        .map((name) => [name, '']),
    ),
  };
}

/** The catcher's address for `webPort`. */
export function mailCatcherUrl(webPort: number): string {
  return `http://${MAIL_CATCHER_HOST}:${webPort}`;
}

async function answer(response: Response, what: string): Promise<Response> {
  if (!response.ok) {
    throw new Error(`The mail catcher answered ${response.status} to ${what}`);
  }
  return response;
}

/** Every mail the catcher on `webPort` holds, oldest first. */
export async function caughtMails(webPort: number): Promise<CaughtMail[]> {
  const response = await fetch(`${mailCatcherUrl(webPort)}/email`, {
    signal: AbortSignal.timeout(5000),
  });
  return (await (await answer(response, 'GET /email')).json()) as CaughtMail[];
}

/** Empties the catcher on `webPort` (a spec's own inbox from a clean start). */
export async function clearCaughtMails(webPort: number): Promise<void> {
  const response = await fetch(`${mailCatcherUrl(webPort)}/email/all`, {
    method: 'DELETE',
    signal: AbortSignal.timeout(5000),
  });
  await answer(response, 'DELETE /email/all');
}

/**
 * The first mail on `webPort` that `matches`, waiting for it to arrive (the site sends after
 * its answer); rejects after `timeoutMs`.
 */
export async function waitForMail(
  webPort: number,
  matches: (mail: CaughtMail) => boolean,
  timeoutMs = 10_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await caughtMails(webPort)).find(matches);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`No such mail in the mail catcher within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
