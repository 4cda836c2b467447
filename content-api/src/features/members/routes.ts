// A member's own data (docs/decisions/207): everything the site keeps of them, as JSON (their
// account's uid and address, their profile, every comment they wrote in any state, their
// subscription), and the deletion of it all. Their comments are removed, or kept as "A deleted
// member" (no uid, no address), as the owner's comment settings say. The Firebase account itself
// is deleted by the member's own browser right after (Firebase asks for a recent sign-in, as
// this route does).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MEMBER_DATA_MESSAGES, MemberDeletedSchema, MemberExportSchema } from '@portfolio/contract';
import type { MemberExport } from '@portfolio/contract';
import { and, eq } from 'drizzle-orm';
import { identityOf } from '../../auth/identity.js';
import { blockedMembers, comments, profiles } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import type { RouteContext } from '../../route-context.js';
import { getCommentSettings, listOwnComments } from '../comments/repository.js';
import { memberSubscription, removeSubscriber } from '../newsletter/repository.js';
import { findProfile } from '../users/repository.js';
import { RECENT_SIGN_IN_SECONDS } from '../sessions/routes.js';

export interface MemberRouteOptions extends RouteContext {
  now?: () => Date;
}

const memberRoutes: FastifyPluginAsyncTypebox<MemberRouteOptions> = async (
  app,
  { db, auth, now = () => new Date() },
) => {
  app.get(
    '/members/me/export',
    { onRequest: auth.requireUser, schema: { response: { 200: MemberExportSchema } } },
    async (request, reply) => {
      const identity = identityOf(request);
      const [profile, own, subscription] = await Promise.all([
        findProfile(db, identity.uid),
        listOwnComments(db, identity.uid),
        memberSubscription(db, identity.uid),
      ]);
      const data: MemberExport = {
        exportedAt: now().toISOString(),
        account: { uid: identity.uid, email: identity.email ?? null },
        profile: profile ?? null,
        comments: own,
        subscription: {
          subscribed: subscription !== undefined,
          status: subscription?.status ?? null,
          email: subscription?.email ?? null,
        },
      };
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', 'attachment; filename="my-data.json"')
        .send(data);
    },
  );

  app.delete(
    '/members/me',
    {
      onRequest: auth.requireUser,
      schema: { response: { 200: MemberDeletedSchema } },
    },
    async (request) => {
      const identity = identityOf(request);
      // As Firebase asks before deleting an account: a token from a sign-in of the last minutes,
      // so a session left open on a shared computer cannot delete the account.
      const signedInAt = identity.authTime ?? 0;
      if (now().getTime() / 1000 - signedInAt > RECENT_SIGN_IN_SECONDS) {
        throw new HttpError(401, MEMBER_DATA_MESSAGES.signInAgain);
      }
      const { deletedMemberComments } = await getCommentSettings(db);
      const outcome = await db.transaction(async (tx) => {
        let removed = 0;
        let kept = 0;
        if (deletedMemberComments === 'keep') {
          // Kept as "A deleted member": no uid, no address; those that waited go.
          removed = (
            await tx
              .delete(comments)
              .where(and(eq(comments.authorUid, identity.uid), eq(comments.status, 'pending')))
              .returning({ id: comments.id })
          ).length;
          kept = (
            await tx
              .update(comments)
              .set({ authorUid: null, notifyEmail: null })
              .where(eq(comments.authorUid, identity.uid))
              .returning({ id: comments.id })
          ).length;
        } else {
          removed = (
            await tx
              .delete(comments)
              .where(eq(comments.authorUid, identity.uid))
              .returning({ id: comments.id })
          ).length;
        }
        const subscription = await memberSubscription(tx, identity.uid);
        if (subscription) await removeSubscriber(tx, subscription._id);
        await tx.delete(blockedMembers).where(eq(blockedMembers.uid, identity.uid));
        await tx.delete(profiles).where(eq(profiles.uid, identity.uid));
        return { removed, kept };
      });
      // A write: the response cache is cleared (plugins/cache-invalidation.ts), so the article
      // pages no longer show the member's name.
      return {
        message: MEMBER_DATA_MESSAGES.deleted,
        commentsRemoved: outcome.removed,
        commentsKept: outcome.kept,
      };
    },
  );
};

export default memberRoutes;
