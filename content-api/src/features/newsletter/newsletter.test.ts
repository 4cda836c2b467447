// The newsletter (docs/decisions/206): double opt-in, one-click unsubscribe, the owner's list, and
// the durable queue: every confirmed address gets an article once, across a restart, with
// failed addresses tried again later.
import {
  CONFIRMED_COUNT_HEADER,
  NEWSLETTER_CONFIRM_TTL_MS,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_WHEN_PUBLISHED_MESSAGE,
  SUBSCRIBER_IMPORT_INVALID_LISTED,
  SUBSCRIBER_IMPORT_MAX_BYTES,
  SUBSCRIBER_IMPORT_MAX_LINES,
  SUBSCRIBER_IMPORT_MESSAGES,
  TOTAL_COUNT_HEADER,
  notAnAddressReason,
  notConfirmedReason,
  subscriberImportNotCsv,
} from '@portfolio/contract';
import type { NewsletterSend, Subscriber, SubscriberImport } from '@portfolio/contract';
import { eq } from 'drizzle-orm';
import { newsletterDeliveries } from '../../db/schema.js';
import type { SiteMail, SiteMailer } from '../../mail/site-mailer.js';
import { MailNotSent } from '../../mail/site-mailer.js';
import type { DatabaseHandle } from '../../db/connect.js';
import { createTestDatabase, testDrivers } from '../../testing/databases.js';
import { ADMIN, tokenFor } from '../../testing/fake-auth.js';
import { startSmtpSink } from '../../testing/smtp-sink.js';
import type { SmtpSink } from '../../testing/smtp-sink.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { within } from '../../testing/within.js';
import { inlineStyles } from './letter.js';

// Several apps over one database, and mails sent on their own timers: well past the API's 30 s
// on a busy machine.
jest.setTimeout(120_000);

const ARTICLE = 'a-practical-guide-to-secure-code-review';
const SITE = 'http://site.test';

const as = (identity: { uid: string; email?: string; role?: string; emailVerified?: boolean }) => ({
  authorization: `Bearer ${tokenFor(identity)}`,
});
const admin = as(ADMIN);

/**
 * A mail as written: its headers unfolded, and each quoted-printable part (by its own
 * Content-Transfer-Encoding) decoded; other parts as they are (a token's `=33` in a 7-bit part, or
 * in a header, is not an escape).
 */
function decoded(data: string): string {
  const lines = data.split(/\r?\n/);
  const boundaries = [...data.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1]);
  const out: string[] = [];
  let inHeaders = true;
  let quotedPrintable = false;
  let pending = '';
  for (const line of lines) {
    if (boundaries.some((boundary) => line.startsWith(`--${boundary}`))) {
      out.push(line);
      inHeaders = true;
      quotedPrintable = false;
      continue;
    }
    if (inHeaders) {
      if (line === '') inHeaders = false;
      else if (/^\s/.test(line) && out.length > 0) {
        out[out.length - 1] += ` ${line.trim()}`;
        continue;
      } else if (/^Content-Transfer-Encoding:\s*quoted-printable/i.test(line)) {
        quotedPrintable = true;
      }
      out.push(line);
      continue;
    }
    if (!quotedPrintable) {
      out.push(line);
      continue;
    }
    const text = pending + line;
    if (text.endsWith('=')) {
      pending = text.slice(0, -1);
      continue;
    }
    pending = '';
    out.push(
      text.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
  }
  return out.join('\n');
}

/** The first address of `path` in a mail, as a path and query the app can be sent. */
function linkIn(data: string, path: string): string {
  const match = new RegExp(`${SITE}/api(${path}\\?token=[A-Za-z0-9._%-]+)`).exec(decoded(data));
  if (!match?.[1]) throw new Error(`no ${path} link in the mail`);
  return `/api${match[1]}`;
}

/** A mailer that keeps what it is given, refusing the addresses in `refuse`. */
function recordingMailer(refuse = new Set<string>()) {
  const sent: SiteMail[] = [];
  const mailer: SiteMailer = {
    configured: async () => true,
    async send(mail) {
      if (refuse.has(mail.to)) throw new MailNotSent('the SMTP server refused the recipient');
      sent.push(mail);
    },
  };
  return { mailer, sent };
}

describe("this file's mail reader", () => {
  it('decodes quoted-printable parts only: a token such as =33… in a header stays as sent', () => {
    const mail = [
      'List-Unsubscribe:',
      ' <http://site.test/u?token=3303f.ab>',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Unsubscribe: http://site.test/u?token=3D3303f.a=',
      'b',
      '--b1',
      'Content-Type: text/plain',
      'Content-Transfer-Encoding: 7bit',
      '',
      'token=3303f',
      '--b1--',
    ].join('\r\n');
    const text = decoded(mail);
    expect(text).toContain('List-Unsubscribe: <http://site.test/u?token=3303f.ab>');
    expect(text).toContain('Unsubscribe: http://site.test/u?token=3303f.ab');
    expect(text).toMatch(/^token=3303f$/m);
  });
});

describe('inlineStyles', () => {
  it('gives each element its style, telling <p> from <pre> and <a> from <abbr>', () => {
    const html = inlineStyles('<p>a <a href="x">b</a> <abbr>c</abbr></p><pre><code>d</code></pre>');
    expect(html).toMatch(/^<p style="[^"]+">a <a style="[^"]+" href="x">b<\/a> <abbr>c/);
    expect(html).toMatch(/<pre style="[^"]*font-family[^"]*"><code style="/);
  });
});

describe.each(testDrivers)('the newsletter (%s)', (driver) => {
  let database: DatabaseHandle;
  let sink: SmtpSink;
  let t: TestApp;
  const start = (options: Parameters<typeof createTestApp>[1] = {}) =>
    createTestApp(driver, {
      database,
      seed: false,
      siteUrl: SITE,
      subscribeRateLimit: 1000,
      mail: { smtpUrl: `smtp://127.0.0.1:${sink.port}`, from: 'Site <site@example.com>' },
      ...options,
    });

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await createTestDatabase(driver);
    // Seeded once: the apps of this suite share the database.
    const seeded = await createTestApp(driver, { database });
    await seeded.close();
    t = await start();
  });
  afterAll(async () => {
    await t.close();
    await database.close();
    await sink.close();
  });

  const subscribe = (email: string, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email, ...extra },
    });

  /** Subscribes `email` and confirms it from its mail, as a person would. */
  async function subscribeAndConfirm(email: string): Promise<void> {
    const before = sink.received.length;
    expect((await subscribe(email)).statusCode).toBe(202);
    const mail = await sink.waitFor(before + 1);
    const link = linkIn(mail.data, '/newsletter/confirm');
    const confirmed = await t.app.inject({ method: 'POST', url: link });
    expect(confirmed.statusCode).toBe(200);
  }

  const list = async (query = '') => {
    const response = await t.app.inject({
      url: `/api/newsletter/subscribers${query}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    return {
      subscribers: response.json<Subscriber[]>(),
      total: Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
      confirmed: Number(response.headers[CONFIRMED_COUNT_HEADER.toLowerCase()]),
    };
  };

  describe('subscribing', () => {
    it('answers every address alike and mails a confirmation link, once in a while', async () => {
      const before = sink.received.length;
      const first = await subscribe('Reader.One@Example.com');
      expect(first.statusCode).toBe(202);
      expect(first.json()).toEqual({ message: NEWSLETTER_MESSAGES.checkInbox });
      const mail = await sink.waitFor(before + 1);
      expect(mail.to).toEqual(['reader.one@example.com']);
      expect(decoded(mail.data)).toContain('/api/newsletter/confirm?token=');

      // Again at once: the same answer, no second mail.
      expect((await subscribe('reader.one@example.com')).json()).toEqual(first.json());
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sink.received.length).toBe(before + 1);
      const { subscribers } = await list('?query=reader.one');
      expect(subscribers).toEqual([
        expect.objectContaining({ email: 'reader.one@example.com', status: 'pending' }),
      ]);
    });

    it('confirms only by a POST: opening the link shows a button, and a forged one is refused', async () => {
      const before = sink.received.length;
      await subscribe('reader.two@example.com');
      const link = linkIn((await sink.waitFor(before + 1)).data, '/newsletter/confirm');

      const page = await t.app.inject({ url: link });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
      // It posts to where it was opened, whatever host or proxy the reader came through.
      expect(page.body).toMatch(/<form method="post" action="\?token=[^"]+">/);
      expect(page.body).not.toMatch(/<script/i);
      expect((await list('?query=reader.two')).subscribers[0]?.status).toBe('pending');

      const forged = link.replace(/.(?=$)/, (c) => (c === 'A' ? 'B' : 'A'));
      const refused = await t.app.inject({ method: 'POST', url: forged });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(NEWSLETTER_MESSAGES.linkInvalid);

      // A browser's form body, as the page's button sends it.
      const confirmed = await t.app.inject({
        method: 'POST',
        url: link,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.body).toContain(NEWSLETTER_MESSAGES.confirmed);
      expect((await list('?query=reader.two')).subscribers[0]?.status).toBe('confirmed');
    });

    it('refuses an expired link, and forgets addresses never confirmed', async () => {
      let clock = new Date('2026-12-01T00:00:00Z');
      const timed = await start({ now: () => clock, newsletterSender: { pollMs: 50 } });
      try {
        const before = sink.received.length;
        await timed.app.inject({
          method: 'POST',
          url: '/api/newsletter/subscribe',
          payload: { email: 'late@example.com' },
        });
        const link = linkIn((await sink.waitFor(before + 1)).data, '/newsletter/confirm');
        clock = new Date(clock.getTime() + NEWSLETTER_CONFIRM_TTL_MS + 1000);
        const late = await timed.app.inject({ method: 'POST', url: link });
        expect(late.statusCode).toBe(400);
        expect(late.body).toContain(NEWSLETTER_MESSAGES.linkExpired);
        // The sender's housekeeping, on its first round.
        await within(5000, async () => (await list('?query=late@')).total === 0);
      } finally {
        await timed.close();
      }
    });

    it('takes a honeypot and says nothing, and gives 400 with a message for a bad address', async () => {
      const before = sink.received.length;
      const bot = await subscribe('bot@example.com', { website: 'http://spam.example' });
      expect(bot.statusCode).toBe(202);
      expect((await list('?query=bot@')).total).toBe(0);
      const bad = await subscribe('not an address');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
      expect(sink.received.length).toBe(before);
    });

    it('says 503 when the site has no SMTP server, and stores nothing', async () => {
      const mute = await start({ mail: {} });
      try {
        const response = await mute.app.inject({
          method: 'POST',
          url: '/api/newsletter/subscribe',
          payload: { email: 'nowhere@example.com' },
        });
        expect(response.statusCode).toBe(503);
        expect(response.json().message).toMatch(/cannot send mail/);
        expect((await list('?query=nowhere@')).total).toBe(0);
      } finally {
        await mute.close();
      }
    });
  });

  describe("a member's own subscription", () => {
    it('is one click for an address the sign-in provider verified, and one click to end', async () => {
      const member = as({ uid: 'm-verified', email: 'Verified@example.com', emailVerified: true });
      const on = await t.app.inject({ method: 'PUT', url: '/api/newsletter/me', headers: member });
      expect(on.json()).toEqual({
        subscribed: true,
        status: 'confirmed',
        email: 'verified@example.com',
        message: NEWSLETTER_MESSAGES.memberSubscribed,
      });
      const read = await t.app.inject({ url: '/api/newsletter/me', headers: member });
      expect(read.json()).toMatchObject({ subscribed: true, status: 'confirmed' });
      const off = await t.app.inject({
        method: 'DELETE',
        url: '/api/newsletter/me',
        headers: member,
      });
      expect(off.json()).toMatchObject({ subscribed: false, status: null });
      expect((await list('?query=verified@')).total).toBe(0);
    });

    it('mails a confirmation to an address not verified', async () => {
      const before = sink.received.length;
      const member = as({ uid: 'm-unverified', email: 'unverified@example.com' });
      const on = await t.app.inject({ method: 'PUT', url: '/api/newsletter/me', headers: member });
      expect(on.json()).toMatchObject({
        status: 'pending',
        message: NEWSLETTER_MESSAGES.checkInbox,
      });
      expect((await sink.waitFor(before + 1)).to).toEqual(['unverified@example.com']);
    });

    it('needs a sign-in', async () => {
      expect((await t.app.inject({ method: 'PUT', url: '/api/newsletter/me' })).statusCode).toBe(
        401,
      );
    });
  });

  describe("the owner's list", () => {
    it('is the owner’s only, searched, paged, exported as CSV, and deletes', async () => {
      expect(
        (await t.app.inject({ url: '/api/newsletter/subscribers', headers: as({ uid: 'x' }) }))
          .statusCode,
      ).toBe(403);
      await subscribeAndConfirm('=cmd@example.com');
      const { subscribers, total, confirmed } = await list('?limit=1');
      expect(subscribers).toHaveLength(1);
      expect(total).toBeGreaterThan(1);
      expect(confirmed).toBeGreaterThanOrEqual(1);

      const csv = await t.app.inject({ url: '/api/newsletter/subscribers.csv', headers: admin });
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe('email,status,memberUid,createdAt,confirmedAt');
      // A cell a spreadsheet would run is defused.
      expect(lines).toContainEqual(expect.stringMatching(/^'=cmd@example\.com,confirmed,/));

      const target = (await list('?query=cmd@')).subscribers[0] as Subscriber;
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/newsletter/subscribers/${target._id}`,
        headers: admin,
      });
      expect(removed.statusCode).toBe(204);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/newsletter/subscribers/${target._id}`,
        headers: admin,
      });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscriberNotFound });
    });
  });

  describe('sending an article', () => {
    it('sends a published article once to each confirmed address, with one-click unsubscribe', async () => {
      const sender = await start({ newsletterSender: { pollMs: 50 } });
      try {
        await subscribeAndConfirm('send.one@example.com');
        await subscribeAndConfirm('send.two@example.com');
        const queued = await sender.app.inject({
          method: 'POST',
          url: `/api/articles/${ARTICLE}/newsletter`,
          headers: admin,
        });
        expect(queued.statusCode).toBe(202);
        const { queued: count, send } = queued.json<{ queued: number; send: NewsletterSend }>();
        expect(count).toBe((await list('?status=confirmed')).total);
        await within(10_000, async () => {
          const [state] = (
            await sender.app.inject({ url: '/api/newsletter/sends', headers: admin })
          ).json<NewsletterSend[]>();
          return state?.sent === count && state.waiting === 0;
        });
        expect(send.articleId).toBeTruthy();

        const mails = sink.received.filter((mail) => mail.to[0] === 'send.one@example.com');
        const letter = mails.find((mail) => /List-Unsubscribe-Post/.test(mail.data));
        if (!letter) throw new Error('no newsletter reached send.one');
        const text = decoded(letter.data);
        expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
        expect(text).toMatch(
          /^List-Unsubscribe: <http:\/\/site\.test\/api\/newsletter\/unsubscribe\?token=[^=\s>]+>$/m,
        );
        expect(text).toContain('Content-Type: text/plain');
        expect(text).toContain('Content-Type: text/html');
        // Its links to the article say where they came from (the Insights tab counts them).
        expect(text).toMatch(/http:\/\/site\.test\/article\/[a-z0-9-]+\?ref=newsletter/);
        expect(text).toMatch(/<p style="/);

        // Sent again: nobody gets it twice.
        const again = await sender.app.inject({
          method: 'POST',
          url: `/api/articles/${ARTICLE}/newsletter`,
          headers: admin,
        });
        expect(again.json().queued).toBe(0);

        // One POST to the List-Unsubscribe address, as a mail program sends it.
        const unsubscribe = linkIn(letter.data, '/newsletter/unsubscribe');
        const gone = await sender.app.inject({
          method: 'POST',
          url: unsubscribe,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(gone.statusCode).toBe(200);
        expect(gone.body).toContain(NEWSLETTER_MESSAGES.unsubscribed);
        expect((await list('?query=send.one')).total).toBe(0);
        // Again: the same page, nothing to undo.
        expect((await sender.app.inject({ method: 'POST', url: unsubscribe })).statusCode).toBe(
          200,
        );
      } finally {
        await sender.close();
      }
    });

    it('refuses a draft, an unknown article and a visitor', async () => {
      const draft = await t.app.inject({
        method: 'POST',
        url: '/api/articles',
        headers: admin,
        payload: { title: 'Not yet', content: 'Draft text.', status: 'draft' },
      });
      expect(draft.statusCode).toBe(201);
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/articles/${draft.json()._id}/newsletter`,
        headers: admin,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: NEWSLETTER_MESSAGES.notPublished });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/articles/no-such-article/newsletter',
        headers: admin,
      });
      expect(unknown.statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/articles/${ARTICLE}/newsletter` }))
          .statusCode,
      ).toBe(401);
    });

    it('sends a draft when it is published, to the subscribers of that moment; never before', async () => {
      const { mailer, sent } = recordingMailer();
      const sender = await start({ mailer, newsletterSender: { pollMs: 20 } });
      try {
        const draft = await sender.app.inject({
          method: 'POST',
          url: '/api/articles',
          headers: admin,
          payload: { title: 'Sent on publication', content: 'Soon.', status: 'draft' },
        });
        const id = draft.json<{ _id: string }>()._id;
        const url = `/api/articles/${id}/newsletter`;
        const asked = await sender.app.inject({
          method: 'POST',
          url: `${url}?when=published`,
          headers: admin,
        });
        expect(asked.statusCode).toBe(202);
        expect(asked.json()).toMatchObject({
          queued: 0,
          message: NEWSLETTER_WHEN_PUBLISHED_MESSAGE,
          send: { articleId: id, waitingForPublication: true, sent: 0, waiting: 0 },
        });
        // Subscribed after the owner asked: the article still reaches them.
        const late = 'late.reader@example.com';
        await sender.app.inject({
          method: 'PUT',
          url: '/api/newsletter/me',
          headers: as({ uid: 'm-late', email: late, emailVerified: true }),
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const mine = () => sent.filter((mail) => mail.subject.includes('Sent on publication'));
        expect(mine()).toEqual([]);

        const published = await sender.app.inject({
          method: 'PATCH',
          url: `/api/articles/${id}`,
          headers: admin,
          payload: { status: 'published' },
        });
        expect(published.statusCode).toBe(200);
        await within(10_000, () => mine().some((mail) => mail.to === late));
        const [send] = (
          await sender.app.inject({ url: '/api/newsletter/sends', headers: admin })
        ).json<NewsletterSend[]>();
        expect(send).toMatchObject({ articleId: id, waitingForPublication: false });
        // Gone out: it cannot be asked for or cancelled again.
        const again = await sender.app.inject({
          method: 'POST',
          url: `${url}?when=published`,
          headers: admin,
        });
        expect(again.json().queued).toBe(0);
        const cancel = await sender.app.inject({ method: 'DELETE', url, headers: admin });
        expect(cancel.statusCode).toBe(409);
        expect(cancel.json()).toEqual({ message: NEWSLETTER_MESSAGES.alreadySent });
      } finally {
        await sender.close();
      }
    });

    it('cancels a send that waits for publication: nothing goes out when it is published', async () => {
      const { mailer, sent } = recordingMailer();
      const sender = await start({ mailer, newsletterSender: { pollMs: 20 } });
      try {
        await subscribeAndConfirm('cancel.reader@example.com');
        const scheduled = await sender.app.inject({
          method: 'POST',
          url: '/api/articles',
          headers: admin,
          payload: {
            title: 'Cancelled letter',
            content: 'Later.',
            status: 'published',
            publishedAt: '2099-01-01T00:00:00.000Z',
          },
        });
        const id = scheduled.json<{ _id: string }>()._id;
        const url = `/api/articles/${id}/newsletter`;
        // A scheduled article is not sent now, unless asked for on its publication.
        expect((await sender.app.inject({ method: 'POST', url, headers: admin })).statusCode).toBe(
          409,
        );
        await sender.app.inject({
          method: 'POST',
          url: `${url}?when=published`,
          headers: admin,
        });
        expect(
          (await sender.app.inject({ method: 'DELETE', url, headers: admin })).statusCode,
        ).toBe(204);
        const none = await sender.app.inject({ method: 'DELETE', url, headers: admin });
        expect(none.statusCode).toBe(404);
        expect(none.json()).toEqual({ message: NEWSLETTER_MESSAGES.noSendWaiting });
        const unknown = await sender.app.inject({
          method: 'DELETE',
          url: '/api/articles/no-such-article/newsletter',
          headers: admin,
        });
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual({ message: NEWSLETTER_MESSAGES.articleNotFound });
        const sends = (
          await sender.app.inject({ url: '/api/newsletter/sends', headers: admin })
        ).json<NewsletterSend[]>();
        expect(sends.some((send) => send.articleId === id)).toBe(false);
        await sender.app.inject({
          method: 'PATCH',
          url: `/api/articles/${id}`,
          headers: admin,
          payload: { status: 'published', publishedAt: new Date().toISOString() },
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(sent.filter((mail) => mail.subject.includes('Cancelled letter'))).toEqual([]);
        // A time the route does not know is refused.
        const odd = await sender.app.inject({
          method: 'POST',
          url: `${url}?when=tomorrow`,
          headers: admin,
        });
        expect(odd.statusCode).toBe(400);
      } finally {
        await sender.close();
      }
    });

    it('tries a failed address again later, then gives it up; the rest go through', async () => {
      const refuse = new Set(['bounce@example.com']);
      const { mailer, sent } = recordingMailer(refuse);
      const sender = await start({
        mailer,
        newsletterSender: { pollMs: 20, retryDelaysMs: [10, 10] },
      });
      try {
        for (const email of ['bounce@example.com', 'fine@example.com']) {
          await sender.app.inject({
            method: 'PUT',
            url: '/api/newsletter/me',
            headers: as({ uid: `m-${email}`, email, emailVerified: true }),
          });
        }
        const article = 'capture-the-flag-tips-for-beginners';
        const queued = await sender.app.inject({
          method: 'POST',
          url: `/api/articles/${article}/newsletter`,
          headers: admin,
        });
        expect(queued.statusCode).toBe(202);
        const rows = () =>
          database.db
            .select()
            .from(newsletterDeliveries)
            .where(eq(newsletterDeliveries.email, 'bounce@example.com'));
        await within(10_000, async () => (await rows())[0]?.status === 'failed');
        const [bounce] = await rows();
        // The first attempt and one for each delay.
        expect(bounce?.attempts).toBe(3);
        expect(bounce?.lastError).toBe('the SMTP server refused the recipient');
        expect(sent.filter((mail) => mail.to === 'fine@example.com')).toHaveLength(1);
      } finally {
        await sender.close();
      }
    });

    it('delivers each mail once across a restart in the middle of a send', async () => {
      const { mailer, sent } = recordingMailer();
      const slow: SiteMailer = {
        configured: mailer.configured,
        async send(mail) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          await mailer.send(mail);
        },
      };
      const emails = Array.from({ length: 60 }, (_, i) => `restart-${i}@example.com`);
      const first = await start({
        mailer: slow,
        newsletterSender: { pollMs: 20, batchSize: 5, concurrency: 2 },
      });
      for (const email of emails) {
        await first.app.inject({
          method: 'PUT',
          url: '/api/newsletter/me',
          headers: as({ uid: `m-${email}`, email, emailVerified: true }),
        });
      }
      const article = 'container-security-basics';
      await first.app.inject({
        method: 'POST',
        url: `/api/articles/${article}/newsletter`,
        headers: admin,
      });
      await within(10_000, () => sent.length >= 10);
      await first.close();
      const sentBeforeRestart = sent.length;
      expect(sentBeforeRestart).toBeLessThan(emails.length);

      const second = await start({
        mailer: slow,
        newsletterSender: { pollMs: 20, batchSize: 5, concurrency: 2 },
      });
      try {
        const mine = () => sent.filter((mail) => mail.to.startsWith('restart-'));
        await within(20_000, () => mine().length >= emails.length);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const addresses = mine().map((mail) => mail.to);
        expect(new Set(addresses).size).toBe(emails.length);
        expect(addresses).toHaveLength(emails.length);
      } finally {
        await second.close();
      }
    });
  });

  describe('importing subscribers (docs/decisions/215)', () => {
    const importCsv = (csv: unknown, headers: Record<string, string> = admin, on = t) =>
      on.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribers/import',
        headers,
        payload: { csv },
      });
    /** The subscriber of `email`, as the owner's list shows it. */
    const subscriberOf = async (email: string) =>
      (await list(`?query=${encodeURIComponent(email)}`)).subscribers.find(
        (subscriber) => subscriber.email === email,
      );

    it('adds each new address confirmed, read as a spreadsheet writes it', async () => {
      const csv = `${[
        '\uFEFFName,EMAIL,Note',
        '"Lovelace, Ada", Import.One@Example.com ,"said ""yes"""',
        // A quoted cell over two lines (CRLF inside the quotes): the next lines keep their numbers.
        '"Hopper',
        'Grace",import.two@example.com,',
        'Nobody,not-an-address,',
        '',
        'Turing,import.three@example.com',
        'Babbage,,',
      ].join('\r\n')}\r\n`;
      const response = await importCsv(csv);
      expect(response.statusCode).toBe(200);
      expect(response.json<SubscriberImport>()).toEqual({
        imported: 3,
        skipped: 0,
        invalid: [
          { line: 5, reason: notAnAddressReason('not-an-address') },
          { line: 8, reason: SUBSCRIBER_IMPORT_MESSAGES.noAddress },
        ],
        invalidCount: 2,
      });
      for (const email of ['import.one@example.com', 'import.two@example.com']) {
        const subscriber = await subscriberOf(email);
        expect(subscriber).toMatchObject({ status: 'confirmed', memberUid: null });
        // Confirmed as a confirmation link confirms: since now.
        expect(subscriber?.confirmedAt).toEqual(expect.any(String));
      }
      expect(await subscriberOf('import.three@example.com')).toBeDefined();
      // In the file's order: the list shows the newest first, so the last line first.
      const listed = (await list('?query=import.')).subscribers.map((row) => row.email);
      expect(listed.filter((email) => /^import\.(one|two|three)@/.test(email))).toEqual([
        'import.three@example.com',
        'import.two@example.com',
        'import.one@example.com',
      ]);
    });

    it.each([
      ['LF, one column', 'email\nimport.lf@example.com\n', 'import.lf@example.com'],
      [
        'semicolons, no last line break',
        'Email;Name\r\nimport.semi@example.com;Semi',
        'import.semi@example.com',
      ],
      ['tabs', 'name\tEmail\nTab\timport.tab@example.com\n', 'import.tab@example.com'],
      [
        'a name with spaces',
        'E-mail, EMAIL \nx,import.spaces@example.com\n',
        'import.spaces@example.com',
      ],
      ['old Mac line breaks', 'email\rimport.cr@example.com\r', 'import.cr@example.com'],
    ])('reads a header of %s', async (_, csv, email) => {
      const response = await importCsv(csv);
      expect(response.json()).toEqual({ imported: 1, skipped: 0, invalid: [], invalidCount: 0 });
      expect(await subscriberOf(email)).toMatchObject({ status: 'confirmed' });
    });

    it('counts an address once, and leaves those on the list as they were', async () => {
      const before = sink.received.length;
      await subscribe('import.pending@example.com');
      await sink.waitFor(before + 1);
      await subscribeAndConfirm('import.confirmed@example.com');
      const confirmed = await subscriberOf('import.confirmed@example.com');
      const csv = [
        'email',
        'import.pending@example.com',
        'IMPORT.CONFIRMED@example.com',
        'import.dup@example.com',
        ' Import.Dup@Example.com ',
        '',
      ].join('\n');
      expect((await importCsv(csv)).json()).toEqual({
        imported: 1,
        skipped: 2,
        invalid: [],
        invalidCount: 0,
      });
      expect(await subscriberOf('import.pending@example.com')).toMatchObject({
        status: 'pending',
        confirmedAt: null,
      });
      expect(await subscriberOf('import.confirmed@example.com')).toEqual(confirmed);
      expect((await list('?query=import.dup@')).total).toBe(1);
      // Again: nobody new.
      expect((await importCsv(csv)).json()).toMatchObject({ imported: 0, skipped: 3 });
    });

    it('says which lines add nobody and why, the first 20 listed, and imports the rest', async () => {
      const bad = Array.from({ length: 25 }, (_, index) => `bad-${index},,`);
      const csv = [
        'email,status,subscribed_to_emails',
        ',confirmed,',
        'import.waiting@example.com,pending,',
        'import.ghost@example.com,,false',
        ' , , ',
        'import.kept@example.com,Confirmed,TRUE',
        ...bad,
      ].join('\n');
      const answer = (await importCsv(csv)).json<SubscriberImport>();
      expect(answer).toMatchObject({ imported: 1, skipped: 0, invalidCount: 28 });
      expect(answer.invalid).toHaveLength(SUBSCRIBER_IMPORT_INVALID_LISTED);
      expect(answer.invalid.slice(0, 4)).toEqual([
        { line: 2, reason: SUBSCRIBER_IMPORT_MESSAGES.noAddress },
        { line: 3, reason: notConfirmedReason('pending') },
        { line: 4, reason: SUBSCRIBER_IMPORT_MESSAGES.notSubscribed },
        // Line 5 has no cell filled in: it is no line at all.
        { line: 7, reason: notAnAddressReason('bad-0') },
      ]);
      expect(await subscriberOf('import.kept@example.com')).toMatchObject({ status: 'confirmed' });
      expect((await list('?query=import.waiting')).total).toBe(0);
      expect((await list('?query=import.ghost')).total).toBe(0);
      // A long cell is quoted shortened.
      const long = `${'x'.repeat(200)}@`;
      const [line] = (await importCsv(`email\n${long}\n`)).json<SubscriberImport>().invalid;
      expect(line?.reason).toBe(notAnAddressReason(long));
      expect(line?.reason.length).toBeLessThan(120);
    });

    it('refuses a file it cannot read with 400 and why, and adds nobody', async () => {
      const { total } = await list();
      const refusals: [unknown, string][] = [
        ['', SUBSCRIBER_IMPORT_MESSAGES.empty],
        ['\uFEFF \r\n  \n', SUBSCRIBER_IMPORT_MESSAGES.empty],
        [
          'name,address\nAda,import.nocolumn@example.com\n',
          SUBSCRIBER_IMPORT_MESSAGES.noEmailColumn,
        ],
        ['import.nocolumn@example.com\n', SUBSCRIBER_IMPORT_MESSAGES.noEmailColumn],
        ['email\r\n\r\n , \r\n', SUBSCRIBER_IMPORT_MESSAGES.noLines],
        [
          'email,name\nimport.quote@example.com,A\n"import.unclosed@example.com,B\nimport.after@example.com,C\n',
          subscriberImportNotCsv(3, true),
        ],
        [
          `email\n${'x\n'.repeat(SUBSCRIBER_IMPORT_MAX_LINES + 1)}`,
          SUBSCRIBER_IMPORT_MESSAGES.tooManyLines,
        ],
      ];
      for (const [csv, message] of refusals) {
        const response = await importCsv(csv);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message });
      }
      // Not a body of the contract's; not JSON at all.
      for (const payload of [{ csv: 42 }, {}, { csv: 'email', extra: true }]) {
        const odd = await t.app.inject({
          method: 'POST',
          url: '/api/newsletter/subscribers/import',
          headers: admin,
          payload,
        });
        expect(odd.statusCode).toBe(400);
        expect(odd.json().message).toEqual(expect.any(String));
      }
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribers/import',
        headers: { ...admin, 'content-type': 'text/csv' },
        payload: 'email\nimport.text@example.com\n',
      });
      expect(text.statusCode).toBe(415);
      expect(text.json().message).toEqual(expect.any(String));
      // Larger than the limit: 413, before it is read.
      const large = await importCsv(`email\n${'a'.repeat(SUBSCRIBER_IMPORT_MAX_BYTES)}`);
      expect(large.statusCode).toBe(413);
      expect(large.json().message).toEqual(expect.any(String));
      expect((await list()).total).toBe(total);
    });

    it("is the owner's only", async () => {
      const csv = 'email\nimport.intruder@example.com\n';
      expect((await importCsv(csv, {})).statusCode).toBe(401);
      const member = await importCsv(csv, as({ uid: 'import-member', email: 'm@example.com' }));
      expect(member.statusCode).toBe(403);
      expect((await list('?query=import.intruder')).total).toBe(0);
    });

    it('reads back its own export, a defused address as it was', async () => {
      await subscribeAndConfirm('-import.round@example.com');
      const before = sink.received.length;
      await subscribe('import.round.waiting@example.com');
      await sink.waitFor(before + 1);
      const exported = await t.app.inject({
        url: '/api/newsletter/subscribers.csv?query=import.round',
        headers: admin,
      });
      expect(exported.body).toMatch(/^'-import\.round@example\.com,confirmed,/m);
      const gone = (await subscriberOf('-import.round@example.com')) as Subscriber;
      await t.app.inject({
        method: 'DELETE',
        url: `/api/newsletter/subscribers/${gone._id}`,
        headers: admin,
      });

      const answer = (await importCsv(exported.body)).json<SubscriberImport>();
      // The address that never confirmed is not confirmed by its owner's export either.
      expect(answer).toEqual({
        imported: 1,
        skipped: 0,
        invalid: [{ line: 3, reason: notConfirmedReason('pending') }],
        invalidCount: 1,
      });
      expect(await subscriberOf('-import.round@example.com')).toMatchObject({
        status: 'confirmed',
      });
    });

    it('sends an imported address the next newsletter, whose link unsubscribes it', async () => {
      const { mailer, sent } = recordingMailer();
      const sender = await start({ mailer, newsletterSender: { pollMs: 20 } });
      try {
        const reader = 'import.reader@example.com';
        const imported = await importCsv(`email\n${reader}\n`, admin, sender);
        expect(imported.json()).toMatchObject({ imported: 1 });
        const article = await sender.app.inject({
          method: 'POST',
          url: '/api/articles',
          headers: admin,
          payload: { title: 'For imported readers', content: 'Welcome.', status: 'published' },
        });
        expect(article.statusCode).toBe(201);
        const queued = await sender.app.inject({
          method: 'POST',
          url: `/api/articles/${article.json<{ _id: string }>()._id}/newsletter`,
          headers: admin,
        });
        expect(queued.statusCode).toBe(202);
        const letter = () =>
          sent.find((mail) => mail.to === reader && mail.subject.includes('For imported readers'));
        await within(10_000, () => letter() !== undefined);
        const unsubscribe = letter()?.headers?.['List-Unsubscribe']?.replace(/^<|>$/g, '');
        if (!unsubscribe) throw new Error('no List-Unsubscribe in the letter');
        const gone = await sender.app.inject({
          method: 'POST',
          url: unsubscribe.slice(SITE.length),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(gone.statusCode).toBe(200);
        expect((await list(`?query=${reader}`)).total).toBe(0);
      } finally {
        await sender.close();
      }
    });

    it('imports 10,000 lines of its own export in one request', async () => {
      const at = '2026-12-03T10:00:00.000Z';
      const lines = Array.from(
        { length: 10_000 },
        (_, index) => `import.many-${index}@example.com,confirmed,,${at},${at}`,
      );
      const csv = `email,status,memberUid,createdAt,confirmedAt\r\n${lines.join('\r\n')}\r\n`;
      expect(Buffer.byteLength(JSON.stringify({ csv }))).toBeLessThan(SUBSCRIBER_IMPORT_MAX_BYTES);
      const started = Date.now();
      const response = await importCsv(csv);
      expect(response.json()).toEqual({
        imported: 10_000,
        skipped: 0,
        invalid: [],
        invalidCount: 0,
      });
      // Well within the API client's 10 s, on a busy machine too.
      expect(Date.now() - started).toBeLessThan(8_000);
      expect((await list('?query=import.many-')).total).toBe(10_000);
    });
  });
});
