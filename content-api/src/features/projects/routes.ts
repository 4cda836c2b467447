// /projects: public list and detail; admin create, replace, delete.
import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../../app.js';
import { HttpError } from '../../http/errors.js';
import { replyWithCachedJson } from '../../http/response-cache.js';
import type { IdParams } from '../../http/schemas.js';
import {
  IMAGE_PATH_PATTERN,
  httpUrl,
  idParamsSchema,
  isoDateTime,
  messageSchema,
  noQuerySchema,
  text,
} from '../../http/schemas.js';
import { imageExists } from '../images/repository.js';
import type { ProjectInput } from './repository.js';
import {
  createProject,
  deleteProject,
  findProject,
  listProjects,
  replaceProject,
} from './repository.js';

export const PROJECT_NOT_FOUND = 'Project not found';

const projectSchema = {
  type: 'object',
  required: ['_id', 'title', 'description', 'imagePath', 'createdAt', 'updatedAt'],
  properties: {
    _id: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    imagePath: { type: 'string' },
    skills: { type: 'array', items: { type: 'string' } },
    link: { type: 'string' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
} as const;

const projectInputSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'description', 'imagePath'],
  properties: {
    title: text(200),
    description: text(10_000),
    imagePath: { type: 'string', pattern: IMAGE_PATH_PATTERN },
    skills: { type: 'array', maxItems: 50, items: text(60) },
    link: httpUrl,
    createdAt: isoDateTime,
  },
} as const;

const projectRoutes: FastifyPluginAsync<RouteContext> = async (app, { db, cache, auth }) => {
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
        response: { 200: { type: 'array', items: projectSchema } },
      },
    },
    (request, reply) => replyWithCachedJson(cache, request, reply, () => listProjects(db)),
  );

  app.get<{ Params: IdParams }>(
    '/projects/:id',
    {
      schema: {
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: projectSchema, 404: messageSchema },
      },
    },
    (request, reply) =>
      replyWithCachedJson(cache, request, reply, async () => {
        const project = await findProject(db, request.params.id);
        if (!project) throw new HttpError(404, PROJECT_NOT_FOUND);
        return project;
      }),
  );

  app.post<{ Body: ProjectInput }>(
    '/projects',
    {
      onRequest: auth.requireAdmin,
      schema: { body: projectInputSchema, response: { 201: projectSchema } },
    },
    async (request, reply) => {
      await assertImageExists(request.body);
      return reply.code(201).send(await createProject(db, request.body));
    },
  );

  app.put<{ Params: IdParams; Body: ProjectInput }>(
    '/projects/:id',
    {
      onRequest: auth.requireAdmin,
      schema: {
        params: idParamsSchema,
        body: projectInputSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => {
      await assertImageExists(request.body);
      const project = await replaceProject(db, request.params.id, request.body);
      if (!project) throw new HttpError(404, PROJECT_NOT_FOUND);
      return project;
    },
  );

  app.delete<{ Params: IdParams }>(
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
