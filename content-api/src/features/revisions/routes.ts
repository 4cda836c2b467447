// /articles/:id/revisions and /projects/:id/revisions (admin, docs/decisions/143): the saved
// versions of an item, newest first and without their text, and one of them whole. A restore is
// the editor's: it fills its fields with a version and the owner saves, which stores it again.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ArticleRevisionSchema,
  ProjectRevisionSchema,
  RevisionListSchema,
  RevisionParamsSchema,
} from '@portfolio/contract';
import type { RouteContext } from '../../route-context.js';
import { HttpError } from '../../http/errors.js';
import { idParamsSchema, messageSchema } from '../../http/schemas.js';
import { ARTICLE_NOT_FOUND } from '../articles/routes.js';
import { PROJECT_NOT_FOUND } from '../projects/routes.js';
import { findRevision, listRevisions } from './repository.js';

export const REVISION_NOT_FOUND = 'Revision not found';

const revisionRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { db, auth }) => {
  const kinds = [
    { kind: 'article', path: '/articles', notFound: ARTICLE_NOT_FOUND },
    { kind: 'project', path: '/projects', notFound: PROJECT_NOT_FOUND },
  ] as const;

  for (const { kind, path, notFound } of kinds) {
    app.get(
      `${path}/:id/revisions`,
      {
        onRequest: auth.requireAdmin,
        schema: {
          params: idParamsSchema,
          response: { 200: RevisionListSchema, 404: messageSchema },
        },
      },
      async (request) => {
        const revisions = await listRevisions(db, kind, request.params.id);
        if (!revisions) throw new HttpError(404, notFound);
        return revisions;
      },
    );
  }

  app.get(
    '/articles/:id/revisions/:number',
    {
      onRequest: auth.requireAdmin,
      schema: {
        params: RevisionParamsSchema,
        response: { 200: ArticleRevisionSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const revision = await findRevision(db, 'article', request.params.id, request.params.number);
      if (!revision) throw new HttpError(404, REVISION_NOT_FOUND);
      return revision;
    },
  );

  app.get(
    '/projects/:id/revisions/:number',
    {
      onRequest: auth.requireAdmin,
      schema: {
        params: RevisionParamsSchema,
        response: { 200: ProjectRevisionSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const revision = await findRevision(db, 'project', request.params.id, request.params.number);
      if (!revision) throw new HttpError(404, REVISION_NOT_FOUND);
      return revision;
    },
  );
};

export default revisionRoutes;
