// The site's mailer (docs/decisions/205): the dashboard's SMTP server when one is saved, else
// SMTP_URL (a server on this machine only), else a clear refusal. Every server here is a test
// sink on 127.0.0.1, and a tripwire refuses any connection off loopback: a refused SMTP_URL is
// refused before a packet is sent.
import net from 'node:net';
import type { DatabaseHandle } from '../db/connect.js';
import { SMTP_FAILURES, saveNotificationSettings } from '../features/contact/notifications.js';
import { createTestDatabase, testDrivers } from '../testing/databases.js';
import type { LoopbackOnly } from '../testing/loopback-only.js';
import { loopbackOnly } from '../testing/loopback-only.js';
import { startSmtpSink } from '../testing/smtp-sink.js';
import type { SmtpSink } from '../testing/smtp-sink.js';
import {
  DEFAULT_MAIL_FROM,
  MAIL_NOT_CONFIGURED,
  MailNotSent,
  createSiteMailer,
} from './site-mailer.js';
import type { SiteMail } from './site-mailer.js';
import { SmtpUrlRefused, parseSmtpUrl } from './smtp-url.js';

let tripwire: LoopbackOnly;
beforeAll(() => {
  tripwire = loopbackOnly();
});
afterAll(() => {
  tripwire.restore();
  expect(tripwire.refused).toEqual([]);
});

/** A port nothing listens on (taken from the kernel, then given back). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const mail = {
  to: 'Ada Lovelace <ada@example.com>',
  subject: 'Grace replied to your comment',
  text: 'Read it on the site.',
};

describe('parseSmtpUrl', () => {
  it('takes a server on this machine, by its address', () => {
    expect(parseSmtpUrl('smtp://127.0.0.1:1025')).toEqual({
      host: '127.0.0.1',
      port: 1025,
      secure: false,
      user: null,
      password: null,
    });
    expect(parseSmtpUrl('smtps://site:p%40ss@[::1]')).toEqual({
      host: '::1',
      port: 465,
      secure: true,
      user: 'site',
      password: 'p@ss',
    });
    expect(parseSmtpUrl('smtp://127.0.0.2').port).toBe(25);
  });

  it.each([
    'smtp://mail.example.com:25',
    'smtp://localhost:1025',
    'smtp://10.0.0.5:25',
    'smtp://0x7f000001:25',
    'smtp://127.1:25',
    'smtp://[::ffff:127.0.0.1]:25',
    'http://127.0.0.1:1025',
    'smtp://127.0.0.1:1025/path',
    'smtp://127.0.0.1:0',
    '127.0.0.1:1025',
  ])('refuses %s', (url) => {
    expect(() => parseSmtpUrl(url)).toThrow(SmtpUrlRefused);
  });
});

describe.each(testDrivers)('the site mailer (%s)', (driver) => {
  let handle: DatabaseHandle;
  let catcher: SmtpSink;
  let dashboard: SmtpSink;

  beforeAll(async () => {
    [handle, catcher, dashboard] = await Promise.all([
      createTestDatabase(driver),
      startSmtpSink(),
      startSmtpSink(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([handle.close(), catcher.close(), dashboard.close()]);
  });

  const saveDashboardSmtp = (email: Record<string, unknown> | null) =>
    saveNotificationSettings(handle.db, {
      webhookUrl: null,
      email: email && {
        to: 'owner@example.com',
        from: 'site@example.com',
        host: '127.0.0.1',
        port: dashboard.port,
        secure: false,
        user: null,
        password: null,
        ...email,
      },
    } as Parameters<typeof saveNotificationSettings>[1]);

  it('says plainly that it has nowhere to send, with neither the dashboard nor SMTP_URL', async () => {
    const mailer = createSiteMailer({ db: handle.db });
    expect(await mailer.configured()).toBe(false);
    await expect(mailer.send(mail)).rejects.toEqual(new MailNotSent(MAIL_NOT_CONFIGURED));
  });

  it('sends through SMTP_URL from MAIL_FROM when the dashboard has no SMTP server', async () => {
    const mailer = createSiteMailer({
      db: handle.db,
      defaultSmtpUrl: `smtp://127.0.0.1:${catcher.port}`,
    });
    expect(await mailer.configured()).toBe(true);
    const before = catcher.received.length;
    await mailer.send({
      ...mail,
      html: '<p>Read it <a href="https://site.example/blog/x">on the site</a>.</p>',
      headers: { 'List-Unsubscribe': '<https://site.example/unsubscribe/abc>' },
    });
    const received = await catcher.waitFor(before + 1);
    expect(received.from).toBe('no-reply@localhost');
    expect(received.to).toEqual(['ada@example.com']);
    expect(received.auth).toBeNull();
    expect(received.data).toContain(`From: ${DEFAULT_MAIL_FROM}`);
    expect(received.data).toContain('Subject: Grace replied to your comment');
    expect(received.data).toContain('List-Unsubscribe: <https://site.example/unsubscribe/abc>');
    expect(received.data).toContain('Content-Type: multipart/alternative');
    expect(received.data).toContain('Read it on the site.');
  });

  it("uses the dashboard's SMTP server and sender once saved, and SMTP_URL again without", async () => {
    const mailer = createSiteMailer({
      db: handle.db,
      defaultSmtpUrl: `smtp://127.0.0.1:${catcher.port}`,
      from: 'Portfolio <mail@site.example>',
    });
    await saveDashboardSmtp({});
    const [toCatcher, toDashboard] = [catcher.received.length, dashboard.received.length];
    await mailer.send(mail);
    expect((await dashboard.waitFor(toDashboard + 1)).from).toBe('site@example.com');
    expect(catcher.received.length).toBe(toCatcher);

    await saveDashboardSmtp(null);
    await mailer.send(mail);
    expect((await catcher.waitFor(toCatcher + 1)).from).toBe('mail@site.example');
  });

  it("sends the dashboard's credentials only over TLS, unless ALLOW_NOTIFICATIONS_TO_LOOPBACK", async () => {
    await saveDashboardSmtp({ user: 'site', password: 's3cret' });
    const warnings: string[] = [];
    const strict = createSiteMailer({
      db: handle.db,
      log: { warn: (line) => warnings.push(line) },
    });
    const before = dashboard.received.length;
    await expect(strict.send(mail)).rejects.toEqual(new MailNotSent(SMTP_FAILURES.ETLS));
    expect(dashboard.received.length).toBe(before);
    expect(dashboard.commands).not.toContain('AUTH');
    expect(warnings).toEqual([
      `Mail not sent through the dashboard's SMTP server: ${SMTP_FAILURES.ETLS}`,
    ]);

    const local = createSiteMailer({ db: handle.db, allowLoopback: true });
    await local.send(mail);
    expect((await dashboard.waitFor(before + 1)).auth).toBe('site:s3cret');
    await saveDashboardSmtp(null);
  });

  it("says why a server did not take the mail, in its own words, never the server's", async () => {
    const warnings: string[] = [];
    const mailer = createSiteMailer({
      db: handle.db,
      defaultSmtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      log: { warn: (line) => warnings.push(line) },
    });
    await expect(mailer.send(mail)).rejects.toEqual(new MailNotSent(SMTP_FAILURES.other));
    expect(warnings).toEqual([`Mail not sent through SMTP_URL: ${SMTP_FAILURES.other}`]);
  });

  it('refuses an SMTP_URL off this machine before any connection', () => {
    for (const url of ['smtp://mail.example.com:25', 'smtp://localhost:1025']) {
      expect(() => createSiteMailer({ db: handle.db, defaultSmtpUrl: url })).toThrow(
        SmtpUrlRefused,
      );
    }
  });

  it('refuses a second recipient or a header broken across lines, sending nothing', async () => {
    const mailer = createSiteMailer({
      db: handle.db,
      defaultSmtpUrl: `smtp://127.0.0.1:${catcher.port}`,
    });
    const before = catcher.commands.length;
    const wrongs: SiteMail[] = [
      { ...mail, to: 'ada@example.com, grace@example.com' },
      { ...mail, to: 'ada@example.com\r\nBcc: grace@example.com' },
      { ...mail, subject: 'Hi\r\nBcc: grace@example.com' },
      { ...mail, headers: { 'X-Note': 'a\r\nBcc: grace@example.com' } },
      { ...mail, headers: { Bcc: 'grace@example.com' } },
      { ...mail, headers: { 'Bad Name': 'x' } },
    ];
    for (const wrong of wrongs) {
      await expect(mailer.send(wrong)).rejects.toThrow(TypeError);
    }
    expect(catcher.commands.length).toBe(before);
  });
});
