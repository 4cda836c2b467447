// /projects: public list and detail; admin create, replace, delete.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DraftsQuerySchema,
  ProjectInputSchema,
  ProjectListSchema,
  ProjectSchema,
  PublicationInputSchema,
} from '@portfolio/contract';
import type { ProjectInput } from '@portfolio/contract';
import type { RouteContext } from '../../route-context.js';
import { adminForDrafts, replyWithContent } from '../../http/content-reads.js';
import { HttpError } from '../../http/errors.js';
import { idParamsSchema, messageSchema } from '../../http/schemas.js';
import { imageExists } from '../images/repository.js';
import { withImage, withImages } from '../images/variants.js';
import {
  createProject,
  deleteProject,
  findProject,
  listProjects,
  replaceProject,
  setProjectPublication,
} from './repository.js';

export const PROJECT_NOT_FOUND = 'Project not found';

const projectRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { db, cache, auth }) => {
  async function assertImageExists(input: ProjectInput) {
    if (!(await imageExists(db, input.imagePath))) {
      throw new HttpError(400, `ImagePath ${input.imagePath} does not refer to a stored image.`);
    }
  }

  // Drafts and scheduled projects: only with `?include=drafts` and an admin's token; to anyone
  // else a project that is not public is as unknown as one that does not exist (ADR 120).
  const draftsGuard = adminForDrafts(auth);

  app.get(
    '/projects',
    {
      preHandler: draftsGuard,
      schema: {
        querystring: DraftsQuerySchema,
        response: { 200: ProjectListSchema },
      },
    },
    (request, reply) =>
      replyWithContent(cache, request, reply, async (options) =>
        withImages(db, await listProjects(db, options)),
      ) as Promise<void> | undefined,
  );

  app.get(
    '/projects/:id',
    {
      preHandler: draftsGuard,
      schema: {
        params: idParamsSchema,
        querystring: DraftsQuerySchema,
        response: { 200: ProjectSchema, 404: messageSchema },
      },
    },
    (request, reply) =>
      replyWithContent(cache, request, reply, async (options) => {
        const project = await findProject(db, request.params.id, options);
        if (!project) throw new HttpError(404, PROJECT_NOT_FOUND);
        return withImage(db, project);
      }) as Promise<void> | undefined,
  );

  app.post(
    '/projects',
    {
      onRequest: auth.requireAdmin,
      schema: { body: ProjectInputSchema, response: { 201: ProjectSchema } },
    },
    async (request, reply) => {
      await assertImageExists(request.body);
      return reply.code(201).send(await withImage(db, await createProject(db, request.body)));
    },
  );

  app.put(
    '/projects/:id',
    {
      onRequest: auth.requireAdmin,
      schema: {
        params: idParamsSchema,
        body: ProjectInputSchema,
        response: { 200: ProjectSchema },
      },
    },
    async (request) => {
      await assertImageExists(request.body);
      const project = await replaceProject(db, request.params.id, request.body);
      if (!project) throw new HttpError(404, PROJECT_NOT_FOUND);
      return withImage(db, project);
    },
  );

  app.patch(
    '/projects/:id',
    {
      onRequest: auth.requireAdmin,
      schema: {
        params: idParamsSchema,
        body: PublicationInputSchema,
        response: { 200: ProjectSchema },
      },
    },
    async (request) => {
      const project = await setProjectPublication(db, request.params.id, request.body);
      if (!project) throw new HttpError(404, PROJECT_NOT_FOUND);
      return withImage(db, project);
    },
  );

  app.delete(
    '/projects/:id',
    { onRequest: auth.requireAdmin, schema: { params: idParamsSchema } },
    async (request, reply) => {
      if (!(await deleteProject(db, request.params.id)))
        throw new HttpError(404, PROJECT_NOT_FOUND);
      return reply.code(204).send();
    },
  );
};

export default projectRoutes;
