/** @jest-environment node */
// The mail catcher of the stack (MailDev, docs/decisions/205), for real: the stack's launcher
// starts it on a block of free ports on 127.0.0.1, the API's site mailer sends to it as
// SMTP_URL, and the JSON API gives the mail back (caughtMails, waitForMail). A second catcher on
// ports in use is not started and says which setting to change. Every connection is to 127.0.0.1.
import os from 'node:os';
import { createSiteMailer } from '@portfolio/content-api/mail';
import { claimBlock, release } from '@portfolio/testing/free-ports';
import {
  caughtMails,
  clearCaughtMails,
  mailCatcherCommand,
  waitForMail,
} from './stack/mail-catcher';
import { launchMailCatcher, mailCatcherSmtpUrl } from './stack/mail';
import { readStackSettings } from './stack/settings';
import { stackSetup } from './stack/setup';
import type { StackSetup } from './stack/setup';
import { createSupervisor } from './stack/supervisor';
import type { Supervisor } from './stack/supervisor';

type SiteMailerDb = Parameters<typeof createSiteMailer>[0]['db'];

/**
 * A database with no dashboard SMTP settings (no row): the mailer then sends through SMTP_URL.
 * The only query the mailer makes is that row's select.
 */
const noDashboardSettings = {
  select: () => ({ from: () => ({ where: () => Promise.resolve([]) }) }),
} as unknown as SiteMailerDb;

describe('the mail catcher', () => {
  let base: number;
  let setup: StackSetup;
  let supervisor: Supervisor;
  let lines: string[];
  let webPort: number;

  const supervise = () =>
    createSupervisor({
      label: 'test',
      cwd: os.tmpdir(),
      output: { log: (line) => lines.push(line), error: (line) => lines.push(`!${line}`) },
      exit: () => {},
      handleSignals: false,
    });
  const setupOn = (smtpPort: number, web: number) =>
    stackSetup(
      readStackSettings({ MAIL_SMTP_PORT: String(smtpPort), MAIL_WEB_PORT: String(web) }),
      () => 'a-key-of-this-run',
    );

  beforeAll(async () => {
    lines = [];
    base = await claimBlock({ offsets: [0, 1] });
    webPort = base + 1;
    setup = setupOn(base, webPort);
    supervisor = supervise();
    expect(await launchMailCatcher(supervisor, setup)).toBe(true);
  });

  afterAll(async () => {
    await supervisor?.stop();
    await release(base);
  });

  it('listens on 127.0.0.1 only, on the ports of its settings', () => {
    expect(lines).toEqual(
      expect.arrayContaining([
        `[mail] MailDev webapp running at http://127.0.0.1:${webPort}/`,
        `[mail] MailDev SMTP Server running at 127.0.0.1:${base}`,
      ]),
    );
    expect(mailCatcherSmtpUrl(setup)).toBe(`smtp://127.0.0.1:${base}`);
  });

  it("catches what the site's mailer sends, and gives it back", async () => {
    await clearCaughtMails(webPort);
    const mailer = createSiteMailer({
      db: noDashboardSettings,
      defaultSmtpUrl: mailCatcherSmtpUrl(setup),
    });
    await mailer.send({
      to: 'Ada Lovelace <ada@example.com>',
      subject: 'Grace replied to your comment',
      text: 'Read her reply on the site.',
      html: '<p>Read <a href="http://localhost:3000/blog/x">her reply</a> on the site.</p>',
      headers: { 'List-Unsubscribe': '<http://localhost:3000/unsubscribe/abc>' },
    });
    const mail = await waitForMail(webPort, (one) => one.subject.startsWith('Grace replied'));
    expect(mail.from).toEqual([{ address: 'no-reply@localhost', name: 'Portfolio' }]);
    expect(mail.to).toEqual([{ address: 'ada@example.com', name: 'Ada Lovelace' }]);
    expect(mail.text?.trim()).toBe('Read her reply on the site.');
    expect(mail.html).toContain('her reply</a>');
    expect(mail.headers['list-unsubscribe']).toBe('<http://localhost:3000/unsubscribe/abc>');

    await clearCaughtMails(webPort);
    expect(await caughtMails(webPort)).toEqual([]);
  });

  it('is not started on a port in use, and says which setting moves it', async () => {
    const before = lines.length;
    // The first catcher holds both ports: a second one on the same web port.
    expect(await launchMailCatcher(supervisor, setupOn(base + 1, webPort))).toBe(false);
    expect(lines.slice(before)).toEqual([
      `[test] mail catcher not started: port ${webPort} (MAIL_SMTP_PORT) is in use, so mail the ` +
        'site sends is not caught; set MAIL_SMTP_PORT to a free port',
    ]);
  });

  it("is never told another MailDev's settings (a relay onwards)", () => {
    const command = mailCatcherCommand(
      { smtpPort: 1025, webPort: 1080, mailDir: '/tmp/mail' },
      { MAILDEV_OUTGOING_HOST: 'smtp.example.com', MAILDEV_AUTO_RELAY: 'a@example.com', HOME: '/' },
    );
    expect(command.env).toEqual({ MAILDEV_OUTGOING_HOST: '', MAILDEV_AUTO_RELAY: '' });
    expect(command.args.slice(1)).toEqual([
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1',
      '--smtp',
      '1025',
      '--web',
      '1080',
      '--mail-directory',
      '/tmp/mail',
    ]);
  });
});
