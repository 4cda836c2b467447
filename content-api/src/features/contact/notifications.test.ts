// Notification of new messages (docs/decisions/144): the owner sets a webhook and an SMTP server in
// the dashboard; each new message is then POSTed to the one and e-mailed through the other, here a
// local SMTP server the test starts, after the sender's answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders, readerHeaders } from '../../testing/fake-auth.js';
import type { SmtpSink } from '../../testing/smtp-sink.js';
import { startSmtpSink } from '../../testing/smtp-sink.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import type { WebhookPayload } from './notifications.js';
import { notificationSubject } from './notifications.js';

interface Webhook {
  url: string;
  received: { headers: http.IncomingHttpHeaders; body: WebhookPayload }[];
  /** What it answers next: a status, or `hang` (never answers). */
  answer: number | 'hang';
  close(): Promise<void>;
}

async function startWebhook(): Promise<Webhook> {
  const sockets = new Set<Socket>();
  const hook: Webhook = {
    url: '',
    received: [],
    answer: 204,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      hook.received.push({ headers: request.headers, body: JSON.parse(body) as WebhookPayload });
      if (hook.answer !== 'hang') response.writeHead(hook.answer).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/contact`;
  return hook;
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
  const email = () => ({
    to: 'owner@example.com',
    from: 'site@example.com',
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    user: 'site',
    password: 's3cret',
  });
  const send = (message: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ada Lovelace', email: 'ada@example.com', message, ...extra },
    });

  beforeAll(async () => {
    [t, smtp, webhook] = await Promise.all([
      createTestApp(driver, { seed: false }),
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

  it('keeps the SMTP password without ever answering it', async () => {
    const saved = await settings({ webhookUrl: webhook.url, email: email() });
    expect(saved.statusCode).toBe(200);
    const expected = {
      webhookUrl: webhook.url,
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
    const read = await settings();
    expect(read.json()).toEqual(expected);
    expect(read.headers['cache-control']).toBe('private, no-store');
    // Saved again without a password: the stored one stays.
    const { password: _password, ...withoutPassword } = email();
    expect((await settings({ webhookUrl: webhook.url, email: withoutPassword })).json()).toEqual(
      expected,
    );
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
    expect(tested.json()).toEqual({
      webhook: 'the webhook answered HTTP 500',
      email: expect.stringMatching(/ECONNREFUSED|connect/i),
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

describe('notificationSubject', () => {
  it('is one line whatever the name holds', () => {
    expect(notificationSubject('Ada\r\nBcc: x@example.com')).toBe(
      'New message from Ada Bcc: x@example.com',
    );
  });
});
