// /contact: anyone may send a message (rate-limited); admins list the inbox or the archive a page
// at a time (searched), mark messages read, archive and delete them, one or several at once.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ContactBulkInputSchema,
  ContactBulkResultSchema,
  ContactInputSchema,
  ContactListQuerySchema,
  NotificationSettingsInputSchema,
  NotificationSettingsSchema,
  NotificationTestResultSchema,
  ReadFlagInputSchema,
  StoredContactMessageListSchema,
  StoredContactMessageSchema,
  TOTAL_COUNT_HEADER,
  UNREAD_COUNT_HEADER,
} from '@portfolio/contract';
import { Object as ObjectOf, Optional, String as StringType } from '@sinclair/typebox';
import type { RouteContext } from '../../route-context.js';
import { clientKey } from '../../http/client-identity.js';
import { HttpError } from '../../http/errors.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../../http/patterns.js';
import { idParamsSchema, messageSchema } from '../../http/schemas.js';
import {
  createContactNotifier,
  getNotificationSettings,
  saveNotificationSettings,
} from './notifications.js';
import type { NotificationOptions } from './notifications.js';
import {
  actOnContactMessages,
  deleteContactMessage,
  listContactMessages,
  saveContactMessage,
  scopedIdempotencyKey,
  updateContactMessage,
} from './repository.js';

export const CONTACT_MESSAGES = {
  sent: 'Message sent successfully!',
  rateLimited: 'Too many messages sent. Please wait a minute and try again.',
  notFound: 'Message not found',
  keyReused: 'This Idempotency-Key was already used for a different message.',
} as const;

/**
 * A client may send `Idempotency-Key: <unique value>` (draft-ietf-httpapi-idempotency-key-header)
 * so that retrying a POST whose answer was lost never stores the message twice: a repeat with
 * the same key and message answers the original 201 (with `Idempotent-Replayed: true`). A key
 * belongs to one client (clientKey) and is released 24 hours after its message was stored.
 */
const contactHeadersSchema = ObjectOf({
  'idempotency-key': Optional(StringType({ pattern: IDEMPOTENCY_KEY_PATTERN })),
});

/** Larger bodies get 413 before they are parsed. */
export const CONTACT_BODY_LIMIT = 16 * 1024;

export interface ContactRouteOptions extends RouteContext {
  /** POST /contact requests per minute per client IP. */
  contactRateLimit: number;
  /** Where the new-message notifications may go (docs/decisions/163). */
  notifications?: NotificationOptions;
}

const contactRoutes: FastifyPluginAsyncTypebox<ContactRouteOptions> = async (
  app,
  { db, auth, contactRateLimit, notifications = {} },
) => {
  // The owner hears of each new message, if they asked to (docs/decisions/144).
  const notifier = createContactNotifier(db, (message) => app.log.warn(message), notifications);
  app.addHook('onClose', () => notifier.settle());

  app.post(
    '/contact',
    {
      bodyLimit: CONTACT_BODY_LIMIT,
      config: {
        changesPublicContent: false,
        rateLimit: {
          max: contactRateLimit,
          timeWindow: 60_000,
          errorResponseBuilder: () => ({ statusCode: 429, message: CONTACT_MESSAGES.rateLimited }),
        },
      },
      schema: {
        headers: contactHeadersSchema,
        body: ContactInputSchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      const { website, ...message } = request.body;
      // A filled honeypot is answered exactly like a success, so a bot cannot tell it was
      // caught (nor learn which field did it); nothing is stored.
      if (website) return reply.code(201).send({ message: CONTACT_MESSAGES.sent });
      const key = request.headers['idempotency-key'];
      // Scoped to the client (http/client-identity.ts: its address as TRUST_PROXY allows, an
      // IPv6 /64) and kept for 24 hours.
      const saved = await saveContactMessage(
        db,
        message,
        key === undefined ? undefined : scopedIdempotencyKey(clientKey(request), key),
      );
      if (saved.status === 'conflict') throw new HttpError(422, CONTACT_MESSAGES.keyReused);
      if (saved.status === 'replayed') reply.header('Idempotent-Replayed', 'true');
      if (saved.status === 'stored') notifier.messageStored(saved.message);
      return reply.code(201).send({ message: CONTACT_MESSAGES.sent });
    },
  );

  app.get(
    '/contact',
    {
      onRequest: auth.requireAdmin,
      schema: {
        querystring: ContactListQuerySchema,
        response: { 200: StoredContactMessageListSchema },
      },
    },
    async (request, reply) => {
      const { messages, total, unread } = await listContactMessages(db, request.query);
      // How many the box holds, and how many of the inbox wait unread (the dashboard's count).
      reply.header(TOTAL_COUNT_HEADER, String(total));
      reply.header(UNREAD_COUNT_HEADER, String(unread));
      return messages;
    },
  );

  // How the owner hears of a new message: a webhook, an e-mail, both or neither (ADR 144).
  app.get(
    '/contact/notifications',
    {
      onRequest: auth.requireAdmin,
      schema: { response: { 200: NotificationSettingsSchema } },
    },
    () => getNotificationSettings(db),
  );

  app.put(
    '/contact/notifications',
    {
      onRequest: auth.requireAdmin,
      config: { changesPublicContent: false },
      schema: {
        body: NotificationSettingsInputSchema,
        response: { 200: NotificationSettingsSchema },
      },
    },
    (request) => saveNotificationSettings(db, request.body, notifications),
  );

  // A test notification each way that is set, answered with how each went.
  app.post(
    '/contact/notifications/test',
    {
      onRequest: auth.requireAdmin,
      config: { changesPublicContent: false },
      schema: { response: { 200: NotificationTestResultSchema } },
    },
    () => notifier.test(),
  );

  // Several messages at once, as the dashboard selects them (docs/decisions/144).
  app.post(
    '/contact/bulk',
    {
      onRequest: auth.requireAdmin,
      config: { changesPublicContent: false },
      schema: { body: ContactBulkInputSchema, response: { 200: ContactBulkResultSchema } },
    },
    async (request) => ({
      count: await actOnContactMessages(db, request.body.ids, request.body.action),
    }),
  );

  app.patch(
    '/contact/:id',
    {
      onRequest: auth.requireAdmin,
      config: { changesPublicContent: false },
      schema: {
        params: idParamsSchema,
        body: ReadFlagInputSchema,
        response: { 200: StoredContactMessageSchema },
      },
    },
    async (request) => {
      const updated = await updateContactMessage(db, request.params.id, request.body);
      if (!updated) throw new HttpError(404, CONTACT_MESSAGES.notFound);
      return updated;
    },
  );

  app.delete(
    '/contact/:id',
    {
      onRequest: auth.requireAdmin,
      config: { changesPublicContent: false },
      schema: { params: idParamsSchema },
    },
    async (request, reply) => {
      if (!(await deleteContactMessage(db, request.params.id))) {
        throw new HttpError(404, CONTACT_MESSAGES.notFound);
      }
      return reply.code(204).send();
    },
  );
};

export default contactRoutes;
