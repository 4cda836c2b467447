// /users/me: the signed-in caller's profile document (the embedded ProfileStore adapter).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiUserProfileSchema, ProfileInputSchema } from '@portfolio/contract';
import type { RouteContext } from '../../route-context.js';
import { identityOf, roleOf } from '../../auth/identity.js';
import { HttpError } from '../../http/errors.js';
import type { ProfileFields } from './repository.js';
import { findProfile, upsertProfile } from './repository.js';

export const PROFILE_MESSAGES = {
  notFound: 'Profile not found',
  roleForbidden: 'You cannot change your own role.',
} as const;

const userRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { db, auth }) => {
  app.get(
    '/users/me',
    { onRequest: auth.requireUser, schema: { response: { 200: ApiUserProfileSchema } } },
    async (request) => {
      const identity = identityOf(request);
      const profile = await findProfile(db, identity.uid);
      if (!profile) throw new HttpError(404, PROFILE_MESSAGES.notFound);
      // The claim and the account decide; the stored copy catches up (e.g. after `admin grant`
      // or a change of address).
      const email = identity.email ?? null;
      if (profile.role !== roleOf(identity) || profile.email !== email) {
        return upsertProfile(db, identity.uid, { email }, roleOf(identity));
      }
      return profile;
    },
  );

  app.put(
    '/users/me',
    {
      onRequest: auth.requireUser,
      config: { changesPublicContent: false },
      schema: {
        body: ProfileInputSchema,
        response: { 200: ApiUserProfileSchema, 201: ApiUserProfileSchema },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const { role: requestedRole, ...sent } = request.body;
      const existing = await findProfile(db, identity.uid);
      const currentRole = roleOf(identity);
      // A new profile may only ask for 'user'; an existing one may only restate its role.
      if (requestedRole !== undefined && requestedRole !== (existing ? currentRole : 'user')) {
        throw new HttpError(403, PROFILE_MESSAGES.roleForbidden);
      }
      // Never the caller's word: a profile showing the owner's address would be believed.
      const fields: ProfileFields = { ...sent, email: identity.email ?? null };
      const profile = await upsertProfile(db, identity.uid, fields, currentRole);
      return reply.code(existing ? 200 : 201).send(profile);
    },
  );
};

export default userRoutes;
