// The inbox, completed (docs/decisions/144): GET /contact searches a box; POST /contact/bulk
// reads, archives, brings back or deletes several messages at once.
import { CONTACT_BULK_MAX } from '@portfolio/contract';
import type { StoredContactMessage } from '@portfolio/contract';
import { testDrivers } from '../../testing/databases.js';
import { adminHeaders, readerHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { saveContactMessage } from './repository.js';

describe.each(testDrivers)('the inbox: search and several at once (%s)', (driver) => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  const list = async (query = '', headers: Record<string, string> = adminHeaders) => {
    const response = await t.app.inject({ url: `/api/contact${query}`, headers });
    return {
      status: response.statusCode,
      body: response.json() as StoredContactMessage[] & { message?: string },
      names:
        response.statusCode === 200
          ? (response.json() as StoredContactMessage[]).map((m) => m.name)
          : [],
      total: Number(response.headers['x-total-count']),
      unread: Number(response.headers['x-unread-count']),
    };
  };
  const bulk = (payload: unknown, headers: Record<string, string> = adminHeaders) =>
    t.app.inject({ method: 'POST', url: '/api/contact/bulk', headers, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp(driver, { seed: false });
    for (const [name, email, message] of [
      ['Ada', 'ada@example.com', 'Is the Workshop still on?'],
      ['Grace', 'grace@navy.example', 'A question about COBOL.'],
      ['Alan', 'alan@example.com', 'Discount of 100% please'],
      ['Linus', 'linus@example.com', 'About the kernel workshop'],
    ] as const) {
      const saved = await saveContactMessage(t.database.db, { name, email, message });
      if (saved.status !== 'stored') throw new Error('not stored');
      ids[name] = saved.message._id;
    }
  });
  afterAll(() => t.close());

  describe('GET /contact?query=', () => {
    it('finds messages by their text, sender or address, in any case, and counts them', async () => {
      const found = await list('?query=WORKSHOP');
      expect(found.names).toEqual(['Linus', 'Ada']);
      expect(found.total).toBe(2);
      // The unread count stays the whole inbox's: what the tab says.
      expect(found.unread).toBe(4);
      expect((await list('?query=grace')).names).toEqual(['Grace']);
      expect((await list('?query=navy.example')).names).toEqual(['Grace']);
      expect((await list('?query=%20%20')).total).toBe(4);
    });

    it("takes LIKE's wildcards literally", async () => {
      expect((await list('?query=100%25')).names).toEqual(['Alan']);
      expect((await list('?query=%25')).names).toEqual(['Alan']);
      expect((await list('?query=_')).names).toEqual([]);
    });

    it('searches the box it is asked for', async () => {
      expect((await list('?box=archive&query=workshop')).names).toEqual([]);
    });

    it('400 with a message for a text over 200 characters', async () => {
      const response = await list(`?query=${'x'.repeat(201)}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: expect.stringMatching(/query/i) });
    });
  });

  describe('POST /contact/bulk', () => {
    it('is for admins only: 401 without a token, 403 with a user token', async () => {
      const payload = { ids: [ids.Ada], action: 'delete' };
      expect((await bulk(payload, {})).statusCode).toBe(401);
      const reader = await bulk(payload, readerHeaders);
      expect(reader.statusCode).toBe(403);
      expect(reader.json()).toEqual({ message: expect.any(String) });
      expect((await list()).total).toBe(4);
    });

    it('marks several read and unread', async () => {
      const read = await bulk({ ids: [ids.Ada, ids.Grace], action: 'read' });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ count: 2 });
      expect((await list()).unread).toBe(2);
      await bulk({ ids: [ids.Ada, ids.Grace], action: 'unread' });
      expect((await list()).unread).toBe(4);
    });

    it('archives several (read), brings them back, and deletes several', async () => {
      const archived = await bulk({ ids: [ids.Ada, ids.Alan], action: 'archive' });
      expect(archived.json()).toEqual({ count: 2 });
      const inbox = await list();
      expect(inbox.names).toEqual(['Linus', 'Grace']);
      expect(inbox.unread).toBe(2);
      const archive = await list('?box=archive');
      expect(archive.names).toEqual(['Alan', 'Ada']);
      expect(archive.body.every((message) => message.read && message.archived)).toBe(true);

      await bulk({ ids: [ids.Ada], action: 'unarchive' });
      expect((await list()).names).toContain('Ada');

      // One of them deleted meanwhile: skipped, and counted out.
      const deleted = await bulk({
        ids: [ids.Alan, ids.Linus, '00000000-0000-4000-8000-000000000000'],
        action: 'delete',
      });
      expect(deleted.json()).toEqual({ count: 2 });
      expect((await list()).names).toEqual(['Grace', 'Ada']);
      expect((await list('?box=archive')).total).toBe(0);
    });

    it.each([
      [{ ids: [], action: 'read' }, /ids/i],
      [{ ids: ['a', 'a'], action: 'read' }, /ids/i],
      [
        { ids: Array.from({ length: CONTACT_BULK_MAX + 1 }, (_, i) => `m${i}`), action: 'read' },
        /ids/i,
      ],
      [{ ids: ['Not An Id'], action: 'read' }, /ids/i],
      [{ ids: ['a'], action: 'spam' }, /action/i],
      [{ ids: ['a'] }, /action/i],
      [{ ids: ['a'], action: 'read', extra: true }, /extra/i],
    ])('400 with a message for %j', async (payload, mentions) => {
      const response = await bulk(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.stringMatching(mentions) });
    });
  });
});
