// GET /content/export (admin, docs/decisions/145): what `npm run content:export` writes, read by
// the running API from its own database, so a backup needs no downtime on the embedded one
// (whose folder only the running API may open). The same code as the command's direct export
// (content-files/transfer.ts), so both give the same folder byte for byte.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ContentExportQuerySchema, ContentExportSchema } from '@portfolio/contract';
import type { ContentExport } from '@portfolio/contract';
import type { RouteContext } from '../../route-context.js';
import { exportComments, exportSubscribers } from '../../content-files/members.js';
import { exportMessages } from '../../content-files/messages.js';
import { exportSettings, withImages } from '../../content-files/site-settings.js';
import { exportContent } from '../../content-files/transfer.js';

const contentExportRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (app, { db, auth }) => {
  app.get(
    '/content/export',
    {
      onRequest: auth.requireAdmin,
      schema: { querystring: ContentExportQuerySchema, response: { 200: ContentExportSchema } },
    },
    async (request): Promise<ContentExport> => {
      const content = await exportContent(db);
      const settings = request.query.settings ? await exportSettings(db) : undefined;
      return {
        pid: process.pid,
        articles: content.articles,
        projects: content.projects,
        images: withImages(content.images, settings?.images ?? []).map((image) => ({
          name: image.name,
          data: image.data.toString('base64'),
        })),
        ...(request.query.messages && { messages: await exportMessages(db) }),
        ...(settings && { settings: settings.settings }),
        comments: await exportComments(db),
        ...(request.query.subscribers && { subscribers: await exportSubscribers(db) }),
      };
    },
  );
};

export default contentExportRoutes;
