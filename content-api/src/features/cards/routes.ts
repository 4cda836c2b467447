// GET /cards/default.png, /cards/articles/{id}.png, /cards/projects/{id}.png: the site's
// link-preview cards (docs/decisions/061). A card is made on first request and kept, keyed by
// the content's updatedAt and the settings' (the owner's name and the accent colour are on every
// card, docs/decisions/141), so an edit of either makes a new one. The pages link it with
// `?v=<version>`; that exact URL never changes content and is sent immutable, any other one
// briefly cached.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { RouteContext } from '../../route-context.js';
import { HttpError } from '../../http/errors.js';
import { findArticle } from '../articles/repository.js';
import { findProject } from '../projects/repository.js';
import { IMAGE_CONTENT_SECURITY_POLICY } from '../images/routes.js';
import { CardCache } from './card-cache.js';
import { renderCard } from './render.js';

export const CARD_NOT_FOUND = 'Card not found';
export const CARD_FILE_PATTERN = '^[a-z0-9-]{1,100}\\.png$';
/** Shown when a title is blank (the article page says the same). */
const UNTITLED = 'Untitled';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An unversioned or outdated card URL: long enough for a crawler's burst, short enough to follow edits. */
const REVALIDATE = 'public, max-age=300';

/**
 * The version in a card's URL: the later of the content's `updatedAt` and the settings' (none
 * for the default card), in base 36, as the pages compute it (`cardVersion` in
 * @portfolio/shared/head).
 */
export function cardVersion(...updatedAt: (string | undefined)[]): string {
  const times = updatedAt.map((time) => (time ? Date.parse(time) : Number.NaN));
  const time = Math.max(...times.filter((each) => !Number.isNaN(each)));
  return Number.isFinite(time) ? time.toString(36) : '0';
}

export interface CardRouteOptions extends RouteContext {
  siteUrl: string;
}

const cardParamsSchema = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', pattern: CARD_FILE_PATTERN } },
} as const;
const cardQuerySchema = {
  type: 'object',
  properties: { v: { type: 'string', maxLength: 20 } },
} as const;

interface CardRequest {
  Params: { file: string };
  Querystring: { v?: string };
}

const cardRoutes: FastifyPluginAsync<CardRouteOptions> = async (app, { db, siteUrl, settings }) => {
  const cache = new CardCache();
  const site = new URL(siteUrl).host;
  const send = (reply: FastifyReply, png: Buffer, cacheControl: string) =>
    reply
      .type('image/png')
      .header('Cache-Control', cacheControl)
      .header('Content-Security-Policy', IMAGE_CONTENT_SECURITY_POLICY)
      .send(png);

  /** A card in the settings' name and accent, kept under its key and their version. */
  const card = async (
    key: (version: string) => string,
    title: string | null,
    eyebrow: string | null,
  ) => {
    const { owner, theme, updatedAt } = await settings.get();
    return cache.get(key(cardVersion(updatedAt)), () =>
      renderCard({
        title: title ?? owner.name,
        eyebrow: eyebrow ?? owner.jobTitle,
        name: owner.name,
        site,
        accent: theme.accent,
      }),
    );
  };

  app.get<{ Querystring: { v?: string } }>(
    '/cards/default.png',
    { config: { embeddable: true }, schema: { querystring: cardQuerySchema } },
    async (request, reply) => {
      const { updatedAt } = await settings.get();
      const version = cardVersion(updatedAt);
      const png = await card((settingsVersion) => `default@${settingsVersion}`, null, null);
      // Linked with the settings' version, the URL names this card for good.
      return send(reply, png, request.query.v === version ? IMMUTABLE : REVALIDATE);
    },
  );

  const contentCard = (
    kind: 'articles' | 'projects',
    eyebrow: string,
    find: (id: string) => Promise<{ title: string; updatedAt: string } | undefined>,
  ) =>
    app.get<CardRequest>(
      `/cards/${kind}/:file`,
      {
        // Crawlers and the site's pages (another origin) fetch it.
        config: { embeddable: true },
        schema: { params: cardParamsSchema, querystring: cardQuerySchema },
      },
      async (request, reply) => {
        const id = request.params.file.slice(0, -'.png'.length);
        const content = await find(id);
        if (!content) throw new HttpError(404, CARD_NOT_FOUND);
        const { updatedAt } = await settings.get();
        const version = cardVersion(content.updatedAt, updatedAt);
        const png = await card(
          (settingsVersion) => `${kind}/${id}@${cardVersion(content.updatedAt)}.${settingsVersion}`,
          content.title.trim() || UNTITLED,
          eyebrow,
        );
        return send(reply, png, request.query.v === version ? IMMUTABLE : REVALIDATE);
      },
    );
  contentCard('articles', 'Article', (id) => findArticle(db, id));
  contentCard('projects', 'Project', (id) => findProject(db, id));
};

export default cardRoutes;
