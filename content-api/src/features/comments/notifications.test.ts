// What members' comments send (docs/decisions/201): the owner hears of a comment that waits by the
// dashboard's webhook and e-mail, and a member who asked hears of a reply to their comment once,
// when it is first shown. The webhook is a loopback listener and the SMTP server a loopback sink
// (ALLOW_NOTIFICATIONS_TO_LOOPBACK allows both), and a tripwire refuses any connection off this
// machine. Each test runs an app of its own over the suite's database and closes it before
// looking: the close waits for what is under way, so "nothing sent" is known, not waited for.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { COMMENT_REPLIES_SHOWN } from '@portfolio/contract';
import type { OwnComment } from '@portfolio/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { DatabaseHandle } from '../../db/connect.js';
import { MailNotSent } from '../../mail/site-mailer.js';
import type { SiteMailer } from '../../mail/site-mailer.js';
import { testDrivers } from '../../testing/databases.js';
import type { TestDriver } from '../../testing/databases.js';
import { ADMIN, adminHeaders, tokenFor } from '../../testing/fake-auth.js';
import type { LoopbackOnly } from '../../testing/loopback-only.js';
import { loopbackOnly } from '../../testing/loopback-only.js';
import type { ReceivedMail, SmtpSink } from '../../testing/smtp-sink.js';
import { startSmtpSink } from '../../testing/smtp-sink.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { SMTP_FAILURES } from '../contact/notifications.js';
import type { PendingCommentPayload } from './notifications.js';
import {
  PENDING_COMMENT_EVENT,
  commentsTabUrl,
  pendingCommentSubject,
  replySubject,
} from './notifications.js';

// No connection of this file's ever leaves the machine, whatever the API under test does.
let tripwire: LoopbackOnly;
beforeAll(() => {
  tripwire = loopbackOnly();
});
afterAll(() => {
  tripwire.restore();
  expect(tripwire.refused).toEqual([]);
});

const ARTICLE = 'a-practical-guide-to-secure-code-review';
const OTHER_ARTICLE = 'capture-the-flag-tips-for-beginners';
const SITE = 'https://blog.example';
const OWNER = 'owner@example.com';

interface Webhook {
  url: string;
  received: unknown[];
  close(): Promise<void>;
}

/** A loopback receiver that keeps every JSON body it is sent and answers 204. */
async function startWebhook(): Promise<Webhook> {
  const sockets = new Set<Socket>();
  const received: unknown[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(JSON.parse(body));
      response.writeHead(204).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/comments`,
    received,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Bytes written `=XX` (quoted-printable, RFC 2047's Q) as the UTF-8 text they spell. */
const unquote = (text: string) =>
  Buffer.from(
    text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * A received mail as its reader sees it: the headers unfolded, encoded words decoded (the
 * subject), the body's quoted-printable undone, line ends `\n`.
 */
function readMail(mail: ReceivedMail | undefined): { headers: string; text: string } {
  const data = mail?.data ?? '';
  const split = data.indexOf('\r\n\r\n');
  const headers = data
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, word: string) => unquote(word.replace(/_/g, ' ')))
    .replace(/\r\n/g, '\n');
  let text = data.slice(split + 4);
  if (/^Content-Transfer-Encoding: quoted-printable$/im.test(headers)) {
    text = unquote(text.replace(/=\r\n/g, ''));
  }
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

interface Member {
  uid: string;
  email: string;
  role?: string;
}

const as = (identity: { uid: string; email?: string; role?: string }) => ({
  authorization: `Bearer ${tokenFor(identity)}`,
});

/** An app of the test's own over the suite's database: what it sent is known once it is closed. */
interface Run {
  post(identity: Member, payload: object, article?: string): Promise<OwnComment>;
  postResponse(identity: Member, payload: object): Promise<LightMyRequestResponse>;
  act(ids: string[], action: 'approve' | 'hide' | 'delete'): Promise<number>;
  /** A member whose first comment (on another article) the owner approved. */
  knownMember(): Promise<Member>;
  /** The app's log lines' messages. */
  logged: string[];
  close(): Promise<void>;
}

describe.each(testDrivers)('comment notifications (%s)', (driver: TestDriver) => {
  let base: TestApp;
  let database: DatabaseHandle;
  let smtp: SmtpSink;
  let webhook: Webhook;
  let title = '';
  let slug = '';
  let members = 0;

  const newMember = (): Member => {
    members += 1;
    return { uid: `notified-${members}`, email: `notified-${members}@example.com` };
  };

  async function run(options: { mailer?: SiteMailer } = {}): Promise<Run> {
    const logged: string[] = [];
    const t = await createTestApp(driver, {
      seed: false,
      database,
      siteUrl: `${SITE}/`,
      notifications: { allowLoopback: true },
      commentRateLimit: 1000,
      memberCommentLimit: 1000,
      logRequests: false,
      logger: {
        level: 'info',
        stream: { write: (line: string) => logged.push(JSON.parse(line).msg as string) },
      },
      ...options,
    });
    const postResponse = (identity: Member, payload: object, article = ARTICLE) =>
      t.app.inject({
        method: 'POST',
        url: `/api/articles/${article}/comments`,
        headers: as(identity),
        payload,
      });
    const post = async (identity: Member, payload: object, article = ARTICLE) => {
      const response = await postResponse(identity, payload, article);
      expect([response.statusCode, response.body]).toEqual([201, expect.anything()]);
      return response.json<{ comment: OwnComment }>().comment;
    };
    const act = async (ids: string[], action: 'approve' | 'hide' | 'delete') => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/comments/bulk',
        headers: adminHeaders,
        payload: { ids, action },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ changed: number }>().changed;
    };
    return {
      post,
      postResponse: (identity, payload) => postResponse(identity, payload),
      act,
      async knownMember() {
        const identity = newMember();
        const first = await post(identity, { body: 'Hello from a new member.' }, OTHER_ARTICLE);
        await act([first._id], 'approve');
        return identity;
      },
      logged,
      close: () => t.close(),
    };
  }

  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
  const ownerMailsOf = (body: string) =>
    mailsTo(OWNER).filter((mail) => readMail(mail).text.includes(body));
  const hooksOf = (id: string) =>
    (webhook.received as PendingCommentPayload[]).filter((hook) => hook.comment?._id === id);

  beforeAll(async () => {
    [base, smtp, webhook] = await Promise.all([
      createTestApp(driver, { notifications: { allowLoopback: true } }),
      startSmtpSink(),
      startWebhook(),
    ]);
    database = base.database;
    // The owner's notifications, as the dashboard saves them; the site's mailer uses the server.
    const saved = await base.app.inject({
      method: 'PUT',
      url: '/api/contact/notifications',
      headers: adminHeaders,
      payload: {
        webhookUrl: webhook.url,
        email: {
          to: OWNER,
          from: 'site@example.com',
          host: '127.0.0.1',
          port: smtp.port,
          secure: false,
          user: 'site',
          password: 's3cret',
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    const article = (await base.app.inject(`/api/articles/${ARTICLE}`)).json<{
      title: string;
      slug: string;
    }>();
    ({ title, slug } = article);
    expect(title).not.toBe('');
  });
  afterAll(async () => {
    await base.close();
    await Promise.all([smtp.close(), webhook.close()]);
  });

  it('tells the owner of a comment that waits, by webhook and e-mail, after the answer', async () => {
    const app = await run();
    const member = newMember();
    const first = await app.post(member, { body: 'My *first* comment.\nTwo lines.' });
    expect(first.status).toBe('pending');
    // A known member's comment with more links than the owner allows (2 by default) waits too.
    const known = await app.knownMember();
    const linky = await app.post(known, {
      body: 'See https://a.example, https://b.example and https://c.example',
    });
    expect(linky.status).toBe('pending');
    await app.close();

    expect(hooksOf(first._id)).toEqual([
      {
        event: PENDING_COMMENT_EVENT,
        comment: {
          _id: first._id,
          articleId: first.articleId,
          articleTitle: title,
          parentId: null,
          authorName: expect.any(String),
          body: 'My *first* comment.\nTwo lines.',
          createdAt: first.createdAt,
        },
      },
    ]);
    expect(hooksOf(linky._id)).toHaveLength(1);
    // Neither the member's address nor their uid goes to the webhook.
    expect(JSON.stringify(webhook.received)).not.toMatch(/notified-\d+/);

    const [mail, ...more] = ownerMailsOf('My *first* comment.');
    expect(more).toEqual([]);
    expect(mail?.from).toBe('site@example.com');
    expect(mail?.auth).toBe('site:s3cret');
    const { headers, text } = readMail(mail);
    expect(headers).toMatch(/^To: owner@example\.com$/m);
    expect(headers).toContain(`\nSubject: ${pendingCommentSubject(title)}\n`);
    expect(pendingCommentSubject(title)).toBe(`New comment waiting on "${title}"`);
    expect(text).toContain('My *first* comment.\nTwo lines.');
    expect(text.split('\n')).toContain(commentsTabUrl(SITE));
    expect(commentsTabUrl(SITE)).toBe('https://blog.example/admin-dashboard?tab=comments');
    expect(mail?.data).not.toContain(member.email);
    expect(ownerMailsOf('https://c.example')).toHaveLength(1);
  });

  it("tells the owner nothing of an approved comment, a known member's or the owner's", async () => {
    const app = await run();
    const known = await app.knownMember();
    const theirs = await app.post(known, { body: 'Approved at once.' });
    const owners = await app.post(ADMIN, { body: "The owner's own word." });
    expect([theirs.status, owners.status]).toEqual(['approved', 'approved']);
    await app.close();
    expect([...hooksOf(theirs._id), ...hooksOf(owners._id)]).toEqual([]);
    expect(ownerMailsOf('Approved at once.')).toEqual([]);
    expect(ownerMailsOf("The owner's own word.")).toEqual([]);
  });

  it('e-mails a reply posted approved to the member who asked, once, as plain text', async () => {
    const app = await run();
    const asker = await app.knownMember();
    const thread = await app.post(asker, { body: 'Does this scale?', notifyReplies: true });
    expect(thread.notifyReplies).toBe(true);
    const reply = await app.post(ADMIN, {
      body: 'It does: <b>see</b> [the docs](https://example.com).',
      parentId: thread._id,
    });
    expect(reply.status).toBe('approved');
    await app.close();

    const [mail, ...more] = mailsTo(asker.email);
    expect(more).toEqual([]);
    expect(mail?.to).toEqual([asker.email]);
    expect(mail?.from).toBe('site@example.com');
    const { headers, text } = readMail(mail);
    expect(headers.split('\n')).toContain(`To: ${asker.email}`);
    expect(headers).toContain(`\nSubject: ${replySubject(title)}\n`);
    expect(replySubject(title)).toBe(`New reply to your comment on "${title}"`);
    expect(headers).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(mail?.data).not.toMatch(/text\/html|multipart/);
    expect(headers).toMatch(/^Auto-Submitted: auto-generated$/m);
    // The reply as written, its markup as text.
    expect(text).toContain('\nIt does: <b>see</b> [the docs](https://example.com).\n');
    // The conversation: the thread read alone, at the reply.
    expect(text.split('\n')).toContain(
      `${SITE}/article/${slug}?thread=${thread._id}#comment-${reply._id}`,
    );
    expect(text).toMatch(
      /you get this e-mail because you ticked "E-mail me when someone replies"/i,
    );
    expect(text).toMatch(/leave that box unticked/);
  });

  it("links a reply past the thread's first page of replies to the page it is on", async () => {
    const app = await run();
    const asker = await app.knownMember();
    const thread = await app.post(asker, { body: 'A long thread.', notifyReplies: true });
    // A page of replies by the member who asked (nobody is mailed of their own reply)…
    for (let n = 1; n <= COMMENT_REPLIES_SHOWN; n += 1) {
      await app.post(asker, { body: `Note ${n}.`, parentId: thread._id });
    }
    // …then one by someone else: the first of the second page.
    const reply = await app.post(ADMIN, { body: 'Past the first page.', parentId: thread._id });
    await app.close();

    const mails = mailsTo(asker.email);
    expect(mails).toHaveLength(1);
    expect(readMail(mails[0]).text.split('\n')).toContain(
      `${SITE}/article/${slug}?thread=${thread._id}&replies=2#comment-${reply._id}`,
    );
  });

  it('e-mails a reply approved later once: approved again after hiding, not again', async () => {
    const app = await run();
    const asker = await app.knownMember();
    const thread = await app.post(asker, { body: 'Any sources?', notifyReplies: true });
    // A new member's reply waits: the owner hears of it, the member who asked not yet.
    const replier = newMember();
    const reply = await app.post(replier, { body: 'Yes, chapter 3.', parentId: thread._id });
    expect(reply.status).toBe('pending');
    expect(await app.act([reply._id, reply._id], 'approve')).toBe(1);
    expect(await app.act([reply._id], 'hide')).toBe(1);
    expect(await app.act([reply._id], 'approve')).toBe(1);
    expect(await app.act([reply._id], 'approve')).toBe(0);
    await app.close();

    expect(hooksOf(reply._id)).toHaveLength(1);
    expect(ownerMailsOf('Yes, chapter 3.')).toHaveLength(1);
    const mails = mailsTo(asker.email);
    expect(mails).toHaveLength(1);
    expect(readMail(mails[0]).text).toContain('Yes, chapter 3.');
  });

  it('never e-mails a member of their own reply, nor one who did not ask', async () => {
    const app = await run();
    const asker = await app.knownMember();
    const thread = await app.post(asker, { body: 'Talking to myself.', notifyReplies: true });
    await app.post(asker, { body: 'Still me.', parentId: thread._id, notifyReplies: true });
    const quiet = await app.knownMember();
    const unasked = await app.post(quiet, { body: 'No mail for me, thanks.' });
    expect(unasked.notifyReplies).toBe(false);
    await app.post(ADMIN, { body: 'A reply nobody is told of.', parentId: unasked._id });
    await app.close();
    expect(mailsTo(asker.email)).toEqual([]);
    expect(mailsTo(quiet.email)).toEqual([]);
  });

  it('answers 201 when no reply can be mailed, and logs why without an address', async () => {
    // No SMTP server to send through: skipped, said at info.
    const unconfigured = await run({
      mailer: {
        configured: async () => false,
        send: async () => {
          throw new Error('never called');
        },
      },
    });
    const asker = await unconfigured.knownMember();
    const thread = await unconfigured.post(asker, { body: 'Anyone?', notifyReplies: true });
    const reply = await unconfigured.postResponse(ADMIN, {
      body: 'Here, but unmailed.',
      parentId: thread._id,
    });
    expect(reply.statusCode).toBe(201);
    await unconfigured.close();
    expect(unconfigured.logged).toContain(
      'Reply e-mail(s) not sent (1): no SMTP server to send mail through',
    );

    // A server that takes its time, then refuses: the member has had their 201 all along, and
    // the log says why.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let sending = false;
    const refusing = await run({
      mailer: {
        configured: async () => true,
        send: async () => {
          sending = true;
          await released;
          throw new MailNotSent(SMTP_FAILURES.EENVELOPE);
        },
      },
    });
    const refused = await refusing.postResponse(ADMIN, {
      body: 'Here, refused by the server.',
      parentId: thread._id,
    });
    expect(refused.statusCode).toBe(201);
    const replyId = refused.json<{ comment: OwnComment }>().comment._id;
    const deadline = Date.now() + 10_000;
    while (!sending && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 20));
    expect(sending).toBe(true);
    release();
    await refusing.close();
    expect(refusing.logged).toContain(
      `Reply e-mail of comment ${replyId} not sent: ${SMTP_FAILURES.EENVELOPE}`,
    );
    for (const line of [...unconfigured.logged, ...refusing.logged]) {
      expect(line).not.toMatch(/@example\.com|s3cret/);
    }
    expect(mailsTo(asker.email)).toEqual([]);
  });
});
