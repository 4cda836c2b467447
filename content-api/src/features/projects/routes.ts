// /projects: public list and detail; admin create, replace, delete.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProjectInputSchema, ProjectListSchema, ProjectSchema } from '@portfolio/contract';
import type { ProjectInput } from '@portfolio/contract';
import type { RouteContext } from '../../app.js';
import { HttpError } from '../../http/errors.js';
import { replyWithCachedJson } from '../../http/response-cache.js';
import { idParamsSchema, messageSchema, noQuerySchema } from '../../http/schemas.js';
import { imageExists } from '../images/repository.js';
import {
  createProject,
  deleteProject,
  findProject,
  listProjects,
  replaceProject,
} from './repository.js';

export const PROJECT_NOT_FOUND = 'Project not found';

const projectRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { db, cache, auth }) => {
  async function assertImageExists(input: ProjectInput) {
    if (!(await imageExists(db, input.imagePath))) {
      throw new HttpError(400, `ImagePath ${input.imagePath} does not refer to a stored image.`);
    }
  }

  app.get(
    '/projects',
    {
      schema: {
        querystring: noQuerySchema,
        response: { 200: ProjectListSchema },
      },
    },
    (request, reply) => replyWithCachedJson(cache, request, reply, () => listProjects(db)),
  );

  app.get(
    '/projects/:id',
    {
      schema: {
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: ProjectSchema, 404: messageSchema },
      },
    },
    (request, reply) =>
      replyWithCachedJson(cache, request, reply, async () => {
        const project = await findProject(db, request.params.id);
        if (!project) throw new HttpError(404, PROJECT_NOT_FOUND);
        return project;
      }),
  );

  app.post(
    '/projects',
    {
      onRequest: auth.requireAdmin,
      schema: { body: ProjectInputSchema, response: { 201: ProjectSchema } },
    },
    async (request, reply) => {
      await assertImageExists(request.body);
      return reply.code(201).send(await createProject(db, request.body));
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
      return project;
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
