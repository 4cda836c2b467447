import {
  COMMENT_MESSAGES,
  COMMENT_REPLIES_SHOWN,
  COMMENT_THREADS_PER_PAGE,
  PENDING_COUNT_HEADER,
  UNNAMED_MEMBER_NAME,
} from '@portfolio/contract';
import type { CommentPage, ModeratedComment, OwnComment } from '@portfolio/contract';
import { testDrivers } from '../../testing/databases.js';
import { ADMIN, tokenFor } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import { linksIn } from './links.js';

const ARTICLE = 'a-practical-guide-to-secure-code-review';
const OTHER_ARTICLE = 'capture-the-flag-tips-for-beginners';
/** Only the paging test comments here. */
const PAGED_ARTICLE = 'container-security-basics';

const as = (identity: { uid: string; email?: string; role?: string }) => ({
  authorization: `Bearer ${tokenFor(identity)}`,
});
const admin = as(ADMIN);

describe('linksIn', () => {
  it('counts every address and every Markdown link once', () => {
    expect(linksIn('no links here')).toBe(0);
    expect(linksIn('see https://example.com and http://a.b')).toBe(2);
    expect(linksIn('[docs](https://example.com) and [home](/about) and www.example.org')).toBe(3);
    expect(linksIn('<mailto:me@example.com> [x]( <relative>)')).toBe(2);
  });
});

describe.each(testDrivers)('comments (%s)', (driver) => {
  let t: TestApp;
  let clock = new Date('2026-12-02T10:00:00Z');
  let member = 0;
  /** A new member, with a profile name when given. */
  const newMember = async (name?: string) => {
    member += 1;
    const identity = { uid: `member-${member}`, email: `member-${member}@example.com` };
    if (name) {
      await t.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: as(identity),
        payload: { name, email: identity.email },
      });
    }
    return identity;
  };
  const post = (
    identity: { uid: string; email?: string; role?: string },
    payload: object,
    article = ARTICLE,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/articles/${article}/comments`,
      headers: as(identity),
      payload,
    });
  const page = async (query = '', article = ARTICLE): Promise<CommentPage> => {
    const response = await t.app.inject(`/api/articles/${article}/comments${query}`);
    expect([response.statusCode, response.body]).toEqual([200, expect.anything()]);
    return response.json<CommentPage>();
  };
  const moderation = async (query = '') => {
    const response = await t.app.inject({ url: `/api/comments${query}`, headers: admin });
    expect(response.statusCode).toBe(200);
    return {
      comments: response.json<ModeratedComment[]>(),
      pending: Number(response.headers[PENDING_COUNT_HEADER.toLowerCase()]),
    };
  };
  const act = (ids: string[], action: 'approve' | 'hide' | 'delete') =>
    t.app.inject({
      method: 'POST',
      url: '/api/comments/bulk',
      headers: admin,
      payload: { ids, action },
    });
  /** A member whose first comment the owner approved: their next ones appear at once. */
  const knownMember = async (name?: string) => {
    const identity = await newMember(name);
    const first = await post(identity, { body: `Hello from ${identity.uid}` }, OTHER_ARTICLE);
    await act([first.json<{ comment: OwnComment }>().comment._id], 'approve');
    return identity;
  };

  beforeAll(async () => {
    t = await createTestApp(driver, {
      now: () => clock,
      commentRateLimit: 1000,
      memberCommentLimit: 1000,
    });
  });
  afterAll(() => t.close());

  it('answers an article with no comments with an empty first page', async () => {
    expect(await page()).toEqual({ threads: [], total: 0, page: 1, pages: 1, order: 'newest' });
    const missing = await t.app.inject('/api/articles/no-such-article/comments');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: COMMENT_MESSAGES.articleNotFound });
  });

  it('asks a visitor to sign in, and refuses a comment without text or with unknown fields', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${ARTICLE}/comments`,
      payload: { body: 'hi' },
    });
    expect(anonymous.statusCode).toBe(401);
    const reader = await newMember();
    expect((await post(reader, { body: '   ' })).statusCode).toBe(400);
    expect((await post(reader, { body: 'x'.repeat(5001) })).statusCode).toBe(400);
    const unknown = await post(reader, { body: 'hi', html: '<b>x</b>' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/html/);
  });

  it("holds a new member's first comment for the owner, then shows it once approved", async () => {
    const reader = await newMember('Ada Reader');
    const posted = await post(reader, { body: '  Great article, *thanks*!  ' });
    expect(posted.statusCode).toBe(201);
    const { message, comment } = posted.json<{ message: string; comment: OwnComment }>();
    expect(message).toBe(COMMENT_MESSAGES.pending);
    expect(comment).toMatchObject({
      body: 'Great article, *thanks*!',
      status: 'pending',
      authorName: 'Ada Reader',
      articleId: ARTICLE,
      notifyReplies: false,
    });
    expect((await page()).total).toBe(0);

    const queue = await moderation();
    expect(queue.pending).toBeGreaterThanOrEqual(1);
    expect(queue.comments[0]).toMatchObject({
      _id: comment._id,
      status: 'pending',
      authorUid: reader.uid,
      authorEmail: reader.email,
      authorBlocked: false,
      links: 0,
    });
    expect((await act([comment._id], 'approve')).json()).toEqual({ changed: 1 });
    const shown = await page();
    expect(shown.total).toBe(1);
    expect(shown.threads[0]).toEqual({
      _id: comment._id,
      parentId: null,
      authorName: 'Ada Reader',
      body: 'Great article, *thanks*!',
      createdAt: comment.createdAt,
      editedAt: null,
      replies: [],
      replyCount: 0,
    });
    // Approved once, the member's next comment appears at once.
    const second = await post(reader, { body: 'One more thought.' });
    expect(second.json()).toMatchObject({
      message: COMMENT_MESSAGES.published,
      comment: { status: 'approved' },
    });
    expect((await page()).total).toBe(2);
    await act([comment._id, second.json().comment._id], 'delete');
  });

  it("publishes the owner's comments at once and names a member without a profile", async () => {
    const owner = await post(ADMIN, { body: 'Thanks for reading.' });
    expect(owner.json().comment.status).toBe('approved');
    const anonymous = await newMember();
    const theirs = await post(anonymous, { body: 'Nameless here.' });
    await act([theirs.json().comment._id], 'approve');
    const names = (await page()).threads.map((thread) => thread.authorName);
    expect(names).toContain(UNNAMED_MEMBER_NAME);
    await act([owner.json().comment._id, theirs.json().comment._id], 'delete');
  });

  it('holds a known member’s comment with more links than the owner allows', async () => {
    const reader = await knownMember();
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/comments/settings',
      headers: admin,
      payload: { linksBeforeReview: 1, deletedMemberComments: 'keep' },
    });
    expect(settings.statusCode).toBe(200);
    const one = await post(reader, { body: 'See https://example.com' });
    expect(one.json().comment.status).toBe('approved');
    const two = await post(reader, { body: 'See https://a.example and https://b.example' });
    expect(two.json().comment.status).toBe('pending');
    const many = await post(reader, { body: 'https://x.example '.repeat(11) });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toEqual({ message: COMMENT_MESSAGES.tooManyLinks });
    await act([one.json().comment._id, two.json().comment._id], 'delete');
  });

  it('refuses the same comment twice, and answers a filled honeypot without storing it', async () => {
    const reader = await knownMember();
    expect((await post(reader, { body: 'Same words' })).statusCode).toBe(201);
    const again = await post(reader, { body: '  Same words ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: COMMENT_MESSAGES.duplicate });
    const bot = await post(reader, { body: 'Buy now', website: 'https://spam.example' });
    expect(bot.statusCode).toBe(202);
    expect(bot.json()).toEqual({ message: COMMENT_MESSAGES.pending });
    const mine = await t.app.inject({ url: '/api/comments/mine', headers: as(reader) });
    expect(mine.json<OwnComment[]>().map((comment) => comment.body)).not.toContain('Buy now');
  });

  it('takes replies one level deep, on the same article, to approved comments', async () => {
    const reader = await knownMember('Thread Starter');
    const replier = await knownMember('Replier');
    const thread = (await post(reader, { body: 'A question?' })).json().comment;
    const reply = await post(replier, { body: 'An answer.', parentId: thread._id });
    expect(reply.statusCode).toBe(201);
    const deeper = await post(reader, { body: 'Deeper', parentId: reply.json().comment._id });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json()).toEqual({ message: COMMENT_MESSAGES.replyDepth });
    const elsewhere = await post(
      replier,
      { body: 'Elsewhere', parentId: thread._id },
      OTHER_ARTICLE,
    );
    expect(elsewhere.json()).toEqual({ message: COMMENT_MESSAGES.replyTarget });
    // A page counts a thread's replies; the thread asked for alone brings them.
    const listed = (await page()).threads.find((item) => item._id === thread._id);
    expect(listed).toMatchObject({ replyCount: 1, replies: [] });
    const alone = await page(`?thread=${thread._id}`);
    expect(alone).toMatchObject({ page: 1, pages: 1, order: 'newest' });
    expect(alone.threads).toEqual([
      expect.objectContaining({
        _id: thread._id,
        replyCount: 1,
        replies: [expect.objectContaining({ body: 'An answer.', authorName: 'Replier' })],
      }),
    ]);
    // A reply, another article's thread, or an unknown id is not a thread of this article.
    for (const id of [reply.json().comment._id, 'no-such-comment']) {
      const refused = await t.app.inject(`/api/articles/${ARTICLE}/comments?thread=${id}`);
      expect([refused.statusCode, refused.json()]).toEqual([
        404,
        { message: COMMENT_MESSAGES.notFound },
      ]);
    }
    const otherArticle = await t.app.inject(
      `/api/articles/${OTHER_ARTICLE}/comments?thread=${thread._id}`,
    );
    expect(otherArticle.statusCode).toBe(404);
    await act([thread._id], 'delete');
    expect((await page()).threads.find((item) => item._id === thread._id)).toBeUndefined();
    expect(
      (await t.app.inject(`/api/articles/${ARTICLE}/comments?thread=${thread._id}`)).statusCode,
    ).toBe(404);
  });

  it('pages the replies of a thread read alone, the oldest first', async () => {
    const starter = await knownMember('Starter');
    const replier = await knownMember('Replier');
    const thread = (await post(starter, { body: 'Many answers?' })).json().comment;
    const count = COMMENT_REPLIES_SHOWN + 5;
    for (let index = 1; index <= count; index += 1) {
      const reply = await post(replier, { body: `Answer ${index}`, parentId: thread._id });
      expect(reply.statusCode).toBe(201);
    }
    const repliesOf = (answer: CommentPage) => answer.threads[0]!.replies;

    const first = await page(`?thread=${thread._id}`);
    expect(first).toMatchObject({ replyPage: 1, threads: [{ replyCount: count }] });
    expect(repliesOf(first)).toHaveLength(COMMENT_REPLIES_SHOWN);
    const second = await page(`?thread=${thread._id}&replies=2`);
    expect(second).toMatchObject({ replyPage: 2, threads: [{ replyCount: count }] });
    expect(repliesOf(second)).toHaveLength(5);
    // Together, every reply once, the oldest first (replies posted within one millisecond in
    // the order of their ids).
    const all = [...repliesOf(first), ...repliesOf(second)];
    expect(new Set(all.map((reply) => reply.body))).toEqual(
      new Set(Array.from({ length: count }, (_, index) => `Answer ${index + 1}`)),
    );
    const times = all.map((reply) => Date.parse(reply.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The member's list and the owner's say on which page each reply is (their links).
    const shownOn = new Map(
      all.map((reply, index) => [reply._id, index < COMMENT_REPLIES_SHOWN ? 1 : 2]),
    );
    const mine = await t.app.inject({ url: '/api/comments/mine', headers: as(replier) });
    const listed = mine.json<OwnComment[]>().filter((comment) => shownOn.has(comment._id));
    expect(listed).toHaveLength(count);
    for (const comment of listed) expect(comment.replyPage).toBe(shownOn.get(comment._id));
    const moderated = await t.app.inject({
      url: '/api/comments?query=Answer&limit=100',
      headers: admin,
    });
    const inTab = moderated
      .json<ModeratedComment[]>()
      .filter((comment) => shownOn.has(comment._id));
    expect(inTab.map((comment) => comment.replyPage).sort()).toEqual([...shownOn.values()].sort());
    expect(
      (await t.app.inject({ url: '/api/comments/mine', headers: as(starter) }))
        .json<OwnComment[]>()
        .find((comment) => comment._id === thread._id)?.replyPage,
    ).toBe(1);
    // A page past the end is the last one; a page of threads carries no reply page.
    expect(await page(`?thread=${thread._id}&replies=9`)).toMatchObject({ replyPage: 2 });
    expect(await page()).not.toHaveProperty('replyPage');
    const refused = await t.app.inject(
      `/api/articles/${ARTICLE}/comments?thread=${thread._id}&replies=0`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: expect.any(String) });
  });

  it('lets a member edit within 15 minutes and delete only their own', async () => {
    const reader = await knownMember();
    const other = await knownMember();
    const comment = (await post(reader, { body: 'Frist' })).json().comment as OwnComment;
    const edit = (who: typeof reader, body: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/comments/${comment._id}`,
        headers: as(who),
        payload: { body },
      });
    expect((await edit(other, 'Hijack')).json()).toEqual({ message: COMMENT_MESSAGES.notYours });
    const edited = await edit(reader, 'First');
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ body: 'First', editedAt: clock.toISOString() });
    clock = new Date(clock.getTime() + 16 * 60 * 1000);
    const late = await edit(reader, 'Too late');
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ message: COMMENT_MESSAGES.editWindow });
    const remove = (who: typeof reader) =>
      t.app.inject({ method: 'DELETE', url: `/api/comments/${comment._id}`, headers: as(who) });
    expect((await remove(other)).statusCode).toBe(403);
    expect((await remove(reader)).statusCode).toBe(204);
    expect((await remove(reader)).statusCode).toBe(404);
  });

  it('blocks a member: their pending comments go and new ones are refused', async () => {
    const reader = await newMember('Spammer');
    const pending = (await post(reader, { body: 'spam spam' })).json().comment as OwnComment;
    const block = await t.app.inject({
      method: 'PUT',
      url: `/api/members/${reader.uid}/block`,
      headers: admin,
    });
    expect(block.statusCode).toBe(200);
    expect((await moderation()).comments.map((c) => c._id)).not.toContain(pending._id);
    const refused = await post(reader, { body: 'more spam' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: COMMENT_MESSAGES.blocked });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/members/${reader.uid}/block`,
      headers: admin,
    });
    expect((await post(reader, { body: 'sorry' })).statusCode).toBe(201);
  });

  it('pages threads newest or oldest first, and keeps a page small whatever the article holds', async () => {
    const reader = await knownMember('Pager');
    const ids: string[] = [];
    for (let index = 0; index < COMMENT_THREADS_PER_PAGE + 5; index += 1) {
      clock = new Date(clock.getTime() + 1000);
      ids.push(
        (await post(reader, { body: `Comment ${index}` }, PAGED_ARTICLE)).json().comment._id,
      );
    }
    const newest = await page('', PAGED_ARTICLE);
    expect(newest).toMatchObject({ pages: 2, page: 1, order: 'newest' });
    expect(newest.threads).toHaveLength(COMMENT_THREADS_PER_PAGE);
    expect(newest.threads[0]?.body).toBe(`Comment ${COMMENT_THREADS_PER_PAGE + 4}`);
    const oldest = await page('?order=oldest&page=2', PAGED_ARTICLE);
    expect(oldest.threads.map((thread) => thread.body)).toEqual(
      Array.from({ length: 5 }, (_, index) => `Comment ${COMMENT_THREADS_PER_PAGE + index}`),
    );
    // A page past the last is the last.
    expect((await page('?page=99', PAGED_ARTICLE)).page).toBe(2);
    const zero = await t.app.inject(`/api/articles/${PAGED_ARTICLE}/comments?page=0`);
    expect(zero.statusCode).toBe(400);
    await act(ids, 'delete');
  });

  it('keeps moderation to the owner', async () => {
    const reader = await newMember();
    expect((await t.app.inject({ url: '/api/comments', headers: as(reader) })).statusCode).toBe(
      403,
    );
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/comments/bulk',
      headers: as(reader),
      payload: { ids: ['x'], action: 'approve' },
    });
    expect(bulk.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/members/x/block', headers: as(reader) }))
        .statusCode,
    ).toBe(403);
  });
});

describe('comment rate limits', () => {
  it('refuses a member past their limit, counted in the database', async () => {
    const t = await createTestApp('pglite', { memberCommentLimit: 2, commentRateLimit: 100 });
    try {
      const reader = { uid: 'busy-member' };
      const send = (body: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/articles/${ARTICLE}/comments`,
          headers: as(reader),
          payload: { body },
        });
      expect((await send('one')).statusCode).toBe(201);
      expect((await send('two')).statusCode).toBe(201);
      const third = await send('three');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: COMMENT_MESSAGES.rateLimited });
    } finally {
      await t.close();
    }
  });

  it('refuses a client past its limit per minute', async () => {
    const t = await createTestApp('pglite', { memberCommentLimit: 100, commentRateLimit: 2 });
    try {
      const codes = [];
      for (let index = 0; index < 3; index += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/articles/${ARTICLE}/comments`,
          headers: as({ uid: `member-${index}` }),
          payload: { body: `comment ${index}` },
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([201, 201, 429]);
    } finally {
      await t.close();
    }
  });
});
