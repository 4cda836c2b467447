// Notification of new messages (docs/decisions/144): the owner sets a webhook and an SMTP server in
// the dashboard; each new message is then POSTed to the one and e-mailed through the other, here a
// local SMTP server the test starts, after the sender's answer. Both are on this machine, which
// only ALLOW_NOTIFICATIONS_TO_LOOPBACK allows (docs/decisions/163); what the API refuses without
// it, and never does at all, is the second half of this file. Every connection of these tests is
// to a loopback listener: a refused address is refused before any connection is made, and a host
// name is resolved by a stub.
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders, readerHeaders } from '../../testing/fake-auth.js';
import type { LoopbackOnly } from '../../testing/loopback-only.js';
import { loopbackOnly } from '../../testing/loopback-only.js';
import type { SmtpSink } from '../../testing/smtp-sink.js';
import { startSmtpSink } from '../../testing/smtp-sink.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import type { WebhookPayload } from './notifications.js';
import {
  MASKED_PART,
  SMTP_FAILURES,
  WEBHOOK_NOT_PUBLIC,
  createContactNotifier,
  maskedWebhookUrl,
  notificationSubject,
} from './notifications.js';
import type { Resolve } from './webhook.js';
import { WEBHOOK_FAILURES, isPermittedAddress } from './webhook.js';

// No connection of this file's ever leaves the machine, whatever the API under test does.
let tripwire: LoopbackOnly;
beforeAll(() => {
  tripwire = loopbackOnly();
});
afterAll(() => {
  tripwire.restore();
  expect(tripwire.refused).toEqual([]);
});

interface Webhook {
  url: string;
  port: number;
  received: { url: string; headers: http.IncomingHttpHeaders; body: WebhookPayload }[];
  /** Every connection made to it, answered or not. */
  connections: number;
  /** What it answers next: a status, or `hang` (never answers). */
  answer: number | 'hang';
  /** Headers of its answer (a redirect's Location). */
  answerHeaders: Record<string, string>;
  close(): Promise<void>;
}

/** A loopback receiver: 127.0.0.1 by default, on a free port or the one given. */
async function startWebhook(host = '127.0.0.1', port = 0): Promise<Webhook> {
  const sockets = new Set<Socket>();
  const hook: Webhook = {
    url: '',
    port: 0,
    received: [],
    connections: 0,
    answer: 204,
    answerHeaders: {},
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      hook.received.push({
        url: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(body) as WebhookPayload,
      });
      if (hook.answer !== 'hang') {
        response.writeHead(hook.answer, hook.answerHeaders).end('what the receiver says');
      }
    });
  });
  server.on('connection', (socket) => {
    hook.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  hook.port = (server.address() as AddressInfo).port;
  hook.url = `http://${host}:${hook.port}/hooks/contact`;
  return hook;
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The owner's e-mail settings for the test's SMTP sink on this machine, with credentials. */
function smtpSettings(port: number) {
  return {
    to: 'owner@example.com',
    from: 'site@example.com',
    host: '127.0.0.1',
    port,
    secure: false,
    user: 'site',
    password: 's3cret',
  };
}

describe.each(testDrivers)('notification of new messages (%s)', (driver) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let webhook: Webhook;
  const settings = (payload?: unknown, headers: Record<string, string> = adminHeaders) =>
    t.app.inject({
      method: payload === undefined ? 'GET' : 'PUT',
      url: '/api/contact/notifications',
      headers,
      ...(payload !== undefined && { payload: payload as object }),
    });
  const email = () => smtpSettings(smtp.port);
  const send = (message: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ada Lovelace', email: 'ada@example.com', message, ...extra },
    });

  beforeAll(async () => {
    [t, smtp, webhook] = await Promise.all([
      createTestApp(driver, { seed: false, notifications: { allowLoopback: true } }),
      startSmtpSink(),
      startWebhook(),
    ]);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([smtp.close(), webhook.close()]);
  });

  it('is for admins only: 401 without a token, 403 with a user token', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/contact/notifications' },
      {
        method: 'PUT' as const,
        url: '/api/contact/notifications',
        payload: { webhookUrl: null, email: null },
      },
      { method: 'POST' as const, url: '/api/contact/notifications/test' },
    ]) {
      expect((await t.app.inject(request)).statusCode).toBe(401);
      const reader = await t.app.inject({ ...request, headers: readerHeaders });
      expect(reader.statusCode).toBe(403);
      expect(reader.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('is off until the owner sets it, and a message is then notified of no way', async () => {
    expect((await settings()).json()).toEqual({ webhookUrl: null, email: null });
    expect((await send('Nobody hears this.')).statusCode).toBe(201);
    const tested = await t.app.inject({
      method: 'POST',
      url: '/api/contact/notifications/test',
      headers: adminHeaders,
    });
    expect(tested.json()).toEqual({ webhook: null, email: null });
  });

  it.each([
    [{ webhookUrl: 'ftp://example.com/hook', email: null }, /webhookUrl/i],
    [{ webhookUrl: 'not a url', email: null }, /webhookUrl/i],
    [{ webhookUrl: null }, /email/i],
    [
      {
        webhookUrl: null,
        email: { ...{ to: 'x' }, from: 'a@b.c', host: 'h', port: 25, secure: false },
      },
      /to/i,
    ],
    [
      {
        webhookUrl: null,
        email: { to: 'a@b.c', from: 'a@b.c', host: 'bad host', port: 25, secure: false },
      },
      /host/i,
    ],
    [
      {
        webhookUrl: null,
        email: { to: 'a@b.c', from: 'a@b.c', host: 'h', port: 0, secure: false },
      },
      /port/i,
    ],
    [{ webhookUrl: null, email: null, slack: 'x' }, /slack/i],
  ])('400 with a message for %j', async (payload, mentions) => {
    const response = await settings(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringMatching(mentions) });
  });

  it('keeps the SMTP password and the webhook URL without ever answering them', async () => {
    const saved = await settings({ webhookUrl: webhook.url, email: email() });
    expect(saved.statusCode).toBe(200);
    const expected = {
      webhookUrl: `http://127.0.0.1:${webhook.port}/${MASKED_PART}`,
      email: {
        to: 'owner@example.com',
        from: 'site@example.com',
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        user: 'site',
        passwordSet: true,
      },
    };
    expect(saved.json()).toEqual(expected);
    expect(saved.body).not.toContain('s3cret');
    expect(saved.body).not.toContain('/hooks/contact');
    const read = await settings();
    expect(read.json()).toEqual(expected);
    expect(read.headers['cache-control']).toBe('private, no-store');
    // Saved again as the dashboard shows them (the URL masked, no password): both stay.
    const { password: _password, ...withoutPassword } = email();
    expect(
      (await settings({ webhookUrl: expected.webhookUrl, email: withoutPassword })).json(),
    ).toEqual(expected);
    const hooks = webhook.received.length;
    const tested = await t.app.inject({
      method: 'POST',
      url: '/api/contact/notifications/test',
      headers: adminHeaders,
    });
    expect(tested.json()).toEqual({ webhook: 'ok', email: 'ok' });
    expect(webhook.received[hooks]?.url).toBe('/hooks/contact');
  });

  it('e-mails and POSTs a new message after answering the sender', async () => {
    const mails = smtp.received.length;
    const hooks = webhook.received.length;
    const response = await send('Is the workshop\nstill on?');
    expect(response.statusCode).toBe(201);

    const mail = await smtp.waitFor(mails + 1);
    expect(mail.from).toBe('site@example.com');
    expect(mail.to).toEqual(['owner@example.com']);
    expect(mail.auth).toBe('site:s3cret');
    expect(mail.data).toMatch(/^From: site@example\.com$/m);
    expect(mail.data).toMatch(/^To: owner@example\.com$/m);
    expect(mail.data).toMatch(/^Reply-To: Ada Lovelace <ada@example\.com>$/m);
    expect(mail.data).toMatch(/^Subject: New message from Ada Lovelace$/m);
    expect(mail.data).toContain('Is the workshop\r\nstill on?');

    await until(() => webhook.received.length > hooks);
    const hook = webhook.received[hooks];
    expect(hook?.headers['content-type']).toBe('application/json');
    expect(hook?.body).toEqual({
      event: 'contact.message',
      message: {
        _id: expect.stringMatching(/^[a-z0-9-]+$/),
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: 'Is the workshop\nstill on?',
        createdAt: expect.stringMatching(/^\d{4}-/),
      },
    });
  });

  it('notifies nothing for a bot caught by the honeypot, nor for a retried message', async () => {
    const mails = smtp.received.length;
    expect((await send('Buy now', { website: 'https://spam.example' })).statusCode).toBe(201);
    const headers = { 'idempotency-key': 'retry-once-0001' };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers,
      payload: { name: 'Bob', email: 'bob@example.com', message: 'Once' },
    });
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers,
      payload: { name: 'Bob', email: 'bob@example.com', message: 'Once' },
    });
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    await smtp.waitFor(mails + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.slice(mails).map((mail) => mail.data.includes('Once'))).toEqual([true]);
  });

  it('a receiver that hangs or fails never delays or fails the sender', async () => {
    webhook.answer = 'hang';
    const started = Date.now();
    const response = await send('While the webhook hangs.');
    expect(response.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(2000);
    webhook.answer = 500;
    await webhook.close().catch(() => undefined);
    webhook = await startWebhook();
    webhook.answer = 500;
    await settings({ webhookUrl: webhook.url, email: { ...email(), port: 1 } });
    const tested = await t.app.inject({
      method: 'POST',
      url: '/api/contact/notifications/test',
      headers: adminHeaders,
    });
    expect(tested.statusCode).toBe(200);
    // How each failed, never what answered: no status, no words of the receiver's.
    expect(tested.json()).toEqual({
      webhook: WEBHOOK_FAILURES.notDelivered,
      email: SMTP_FAILURES.other,
    });
  });

  it('the test notification reaches both when they work', async () => {
    webhook.answer = 204;
    await settings({ webhookUrl: webhook.url, email: email() });
    const tested = await t.app.inject({
      method: 'POST',
      url: '/api/contact/notifications/test',
      headers: adminHeaders,
    });
    expect(tested.json()).toEqual({ webhook: 'ok', email: 'ok' });
    // (The message sent while the webhook hung may arrive meanwhile too.)
    await until(() =>
      smtp.received.some((mail) =>
        mail.data.includes('Subject: New message from Test notification'),
      ),
    );
    // Turned off: nothing is stored of the e-mail any more, the password neither.
    expect((await settings({ webhookUrl: null, email: null })).json()).toEqual({
      webhookUrl: null,
      email: null,
    });
  });
});

/** The spellings of an inside address a webhook URL may use (`PORT`: the listener's port). */
const INSIDE_SPELLINGS = [
  'http://127.0.0.1:PORT/hook',
  'http://127.0.0.2:PORT/hook',
  'http://0x7f000001:PORT/hook',
  'http://2130706433:PORT/hook',
  'http://017700000001:PORT/hook',
  'http://0177.0.0.1:PORT/hook',
  'http://127.1:PORT/hook',
  'http://0x7f.1:PORT/hook',
  'http://[::1]:PORT/hook',
  'http://[0:0:0:0:0:0:0:1]:PORT/hook',
  'http://[::ffff:7f00:1]:PORT/hook',
  'http://[::ffff:127.0.0.1]:PORT/hook',
  'https://user:pass@127.0.0.1:PORT/hook?token=x',
  'http://localhost:PORT/hook',
  'http://loopback.test:PORT/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fe80::1]/hook',
  'http://10.0.0.1/hook',
  'http://172.16.5.4/hook',
  'http://192.168.1.1/hook',
  'http://100.64.0.1/hook',
  'http://[fc00::1]/hook',
  'http://[fd12:3456::1]/hook',
  'http://224.0.0.1/hook',
  'http://[ff02::1]/hook',
  'http://255.255.255.255/hook',
  'http://0.0.0.0:PORT/hook',
  'http://0:PORT/hook',
  'http://[::]:PORT/hook',
  'http://[64:ff9b::7f00:1]/hook',
  'http://[2002:7f00:1::]/hook',
  'http://192.0.2.1/hook',
  'http://inside.test/hook',
  'http://both.test/hook',
] as const;

/**
 * The stub resolver: names of this test's own, each with its addresses (never a real look-up).
 * `both.test` answers an address development may send to beside one nobody may: refused whole,
 * never connected (its first address is the listener's).
 */
const STUB_NAMES: Record<string, string[]> = {
  localhost: ['127.0.0.1'],
  'loopback.test': ['127.0.0.1', '::1'],
  'inside.test': ['10.1.2.3'],
  'both.test': ['127.0.0.1', '10.1.2.3'],
};
const stubResolve: Resolve = async (hostname) => {
  const addresses = STUB_NAMES[hostname];
  if (!addresses) throw Object.assign(new Error(`stub: no ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe.each(testDrivers)('notifications reach nothing inside (%s)', (driver) => {
  let t: TestApp;
  let local: TestApp;
  let smtp: SmtpSink;
  let listener: Webhook;
  const put = (app: TestApp, payload: unknown) =>
    app.app.inject({
      method: 'PUT',
      url: '/api/contact/notifications',
      headers: adminHeaders,
      payload: payload as object,
    });
  const test = (app: TestApp) =>
    app.app.inject({
      method: 'POST',
      url: '/api/contact/notifications/test',
      headers: adminHeaders,
    });

  beforeAll(async () => {
    [t, smtp, listener] = await Promise.all([
      // As in production: ALLOW_NOTIFICATIONS_TO_LOOPBACK off.
      createTestApp(driver, { seed: false, notifications: { resolve: stubResolve } }),
      startSmtpSink(),
      startWebhook(),
    ]);
    // The same database, as development runs it.
    local = await createTestApp(driver, {
      seed: false,
      database: t.database,
      notifications: { allowLoopback: true, resolve: stubResolve },
    });
  });
  afterAll(async () => {
    await local.close();
    await t.close();
    await Promise.all([smtp.close(), listener.close()]);
  });

  it.each(INSIDE_SPELLINGS)('refuses %s at saving, before any connection', async (spelling) => {
    const response = await put(t, {
      webhookUrl: spelling.replace('PORT', String(listener.port)),
      email: null,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: WEBHOOK_NOT_PUBLIC });
    expect(listener.connections).toBe(0);
  });

  it('refuses each of them again at sending, whatever was stored before, before any connection', async () => {
    for (const spelling of INSIDE_SPELLINGS) {
      // Stored as development may (loopback allowed there), sent by the API as in production.
      const url = spelling.replace('PORT', String(listener.port));
      const stored = await put(local, { webhookUrl: url, email: null });
      const allowedThere = stored.statusCode === 200;
      if (!allowedThere) {
        // Not even development may send there: stored straight into the database instead.
        await t.database.db.execute(
          sql`insert into notification_settings (id, webhook_url, smtp_secure, updated_at)
              values (1, ${url}, false, now())
              on conflict (id) do update set webhook_url = ${url}`,
        );
      }
      const tested = await test(t);
      expect([spelling, tested.json()]).toEqual([
        spelling,
        {
          webhook: WEBHOOK_FAILURES.notPublic,
          email: null,
        },
      ]);
    }
    expect(listener.connections).toBe(0);
  });

  it('refuses a name with an inside address beside one it may use, even where loopback is allowed', async () => {
    const url = `http://both.test:${listener.port}/hook`;
    expect((await put(local, { webhookUrl: url, email: null })).json()).toEqual({
      message: WEBHOOK_NOT_PUBLIC,
    });
    await local.database.db.execute(
      sql`update notification_settings set webhook_url = ${url}, email_to = null`,
    );
    expect((await test(local)).json()).toEqual({
      webhook: WEBHOOK_FAILURES.notPublic,
      email: null,
    });
    expect(listener.connections).toBe(0);
  });

  it('resolves a name once and connects to that very address, with the name as Host', async () => {
    const second = await startWebhook('127.0.0.2', listener.port);
    try {
      // A name that answers another address from its second look-up on (DNS rebinding): the
      // connection goes to the first, the one checked.
      let lookups = 0;
      const rebinding: Resolve = async () => {
        lookups += 1;
        return [{ address: lookups === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
      };
      const lines: string[] = [];
      const notifier = createContactNotifier(local.database.db, (line) => lines.push(line), {
        allowLoopback: true,
        resolve: rebinding,
      });
      await local.database.db.execute(
        sql`update notification_settings set webhook_url = ${`http://rebind.test:${listener.port}/hooks/x`}, email_to = null`,
      );
      const before = listener.received.length;
      expect(await notifier.test()).toEqual({ webhook: 'ok', email: null });
      expect(lookups).toBe(1);
      expect(listener.received[before]?.headers.host).toBe(`rebind.test:${listener.port}`);
      expect(second.connections).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('follows no redirect, and says nothing of what answered', async () => {
    const elsewhere = await startWebhook();
    try {
      for (const [status, headers] of [
        [302, { Location: `${elsewhere.url}?moved` }],
        [307, { Location: elsewhere.url }],
        [404, {}],
        [500, { 'X-Internal': 'db-7.corp' }],
      ] as const) {
        listener.answer = status;
        listener.answerHeaders = headers;
        expect((await put(local, { webhookUrl: listener.url, email: null })).statusCode).toBe(200);
        const tested = await test(local);
        expect(tested.json()).toEqual({ webhook: WEBHOOK_FAILURES.notDelivered, email: null });
        expect(tested.body).not.toMatch(/\b(302|307|404|500)\b|receiver says|db-7/);
      }
      // Nothing listens on port 1: the same words as any other failure.
      await put(local, { webhookUrl: 'http://127.0.0.1:1/hook', email: null });
      expect((await test(local)).json()).toEqual({
        webhook: WEBHOOK_FAILURES.notDelivered,
        email: null,
      });
      expect(elsewhere.connections).toBe(0);
    } finally {
      listener.answer = 204;
      listener.answerHeaders = {};
      await elsewhere.close();
    }
  });

  it('never answers or logs the secret parts of a webhook URL', async () => {
    const secret = `http://hook-user:hook-pass@127.0.0.1:${listener.port}/services/T0/B0/tok3n?key=k3y`;
    const saved = await put(local, { webhookUrl: secret, email: null });
    expect(saved.json()).toEqual({
      webhookUrl: `http://127.0.0.1:${listener.port}/${MASKED_PART}`,
      email: null,
    });
    expect(maskedWebhookUrl(secret)).toBe(saved.json().webhookUrl);
    // Failing, as a log line says it.
    listener.answer = 500;
    const lines: string[] = [];
    const notifier = createContactNotifier(local.database.db, (line) => lines.push(line), {
      allowLoopback: true,
    });
    notifier.messageStored({
      _id: 'm1',
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Hello',
      createdAt: new Date().toISOString(),
      read: false,
      archived: false,
    } as Parameters<typeof notifier.messageStored>[0]);
    await notifier.settle();
    listener.answer = 204;
    expect(lines).toEqual([`New-message webhook failed: ${WEBHOOK_FAILURES.notDelivered}`]);
    for (const text of [saved.body, (await test(local)).body, ...lines]) {
      expect(text).not.toMatch(/hook-user|hook-pass|tok3n|k3y|services/);
    }
    // Its user and password went to the receiver, as Basic authentication.
    const received = listener.received[listener.received.length - 1];
    expect(received?.url).toBe('/services/T0/B0/tok3n?key=k3y');
    expect(received?.headers.authorization).toBe(
      `Basic ${Buffer.from('hook-user:hook-pass').toString('base64')}`,
    );
  });

  it('sends SMTP credentials only over TLS: a server that offers none never sees them', async () => {
    await put(t, { webhookUrl: null, email: smtpSettings(smtp.port) });
    const before = smtp.received.length;
    expect((await test(t)).json()).toEqual({ webhook: null, email: SMTP_FAILURES.ETLS });
    expect(smtp.commands).toContain('STARTTLS');
    expect(smtp.commands).not.toContain('AUTH');
    expect(smtp.received.length).toBe(before);
    // Without credentials there is nothing to protect: sent as before.
    await put(t, {
      webhookUrl: null,
      email: { ...smtpSettings(smtp.port), user: null, password: null },
    });
    expect((await test(t)).json()).toEqual({ webhook: null, email: 'ok' });
    // A development catcher on this machine, allowed by ALLOW_NOTIFICATIONS_TO_LOOPBACK.
    await put(local, { webhookUrl: null, email: smtpSettings(smtp.port) });
    expect((await test(local)).json()).toEqual({ webhook: null, email: 'ok' });
    expect(smtp.received[smtp.received.length - 1]?.auth).toBe('site:s3cret');
  });
});

describe('isPermittedAddress', () => {
  it.each([
    ['93.184.216.34', true],
    ['2606:2800:220:1:248:1893:25c8:1946', true],
    ['127.0.0.1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:8.8.8.8', true],
    ['10.0.0.1', false],
    ['169.254.169.254', false],
    ['100.100.100.200', false],
    ['fe80::1%eth0', false],
    ['fc00::1', false],
    ['0.0.0.0', false],
    ['::', false],
    ['224.0.0.251', false],
    ['ff05::2', false],
    ['64:ff9b::a00:1', false],
    ['not an address', false],
    ['[::1]', false],
  ])('%s: %s', (address, permitted) => {
    expect(isPermittedAddress(address, false)).toBe(permitted);
  });

  it('takes a loopback address only when development allows it, and nothing else more', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(isPermittedAddress(address, true)).toBe(true);
    }
    for (const address of ['10.0.0.1', '169.254.1.1', 'fe80::1', '0.0.0.0']) {
      expect(isPermittedAddress(address, true)).toBe(false);
    }
  });
});

describe('notificationSubject', () => {
  it('is one line whatever the name holds', () => {
    expect(notificationSubject('Ada\r\nBcc: x@example.com')).toBe(
      'New message from Ada Bcc: x@example.com',
    );
  });
});
