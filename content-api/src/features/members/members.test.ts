// A member's own data (docs/decisions/207): exported as JSON, and deleted with their comments
// removed or kept as "A deleted member", as the owner's settings say.
import { DELETED_MEMBER_NAME, MEMBER_DATA_MESSAGES } from '@portfolio/contract';
import type { CommentPage, MemberExport, OwnComment } from '@portfolio/contract';
import { testDrivers } from '../../testing/databases.js';
import { ADMIN, tokenFor } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';

const ARTICLE = 'a-practical-guide-to-secure-code-review';
const clock = new Date('2026-12-03T10:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A member who signed in just now (a token recent enough to delete the account). */
const member = (uid: string, signedInSecondsAgo = 10) => ({
  uid,
  email: `${uid}@example.com`,
  emailVerified: true,
  authTime: seconds(clock) - signedInSecondsAgo,
});
const as = (identity: object) => ({ authorization: `Bearer ${tokenFor(identity as never)}` });
const admin = as(ADMIN);

describe.each(testDrivers)("a member's own data (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      now: () => clock,
      commentRateLimit: 1000,
      memberCommentLimit: 1000,
      // Subscribing needs a mailer; a member whose address is verified is mailed nothing.
      mailer: { configured: async () => true, send: async () => {} },
    });
  });
  afterAll(() => t.close());

  /** A member with a profile, two comments (one approved, one pending) and a subscription. */
  async function memberWithData(uid: string) {
    const identity = member(uid);
    const headers = as(identity);
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers,
      payload: { name: `Name of ${uid}`, email: identity.email },
    });
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${ARTICLE}/comments`,
      headers,
      payload: { body: `First words of ${uid}`, notifyReplies: true },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/comments/bulk',
      headers: admin,
      payload: { ids: [first.json<{ comment: OwnComment }>().comment._id], action: 'approve' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/articles/${ARTICLE}/comments`,
      headers,
      payload: {
        body: `More links [a](https://a.example) [b](https://b.example) [c](https://c.example) by ${uid}`,
      },
    });
    const subscribed = await t.app.inject({ method: 'PUT', url: '/api/newsletter/me', headers });
    expect(subscribed.json()).toMatchObject({ subscribed: true, status: 'confirmed' });
    return headers;
  }

  const shownNames = async () =>
    (await t.app.inject(`/api/articles/${ARTICLE}/comments`))
      .json<CommentPage>()
      .threads.map((thread) => [thread.authorName, thread.body]);

  it('exports the account, the profile, every comment and the subscription as a JSON file', async () => {
    const headers = await memberWithData('exporter');
    const response = await t.app.inject({ url: '/api/members/me/export', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="my-data.json"');
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json<MemberExport>();
    expect(data.account).toEqual({ uid: 'exporter', email: 'exporter@example.com' });
    expect(data.profile).toMatchObject({ name: 'Name of exporter' });
    expect(data.comments.map((comment) => comment.status).sort()).toEqual(['approved', 'pending']);
    expect(data.subscription).toEqual({
      subscribed: true,
      status: 'confirmed',
      email: 'exporter@example.com',
    });
    expect((await t.app.inject('/api/members/me/export')).statusCode).toBe(401);
  });

  it('asks for a recent sign-in before deleting anything', async () => {
    const headers = await memberWithData('stale');
    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/members/me',
      headers: as(member('stale', 10 * 60)),
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: MEMBER_DATA_MESSAGES.signInAgain });
    const still = await t.app.inject({ url: '/api/members/me/export', headers });
    expect(still.json<MemberExport>().comments).toHaveLength(2);
  });

  it('deletes the account: comments kept as "A deleted member" by default, the rest gone', async () => {
    const headers = await memberWithData('leaver');
    expect(await shownNames()).toContainEqual(['Name of leaver', 'First words of leaver']);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/members/me', headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({
      message: MEMBER_DATA_MESSAGES.deleted,
      commentsRemoved: 1,
      commentsKept: 1,
    });
    // The approved comment stays, under no name; the pending one, the profile and the
    // subscription are gone.
    expect(await shownNames()).toContainEqual([DELETED_MEMBER_NAME, 'First words of leaver']);
    expect(await shownNames()).not.toContainEqual(['Name of leaver', expect.anything()]);
    const left = (
      await t.app.inject({ url: '/api/members/me/export', headers })
    ).json<MemberExport>();
    expect(left).toMatchObject({
      profile: null,
      comments: [],
      subscription: { subscribed: false },
    });
    const subscribers = await t.app.inject({
      url: '/api/newsletter/subscribers?query=leaver',
      headers: admin,
    });
    expect(subscribers.json()).toEqual([]);
  });

  it("removes every comment when the owner's setting says so", async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/comments/settings',
      headers: admin,
      payload: { linksBeforeReview: 2, deletedMemberComments: 'remove' },
    });
    expect(saved.statusCode).toBe(200);
    const headers = await memberWithData('remover');
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/members/me', headers });
    expect(deleted.json()).toMatchObject({ commentsRemoved: 2, commentsKept: 0 });
    expect((await shownNames()).flat()).not.toContain('First words of remover');
  });
});
