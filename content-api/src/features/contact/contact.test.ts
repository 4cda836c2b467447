import { sql } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { contactMessages } from '../../db/schema.js';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders, fakeVerifyIdToken, readerHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello there!' };

describe.each(testDrivers)('/api/contact (%s)', (driver) => {
  let t: TestApp;
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, headers });
  const storedMessages = async () =>
    (await t.app.inject({ url: '/api/contact', headers: adminHeaders })).json() as {
      _id: string;
      name: string;
      email: string;
      message: string;
      read: boolean;
    }[];

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
  });
  afterAll(() => t.close());

  it('stores a valid message and answers 201 with the success text', async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Message sent successfully!' });
    const [stored] = await storedMessages();
    expect(stored).toEqual({
      _id: expect.stringMatching(/^[a-z0-9-]+$/),
      ...valid,
      read: false,
      archived: false,
      createdAt: expect.any(String),
    });
  });

  it('accepts an empty honeypot and trims the fields', async () => {
    const response = await post({
      name: '  Grace  ',
      email: 'grace@example.com',
      message: ' Hi ',
      website: '',
    });
    expect(response.statusCode).toBe(201);
    expect((await storedMessages())[0]).toMatchObject({ name: 'Grace', message: 'Hi' });
  });

  describe('rejections store nothing', () => {
    let countBefore: number;
    beforeEach(async () => {
      countBefore = (await storedMessages()).length;
    });
    afterEach(async () => {
      expect((await storedMessages()).length).toBe(countBefore);
    });

    it.each([
      [{ email: valid.email, message: valid.message }, 'Name is required.'],
      [{ ...valid, name: '' }, 'Name must not be empty.'],
      [{ ...valid, name: '   ' }, 'Name must not be empty.'],
      [{ ...valid, email: '' }, 'Email must not be empty.'],
      [{ ...valid, message: ' \n\t ' }, 'Message must not be empty.'],
      [{ ...valid, email: 'not-an-email' }, 'Email must be a valid email address.'],
      // What a browser's <input type=email> refuses, the API refuses too.
      [{ ...valid, email: `a@${'x'.repeat(64)}.example` }, 'Email must be a valid email address.'],
      [{ ...valid, email: 'a@-x.example' }, 'Email must be a valid email address.'],
      [{ ...valid, email: '"a b"@example.com' }, 'Email must be a valid email address.'],
      [{ ...valid, name: 'n'.repeat(101) }, 'Name must be at most 100 characters.'],
      [{ ...valid, email: `${'e'.repeat(250)}@x.io` }, 'Email must be at most 254 characters.'],
      [{ ...valid, message: 'm'.repeat(5001) }, 'Message must be at most 5000 characters.'],
      [{ ...valid, subject: 'hi' }, 'Unknown field "subject".'],
      [[valid], 'Request body must be a JSON object.'],
    ])('400 for %j', async (payload, message) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it.each(['a@localhost', 'x?bcc=spy%40evil.example&subject=Re@example.org'])(
      'stores %s verbatim: valid for <input type=email>, and links to it encode it',
      async (email) => {
        const response = await post({ ...valid, email, message: `from ${email}` });
        expect(response.statusCode).toBe(201);
        const stored = (await storedMessages()).find((m) => m.message === `from ${email}`);
        expect(stored?.email).toBe(email);
        countBefore += 1;
      },
    );

    it('answers a filled honeypot exactly as if accepted, and stores nothing', async () => {
      const response = await post({ ...valid, website: 'http://spam.example' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: 'Message sent successfully!' });
      expect(response.body).not.toMatch(/website/i);
    });

    it('400 for malformed JSON', async () => {
      const response = await post('{"name": ', { 'content-type': 'application/json' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Request body is not valid JSON.' });
    });

    it.each([
      ['text/plain', 'name=a'],
      ['application/x-www-form-urlencoded', 'name=a&email=b&message=c'],
      ['multipart/form-data; boundary=x', '--x--'],
    ])('415 for %s', async (contentType, body) => {
      const response = await post(body, { 'content-type': contentType });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'Unsupported content type.' });
    });

    it('413 for a body over 16 KiB', async () => {
      const response = await post({ ...valid, message: 'x'.repeat(17 * 1024) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'Request body is too large.' });
    });
  });

  describe('Idempotency-Key', () => {
    // Straight from the table: the listing is one page.
    const count = async () => (await t.database.db.select().from(contactMessages)).length;
    const withKey = (key: string, payload: unknown = valid) =>
      post(payload, { 'idempotency-key': key });

    it("a key is the client's own: another client's same key stores its own message", async () => {
      const key = 'shared-key-0001';
      const from = (remoteAddress: string, message: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { ...valid, message },
          headers: { 'idempotency-key': key },
          remoteAddress,
        });
      const before = await count();
      expect((await from('192.0.2.1', 'From the first client')).statusCode).toBe(201);
      const second = await from('192.0.2.2', 'From the second client');
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      expect(await count()).toBe(before + 2);
      // Nor is the key stored as sent: only a digest of client and key.
      const keys = await t.database.db
        .select({ key: contactMessages.idempotencyKey })
        .from(contactMessages);
      expect(keys.map((row) => row.key)).not.toContain(key);
    });

    it('a key expires after 24 hours: the same key then stores a new message', async () => {
      const key = 'day-old-key-0001';
      expect((await withKey(key)).statusCode).toBe(201);
      await t.database.db.execute(
        sql`update contact_messages set created_at = now() - interval '25 hours'
            where idempotency_key is not null and created_at > now() - interval '1 minute'`,
      );
      const before = await count();
      const later = await withKey(key, { ...valid, message: 'A day later' });
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(await count()).toBe(before + 1);
    });

    it('a retry with the same key and message answers the original 201 and stores once', async () => {
      const before = await count();
      const key = 'b8f4c1c2-5d0e-4f7a-9a53-1f0c3d2e4b6a';
      const first = await withKey(key);
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      for (let retry = 0; retry < 3; retry += 1) {
        const again = await withKey(key, { ...valid, message: `  ${valid.message}  ` });
        expect(again.statusCode).toBe(201);
        expect(again.json()).toEqual({ message: 'Message sent successfully!' });
        expect(again.headers['idempotent-replayed']).toBe('true');
      }
      expect(await count()).toBe(before + 1);
    });

    it('the same key with another message is refused with 422 and stores nothing', async () => {
      const key = 'reused-key-0001';
      expect((await withKey(key)).statusCode).toBe(201);
      const before = await count();
      const other = await withKey(key, { ...valid, message: 'Something else' });
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({
        message: 'This Idempotency-Key was already used for a different message.',
      });
      expect(await count()).toBe(before);
    });

    it('different keys are different messages; no key is never deduplicated', async () => {
      const before = await count();
      expect((await withKey('key-a-0001')).statusCode).toBe(201);
      expect((await withKey('key-b-0001')).statusCode).toBe(201);
      expect((await post(valid)).statusCode).toBe(201);
      expect((await post(valid)).statusCode).toBe(201);
      expect(await count()).toBe(before + 4);
    });

    it('concurrent retries store one row', async () => {
      const before = await count();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => withKey('concurrent-key-0001')),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
      expect(await count()).toBe(before + 1);
    });

    it.each(['', 'has space', 'x'.repeat(256), 'caf\u00e9', 'a\tb'])(
      '400 for the key %j, storing nothing',
      async (key) => {
        const before = await count();
        const response = await withKey(key);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: 'Idempotency-key must be 1 to 255 visible ASCII characters, such as a UUID.',
        });
        expect(await count()).toBe(before);
      },
    );
  });

  describe('rate limit', () => {
    it('answers 429 with a message once the per-IP limit is reached, storing nothing', async () => {
      // A second app over the same database, with a limit of 2 per minute.
      const limitedApp = await buildApp({
        db: t.database.db,
        verifyIdToken: fakeVerifyIdToken,
        contactRateLimit: 2,
      });
      try {
        const send = (remoteAddress: string) =>
          limitedApp.inject({ method: 'POST', url: '/api/contact', payload: valid, remoteAddress });
        const countBefore = (await storedMessages()).length;
        expect((await send('10.0.0.1')).statusCode).toBe(201);
        expect((await send('10.0.0.1')).statusCode).toBe(201);
        const limited = await send('10.0.0.1');
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual({
          message: 'Too many messages sent. Please wait a minute and try again.',
        });
        expect(limited.headers['retry-after']).toBeDefined();
        // Another client is not affected.
        expect((await send('10.0.0.2')).statusCode).toBe(201);
        expect((await storedMessages()).length).toBe(countBefore + 3);
      } finally {
        await limitedApp.close();
      }
    });

    it('defaults to 5 per minute', async () => {
      const defaultApp = await buildApp({ db: t.database.db, verifyIdToken: fakeVerifyIdToken });
      try {
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 6; attempt += 1) {
          const response = await defaultApp.inject({
            method: 'POST',
            url: '/api/contact',
            payload: { ...valid, email: 'not-an-email' },
          });
          statuses.push(response.statusCode);
        }
        expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      } finally {
        await defaultApp.close();
      }
    });
  });

  describe('admin listing', () => {
    it('requires an admin', async () => {
      expect((await t.app.inject('/api/contact')).statusCode).toBe(401);
      const reader = await t.app.inject({ url: '/api/contact', headers: readerHeaders });
      expect(reader.statusCode).toBe(403);
      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/contact/abc',
        headers: readerHeaders,
        payload: { read: true },
      });
      expect(patch.statusCode).toBe(403);
    });

    it('lists newest first and marks messages read and unread', async () => {
      await post({ ...valid, name: 'Newest' });
      const messages = await storedMessages();
      expect(messages[0]?.name).toBe('Newest');
      const id = messages[0]?._id as string;
      const read = await t.app.inject({
        method: 'PATCH',
        url: `/api/contact/${id}`,
        headers: adminHeaders,
        payload: { read: true },
      });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ _id: id, read: true, name: 'Newest' });
      expect((await storedMessages())[0]?.read).toBe(true);
      const unread = await t.app.inject({
        method: 'PATCH',
        url: `/api/contact/${id}`,
        headers: adminHeaders,
        payload: { read: false },
      });
      expect(unread.json().read).toBe(false);
    });

    it('pages with limit and offset, newest first; the default page is the 100 newest', async () => {
      for (let i = 0; i < 3; i += 1) await post({ ...valid, message: `page ${i}` });
      const all = await storedMessages();
      expect(all.length).toBeGreaterThanOrEqual(3);
      expect(all.length).toBeLessThanOrEqual(100);
      const page = async (query: string) =>
        (await t.app.inject({ url: `/api/contact?${query}`, headers: adminHeaders })).json() as {
          _id: string;
        }[];
      expect((await page('limit=2')).map((m) => m._id)).toEqual(all.slice(0, 2).map((m) => m._id));
      expect((await page('limit=2&offset=1')).map((m) => m._id)).toEqual(
        all.slice(1, 3).map((m) => m._id),
      );
      expect(await page(`offset=${all.length}`)).toEqual([]);
    });

    it.each(['limit=0', 'limit=101', 'offset=-1', 'limit=abc', 'page=2'])(
      'GET answers 400 for ?%s',
      async (query) => {
        const response = await t.app.inject({
          url: `/api/contact?${query}`,
          headers: adminHeaders,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: expect.any(String) });
      },
    );

    it('archives, brings back and deletes a message; the boxes count what they hold and what is unread', async () => {
      const list = async (query = '') => {
        const response = await t.app.inject({
          url: `/api/contact${query}`,
          headers: adminHeaders,
        });
        return {
          ids: (response.json() as { _id: string }[]).map((message) => message._id),
          total: Number(response.headers['x-total-count']),
          unread: Number(response.headers['x-unread-count']),
        };
      };
      await post({ ...valid, message: 'to archive' });
      await post({ ...valid, message: 'to delete' });
      const [toDelete, toArchive] = (await storedMessages()) as { _id: string }[];
      const before = await list();
      expect(before.ids.slice(0, 2)).toEqual([toDelete!._id, toArchive!._id]);
      const patch = (id: string, payload: object) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/contact/${id}`,
          headers: adminHeaders,
          payload,
        });

      const archived = await patch(toArchive!._id, { read: true, archived: true });
      expect(archived.json()).toMatchObject({ read: true, archived: true });
      const inbox = await list();
      expect(inbox.ids).not.toContain(toArchive!._id);
      expect(inbox.total).toBe(before.total - 1);
      // It was unread: the inbox's unread count lost it.
      expect(inbox.unread).toBe(before.unread - 1);
      const archive = await list('?box=archive');
      expect(archive.ids).toEqual([toArchive!._id]);
      expect(archive.total).toBe(1);
      // Read without `archived`: the message stays where it is.
      expect((await patch(toArchive!._id, { read: false })).json().archived).toBe(true);
      await patch(toArchive!._id, { read: false, archived: false });
      expect((await list()).ids).toContain(toArchive!._id);

      const remove = (id: string, headers = adminHeaders) =>
        t.app.inject({ method: 'DELETE', url: `/api/contact/${id}`, headers });
      expect((await remove(toDelete!._id, readerHeaders)).statusCode).toBe(403);
      expect((await remove(toDelete!._id)).statusCode).toBe(204);
      expect((await list()).ids).not.toContain(toDelete!._id);
      const again = await remove(toDelete!._id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Message not found' });
      expect(
        (await t.app.inject({ url: '/api/contact?box=trash', headers: adminHeaders })).statusCode,
      ).toBe(400);
    });

    it('PATCH answers 404 for an unknown message and 400 for a bad body', async () => {
      const missing = await t.app.inject({
        method: 'PATCH',
        url: '/api/contact/00000000-0000-0000-0000-000000000000',
        headers: adminHeaders,
        payload: { read: true },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Message not found' });
      const bad = await t.app.inject({
        method: 'PATCH',
        url: '/api/contact/abc',
        headers: adminHeaders,
        payload: { read: true, name: 'x' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
