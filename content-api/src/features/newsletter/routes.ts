// The newsletter (docs/decisions/206). Anyone subscribes an address and confirms it from a mail
// (double opt-in: a signed link that expires); a member subscribes from their dashboard with one
// click; the owner lists, exports, imports (215) and deletes subscribers, and sends a published
// article, which goes through the durable queue the sender works through. Unsubscribing needs no
// sign-in: the signed link of any mail, opened (a page with a button) or POSTed by a mail program
// (RFC 8058).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CONFIRMED_COUNT_HEADER,
  MemberSubscriptionSchema,
  NEWSLETTER_CONFIRM_TTL_MS,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_WHEN_PUBLISHED_MESSAGE,
  NewsletterQueuedSchema,
  NewsletterSendListSchema,
  NewsletterSendQuerySchema,
  SUBSCRIBERS_PER_PAGE,
  SUBSCRIBER_IMPORT_INVALID_LISTED,
  SubscribeInputSchema,
  SubscriberImportInputSchema,
  SubscriberImportSchema,
  SubscriberListQuerySchema,
  SubscriberListSchema,
  TOTAL_COUNT_HEADER,
  newsletterQueuedMessage,
} from '@portfolio/contract';
import type { MemberSubscription, Subscriber } from '@portfolio/contract';
import { Object as ObjectOf, String as StringType } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { identityOf } from '../../auth/identity.js';
import { SUBSCRIBER_IMPORT_BODY_BYTES } from '../../http/body-limits.js';
import { HttpError } from '../../http/errors.js';
import { idParamsSchema, messageSchema } from '../../http/schemas.js';
import { csvLines } from '../../lib/csv.js';
import { MailNotSent } from '../../mail/site-mailer.js';
import type { SiteMailer } from '../../mail/site-mailer.js';
import type { RouteContext } from '../../route-context.js';
import { findArticle } from '../articles/repository.js';
import { NEWSLETTER_PAGE_POLICY, newsletterPage } from './pages.js';
import {
  allSubscribers,
  awaitPublication,
  cancelAwaitedPublication,
  confirm,
  importConfirmed,
  listSends,
  listSubscribers,
  memberSubscription,
  queueArticle,
  removeSubscriber,
  subscribe,
  subscribeMember,
} from './repository.js';
import { startNewsletterSender } from './sender.js';
import type { NewsletterSenderTiming } from './sender.js';
import { readSubscriberCsv } from './subscriber-csv.js';
import { createNewsletterTokens } from './tokens.js';

/** POST /newsletter/subscribe per minute per client (its address, as TRUST_PROXY allows). */
export const DEFAULT_SUBSCRIBE_RATE_LIMIT = 5;

export interface NewsletterRouteOptions extends RouteContext {
  /** The site's mailer; without one, subscribing and sending say the site cannot send mail. */
  mailer?: SiteMailer;
  /** The site's address, as links in mails use it. */
  siteUrl: string;
  subscribeRateLimit?: number;
  now?: () => Date;
  /** Whether this instance sends the queue, and how quickly; without it, mails wait. */
  sender?: NewsletterSenderTiming;
}

/** Said when there is no SMTP server: the owner's to fix, not the visitor's (503). */
export const NEWSLETTER_CANNOT_SEND =
  'The newsletter cannot send mail right now. Please try later.';

const tokenQuerySchema = ObjectOf(
  { token: StringType({ minLength: 1, maxLength: 400 }) },
  { additionalProperties: false },
);

/** The CSV's columns, in order. */
const CSV_COLUMNS = ['email', 'status', 'memberUid', 'createdAt', 'confirmedAt'] as const;

const newsletterRoutes: FastifyPluginAsyncTypebox<NewsletterRouteOptions> = async (
  app,
  { db, auth, settings, mailer, siteUrl, subscribeRateLimit, now = () => new Date(), sender },
) => {
  const tokens = createNewsletterTokens(db);
  const site = async () => ({ url: siteUrl, name: (await settings.get()).owner.name });

  // A browser's form and a mail program's one-click POST send a form body; what it says does not
  // matter (the token in the address decides), so it is read as text and dropped.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  const running =
    mailer && sender
      ? startNewsletterSender({
          db,
          mailer,
          tokens,
          site,
          log: app.log,
          now,
          ...sender,
        })
      : undefined;
  // As the app begins to close: no mail is begun after, those under way are finished and marked.
  app.addHook('preClose', async () => running?.close());

  /** Confirmation mails under way (sent after the answer), waited for on close. */
  const underWay = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...underWay]);
  });

  const requireMailer = async (): Promise<SiteMailer> => {
    if (!mailer || !(await mailer.configured())) throw new HttpError(503, NEWSLETTER_CANNOT_SEND);
    return mailer;
  };

  /** Sends `id` its confirmation link, after the answer; a failure is logged, never said. */
  function sendConfirmation(sending: SiteMailer, id: string, email: string) {
    const work = (async () => {
      const expires = new Date(now().getTime() + NEWSLETTER_CONFIRM_TTL_MS);
      const token = await tokens.sign('confirm', id, expires);
      const link = `${siteUrl}/api/newsletter/confirm?token=${encodeURIComponent(token)}`;
      const { name } = await site();
      await sending.send({
        to: email,
        subject: `Confirm your subscription to ${name}`.replace(/\s+/g, ' '),
        text: [
          `Someone, probably you, asked to receive new articles from ${name} by e-mail.`,
          '',
          `To confirm, open this link within ${NEWSLETTER_CONFIRM_TTL_MS / 3_600_000} hours:`,
          link,
          '',
          'If it was not you, ignore this mail: the address is forgotten unless confirmed.',
          '',
        ].join('\n'),
      });
    })()
      .catch((error: unknown) => {
        if (!(error instanceof MailNotSent))
          app.log.warn(`Confirmation not sent: ${String(error)}`);
      })
      .finally(() => underWay.delete(work));
    underWay.add(work);
  }

  const sendPage = (
    reply: FastifyReply,
    status: number,
    page: Omit<Parameters<typeof newsletterPage>[0], 'siteUrl'>,
  ) =>
    reply
      .code(status)
      .header('Content-Security-Policy', NEWSLETTER_PAGE_POLICY)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(newsletterPage({ ...page, siteUrl }));

  // --- Anyone's ------------------------------------------------------------------------------

  app.post(
    '/newsletter/subscribe',
    {
      bodyLimit: 4 * 1024,
      config: {
        changesPublicContent: false,
        rateLimit: {
          max: subscribeRateLimit ?? DEFAULT_SUBSCRIBE_RATE_LIMIT,
          timeWindow: 60_000,
          errorResponseBuilder: () => ({
            statusCode: 429,
            message: NEWSLETTER_MESSAGES.rateLimited,
          }),
        },
      },
      schema: { body: SubscribeInputSchema, response: { 202: messageSchema } },
    },
    async (request, reply) => {
      const answer = () => reply.code(202).send({ message: NEWSLETTER_MESSAGES.checkInbox });
      // A filled honeypot is answered like any address; nothing is stored or sent.
      if (request.body.website) return answer();
      const sending = await requireMailer();
      const due = await subscribe(db, request.body.email, now());
      if (due) sendConfirmation(sending, due.id, due.email);
      return answer();
    },
  );

  /** The subscriber a link's token names, or the page that says why it does not work. */
  async function subscriberOf(
    purpose: 'confirm' | 'unsubscribe',
    token: string,
    reply: FastifyReply,
  ): Promise<string | undefined> {
    const id = await tokens.verify(purpose, token, now());
    if (typeof id === 'string' && id !== 'expired') return id;
    const title = purpose === 'confirm' ? 'Confirm your subscription' : 'Unsubscribe';
    const message =
      id === 'expired' ? NEWSLETTER_MESSAGES.linkExpired : NEWSLETTER_MESSAGES.linkInvalid;
    await sendPage(reply, 400, { title, message });
    return undefined;
  }

  /**
   * The page's own address, relative (its query alone): the form posts where the page was opened,
   * whatever host name or proxy the reader came through, as its policy's form-action 'self' asks.
   */
  const selfAddress = (token: string) => `?token=${encodeURIComponent(token)}`;

  app.get(
    '/newsletter/confirm',
    { config: { servesPages: true }, schema: { querystring: tokenQuerySchema } },
    async (request, reply) => {
      if (!(await subscriberOf('confirm', request.query.token, reply))) return reply;
      return sendPage(reply, 200, {
        title: 'Confirm your subscription',
        message: 'One more step: confirm that you want new articles by e-mail.',
        button: {
          label: 'Confirm my subscription',
          action: selfAddress(request.query.token),
        },
      });
    },
  );

  app.post(
    '/newsletter/confirm',
    {
      config: { changesPublicContent: false, servesPages: true },
      schema: { querystring: tokenQuerySchema },
    },
    async (request, reply) => {
      const id = await subscriberOf('confirm', request.query.token, reply);
      if (!id) return reply;
      const confirmed = await confirm(db, id, now());
      if (!confirmed) {
        return sendPage(reply, 404, {
          title: 'Confirm your subscription',
          message: NEWSLETTER_MESSAGES.linkExpired,
        });
      }
      return sendPage(reply, 200, {
        title: 'Subscription confirmed',
        message: NEWSLETTER_MESSAGES.confirmed,
      });
    },
  );

  app.get(
    '/newsletter/unsubscribe',
    { config: { servesPages: true }, schema: { querystring: tokenQuerySchema } },
    async (request, reply) => {
      if (!(await subscriberOf('unsubscribe', request.query.token, reply))) return reply;
      return sendPage(reply, 200, {
        title: 'Unsubscribe',
        message: 'Stop receiving new articles by e-mail?',
        button: {
          label: 'Unsubscribe',
          action: selfAddress(request.query.token),
        },
      });
    },
  );

  // RFC 8058's one-click POST, and the page's button: at once, and the same answer again.
  app.post(
    '/newsletter/unsubscribe',
    {
      config: { changesPublicContent: false, servesPages: true },
      schema: { querystring: tokenQuerySchema },
    },
    async (request, reply) => {
      const id = await subscriberOf('unsubscribe', request.query.token, reply);
      if (!id) return reply;
      await removeSubscriber(db, id);
      return sendPage(reply, 200, {
        title: 'Unsubscribed',
        message: NEWSLETTER_MESSAGES.unsubscribed,
      });
    },
  );

  // --- A member's own ------------------------------------------------------------------------

  const ownAnswer = (subscriber: Subscriber | undefined, message?: string): MemberSubscription => ({
    subscribed: subscriber !== undefined,
    status: subscriber?.status ?? null,
    email: subscriber?.email ?? null,
    ...(message !== undefined && { message }),
  });

  app.get(
    '/newsletter/me',
    { onRequest: auth.requireUser, schema: { response: { 200: MemberSubscriptionSchema } } },
    async (request) => ownAnswer(await memberSubscription(db, identityOf(request).uid)),
  );

  app.put(
    '/newsletter/me',
    {
      onRequest: auth.requireUser,
      config: { changesPublicContent: false },
      schema: { response: { 200: MemberSubscriptionSchema } },
    },
    async (request) => {
      const identity = identityOf(request);
      if (!identity.email) throw new HttpError(400, NEWSLETTER_MESSAGES.noEmail);
      const sending = await requireMailer();
      const { subscriber, confirm: due } = await subscribeMember(
        db,
        { uid: identity.uid, email: identity.email, verified: identity.emailVerified === true },
        now(),
      );
      if (due) sendConfirmation(sending, subscriber._id, subscriber.email);
      return ownAnswer(
        subscriber,
        subscriber.status === 'confirmed'
          ? NEWSLETTER_MESSAGES.memberSubscribed
          : NEWSLETTER_MESSAGES.checkInbox,
      );
    },
  );

  app.delete(
    '/newsletter/me',
    {
      onRequest: auth.requireUser,
      config: { changesPublicContent: false },
      schema: { response: { 200: MemberSubscriptionSchema } },
    },
    async (request) => {
      const own = await memberSubscription(db, identityOf(request).uid);
      if (own) await removeSubscriber(db, own._id);
      return ownAnswer(undefined, NEWSLETTER_MESSAGES.unsubscribed);
    },
  );

  // --- The owner's ---------------------------------------------------------------------------

  app.get(
    '/newsletter/subscribers',
    {
      onRequest: auth.requireAdmin,
      schema: {
        querystring: SubscriberListQuerySchema,
        response: { 200: SubscriberListSchema },
      },
    },
    async (request, reply) => {
      const { subscribers, total, confirmed } = await listSubscribers(
        db,
        request.query,
        request.query.limit ?? SUBSCRIBERS_PER_PAGE,
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      reply.header(CONFIRMED_COUNT_HEADER, String(confirmed));
      return subscribers;
    },
  );

  app.get(
    '/newsletter/subscribers.csv',
    { onRequest: auth.requireAdmin, schema: { querystring: SubscriberListQuerySchema } },
    async (request, reply) => {
      const rows = (await allSubscribers(db, request.query)).map((subscriber) => ({
        ...subscriber,
        memberUid: subscriber.memberUid ?? '',
        confirmedAt: subscriber.confirmedAt ?? '',
      }));
      return reply
        .type('text/csv; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', 'attachment; filename="subscribers.csv"')
        .send(csvLines(CSV_COLUMNS, rows));
    },
  );

  // A list moved from another platform, or this one's export (docs/decisions/215): each new
  // address confirmed, the owner vouching for its consent as Ghost's import has them do; those
  // on the list already stay as they are. A file that cannot be read is a 400, and adds nobody.
  app.post(
    '/newsletter/subscribers/import',
    {
      onRequest: auth.requireAdmin,
      bodyLimit: SUBSCRIBER_IMPORT_BODY_BYTES,
      // A file from a slow link: the whole-request limit, for an admin only (http/time-limits.ts).
      config: { changesPublicContent: false, uploadBody: true },
      schema: { body: SubscriberImportInputSchema, response: { 200: SubscriberImportSchema } },
    },
    async (request) => {
      const { addresses, invalid } = readSubscriberCsv(request.body.csv);
      const { imported, skipped } = await importConfirmed(db, addresses, now());
      return {
        imported,
        skipped,
        invalid: invalid.slice(0, SUBSCRIBER_IMPORT_INVALID_LISTED),
        invalidCount: invalid.length,
      };
    },
  );

  app.delete(
    '/newsletter/subscribers/:id',
    {
      onRequest: auth.requireAdmin,
      config: { changesPublicContent: false },
      schema: { params: idParamsSchema },
    },
    async (request, reply) => {
      if (!(await removeSubscriber(db, request.params.id))) {
        throw new HttpError(404, NEWSLETTER_MESSAGES.subscriberNotFound);
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/newsletter/sends',
    { onRequest: auth.requireAdmin, schema: { response: { 200: NewsletterSendListSchema } } },
    () => listSends(db),
  );

  app.post(
    '/articles/:id/newsletter',
    {
      onRequest: auth.requireAdmin,
      config: { changesPublicContent: false },
      schema: {
        params: idParamsSchema,
        querystring: NewsletterSendQuerySchema,
        response: { 202: NewsletterQueuedSchema },
      },
    },
    async (request, reply) => {
      const found = await findArticle(db, request.params.id, { drafts: true });
      if (!found) throw new HttpError(404, NEWSLETTER_MESSAGES.articleNotFound);
      const published = Boolean(await findArticle(db, found._id, { now: now() }));
      if (!published && request.query.when !== 'published') {
        throw new HttpError(409, NEWSLETTER_MESSAGES.notPublished);
      }
      await requireMailer();
      if (!published) {
        // A draft or a scheduled article: the sender queues it when it is public.
        if (!(await awaitPublication(db, found._id, now()))) {
          throw new HttpError(409, NEWSLETTER_MESSAGES.alreadySent);
        }
        const [send] = await listSends(db, found._id);
        if (!send) throw new Error('the send was not stored');
        return reply
          .code(202)
          .send({ queued: 0, message: NEWSLETTER_WHEN_PUBLISHED_MESSAGE, send });
      }
      const queued = await queueArticle(db, found._id, now());
      running?.wake();
      const [send] = await listSends(db, found._id);
      if (!send) throw new Error('the send was not stored');
      return reply.code(202).send({ queued, message: newsletterQueuedMessage(queued), send });
    },
  );

  /** Cancels a send that waits for its article's publication (one that went out cannot be). */
  app.delete(
    '/articles/:id/newsletter',
    {
      onRequest: auth.requireAdmin,
      config: { changesPublicContent: false },
      schema: { params: idParamsSchema },
    },
    async (request, reply) => {
      // By its id or its slug, as the POST takes it.
      const found = await findArticle(db, request.params.id, { drafts: true });
      if (!found) throw new HttpError(404, NEWSLETTER_MESSAGES.articleNotFound);
      if (await cancelAwaitedPublication(db, found._id)) return reply.code(204).send();
      const [send] = await listSends(db, found._id);
      if (send) throw new HttpError(409, NEWSLETTER_MESSAGES.alreadySent);
      throw new HttpError(404, NEWSLETTER_MESSAGES.noSendWaiting);
    },
  );
};

export default newsletterRoutes;
