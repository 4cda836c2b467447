// One Drizzle schema for both drivers (PGlite and node-postgres).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** PGlite returns bytea as Uint8Array, node-postgres as Buffer: expose Buffer either way. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Read only through SQL (`@@`, `ts_rank`); never selected into JS. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/**
 * Drafts and scheduled content (docs/decisions/120): public only when `published` and due.
 * A published row always has its publication time; a draft may keep a planned one.
 */
const publication = {
  status: text('status', { enum: ['draft', 'published'] })
    .notNull()
    .default('published'),
  publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
};

function publicationChecks(table: string, columns: { status: unknown; publishedAt: unknown }) {
  return [
    check(`${table}_status_check`, sql`${columns.status} in ('draft', 'published')`),
    check(
      `${table}_published_at_check`,
      sql`${columns.status} = 'draft' or ${columns.publishedAt} is not null`,
    ),
  ];
}

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imagePath: text('image_path').notNull(),
    skills: text('skills').array(),
    link: text('link'),
    ...timestamps,
    ...publication,
  },
  (table) => [
    index('projects_created_at_idx').on(table.createdAt, table.id),
    ...publicationChecks('projects', table),
  ],
);

export const articles = pgTable(
  'articles',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    /** Markdown, as written by the author. */
    content: text('content').notNull(),
    /** The Markdown rendered to plain text: what search indexes and ts_headline cuts. */
    plainText: text('plain_text').notNull(),
    imagePath: text('image_path'),
    /** Its address (`/article/<slug>`, docs/decisions/132): unique; the id's at first. */
    slug: text('slug').notNull(),
    /** Lowercase tags in the owner's order (TAG_PATTERN), each once. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The card text the owner wrote; null: the automatic excerpt. */
    customExcerpt: text('custom_excerpt'),
    /** The page's meta description the owner wrote; null: the excerpt. */
    metaDescription: text('meta_description'),
    /**
     * The automatic excerpt (the prose's start, docs/decisions/132), cut when the text is
     * written so a list page does not parse Markdown; null for rows from before the column until
     * the API's next start fills them (docs/decisions/133).
     */
    autoExcerpt: text('auto_excerpt'),
    ...timestamps,
    ...publication,
    // `<` and `>` become spaces so the text-search parser does not swallow `<script>` as a tag.
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', translate(plain_text, '<>', '  ')), 'B')`,
    ),
    /**
     * The names of the stored images the text names (`/images/<name>` anywhere in it), kept by
     * the database (`image_names_in`, migration 0009): the media library finds the articles that
     * use an image through its index, without reading their text (docs/decisions/142).
     */
    contentImageNames: text('content_image_names')
      .array()
      .generatedAlwaysAs(sql`image_names_in(content)`),
  },
  (table) => [
    index('articles_created_at_idx').on(table.createdAt, table.id),
    index('articles_search_idx').using('gin', table.searchVector),
    uniqueIndex('articles_slug_idx').on(table.slug),
    index('articles_tags_idx').using('gin', table.tags),
    index('articles_content_image_names_idx').using('gin', table.contentImageNames),
    ...publicationChecks('articles', table),
  ],
);

/**
 * Every slug an article had (docs/decisions/132), its current one included: a former slug
 * answers with the article (the site redirects to its address now). Another article may take
 * a former slug over, which ends its redirect.
 */
export const articleSlugs = pgTable(
  'article_slugs',
  {
    slug: text('slug').primaryKey(),
    articleId: text('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('article_slugs_article_id_idx').on(table.articleId)],
);

/**
 * The last saved versions of an article or a project (docs/decisions/143): every create or
 * replacement through the API stores one, in the same transaction as the write; the newest
 * REVISIONS_KEPT of each item are kept, and they go with the item when it is deleted. `number`
 * counts the item's saves from 1; `version` is what was saved (the contract's ArticleVersion or
 * ProjectVersion), `size` its text's length in UTF-8 bytes.
 */
function revisionsTable<Name extends string>(name: Name, item: () => PgColumn) {
  return pgTable(
    name,
    {
      itemId: text('item_id').notNull().references(item, { onDelete: 'cascade' }),
      number: integer('number').notNull(),
      savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
      title: text('title').notNull(),
      size: integer('size').notNull(),
      version: jsonb('version').notNull(),
    },
    (table) => [primaryKey({ columns: [table.itemId, table.number] })],
  );
}

export const articleRevisions = revisionsTable('article_revisions', () => articles.id);
export const projectRevisions = revisionsTable('project_revisions', () => projects.id);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    /** Moved out of the inbox by the owner (kept, not deleted). */
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamps.createdAt,
    /** The sender's Idempotency-Key header, so a retried POST stores nothing twice. */
    idempotencyKey: text('idempotency_key'),
  },
  (table) => [
    index('contact_messages_created_at_idx').on(table.createdAt),
    uniqueIndex('contact_messages_idempotency_key_idx').on(table.idempotencyKey),
  ],
);

/**
 * How the owner hears of a new contact message (docs/decisions/144): one row (id 1), written by
 * the dashboard; none, or nulls, for no notification. The SMTP password is kept as given (the API
 * never answers it): whoever reads the database reads it.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: integer('id').primaryKey(),
    webhookUrl: text('webhook_url'),
    emailTo: text('email_to'),
    emailFrom: text('email_from'),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpSecure: boolean('smtp_secure').notNull().default(false),
    smtpUser: text('smtp_user'),
    smtpPassword: text('smtp_password'),
    updatedAt: timestamps.updatedAt,
  },
  (table) => [check('notification_settings_one_row', sql`${table.id} = 1`)],
);

/** Uploaded and seeded images live in the database so every API instance can serve them. */
export const images = pgTable('images', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamps.createdAt,
  /**
   * Intrinsic size in pixels, upright (docs/decisions/123); null until measured (rows from
   * before the column are measured at start) or for an SVG that states no size.
   */
  width: integer('width'),
  height: integer('height'),
  /**
   * The format of the resized variants every browser shows (`jpeg` or `png`), beside AVIF and
   * WebP; null: the image has no variants and is shown as stored (SVG, GIF, animations).
   */
  variantFallback: text('variant_fallback', { enum: ['jpeg', 'png'] }),
});

/**
 * The resized variants of a raster image (docs/decisions/123): each made once, on its first
 * request, and kept, so no request resizes twice and every API instance serves the same bytes.
 */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageName: text('image_name')
      .notNull()
      .references(() => images.name, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    format: text('format', { enum: ['avif', 'webp', 'jpeg', 'png'] }).notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [primaryKey({ columns: [table.imageName, table.width, table.format] })],
);

/** Profile documents keyed by Firebase uid. `role` mirrors the `role` custom claim. */
export const profiles = pgTable('profiles', {
  uid: text('uid').primaryKey(),
  email: text('email'),
  username: text('username'),
  name: text('name'),
  photoUrl: text('photo_url'),
  role: text('role').notNull().default('user'),
  ...timestamps,
});

/**
 * Site sessions ended (docs/decisions/081): a session cookie is known by its user and the second
 * it was minted, and every API instance refuses it from `refusedFrom` on (at sign-out, at once;
 * when a renewal replaces it, a minute later, for the requests already on their way). A row is
 * kept until the cookie would have expired anyway.
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    uid: text('uid').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    refusedFrom: timestamp('refused_from', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.uid, table.issuedAt] }),
    index('revoked_sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/** Small key/value facts about the database itself, e.g. when it was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The site's settings (docs/decisions/141): one row (`id` 1), the whole document as the
 * contract's SiteSettingsInput, checked by the API before it is stored. Made at the first start
 * from the environment and the seed (features/settings/defaults.ts); the owner edits it in the
 * dashboard (PUT /settings).
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    data: jsonb('data').notNull(),
    updatedAt: timestamps.updatedAt,
  },
  (table) => [check('site_settings_single_row', sql`${table.id} = 1`)],
);

// --- Insights (docs/decisions/180, 181) -----------------------------------------------------------

/**
 * One page view, as a page's beacon told it (features/insights): when, which page (and the
 * article it shows), the day's visitor hash (never an address or a user agent: ADR 180), the
 * origin of the page the visitor came from, the viewport class and whether the newsletter led
 * there. Kept RAW_VIEWS_KEPT_DAYS days; each day is rolled up into the tables below once it has
 * ended, and those keep the history.
 */
export const pageViews = pgTable(
  'page_views',
  {
    viewedAt: timestamp('viewed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    path: text('path').notNull(),
    /** The article a page shows (`/article/<slug>`, `/articles/<id>`); null for other pages. */
    articleId: text('article_id'),
    /** The first 8 bytes of SHA-256(day's salt, site, client address, user agent), signed. */
    visitor: bigint('visitor', { mode: 'bigint' }).notNull(),
    referrer: text('referrer'),
    viewport: text('viewport', { enum: ['phone', 'tablet', 'desktop'] }).notNull(),
    newsletter: boolean('newsletter').notNull().default(false),
  },
  (table) => [
    index('page_views_viewed_at_idx').on(table.viewedAt),
    // Where a deleted article's views are found (migration 0013's trigger).
    index('page_views_article_idx')
      .on(table.articleId)
      .where(sql`${table.articleId} is not null`),
  ],
);

/** A day's figures of one page (UTC days), made from the raw views once the day has ended. */
export const pageViewDays = pgTable(
  'page_view_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    articleId: text('article_id'),
    views: integer('views').notNull(),
    visitors: integer('visitors').notNull(),
    newsletterViews: integer('newsletter_views').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.path] }),
    index('page_view_days_article_idx').on(table.articleId, table.day),
  ],
);

/** A day's figures of the whole site: its visitors are counted once whatever they read. */
export const siteViewDays = pgTable('site_view_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  views: integer('views').notNull(),
  visitors: integer('visitors').notNull(),
});

/** A day's views by where they came from (`referrer`: an origin) and by viewport class. */
export const viewSourceDays = pgTable(
  'view_source_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['referrer', 'viewport'] }).notNull(),
    value: text('value').notNull(),
    views: integer('views').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.kind, table.value] })],
);

/**
 * The salt of each day's visitor hashes: made at the day's first view (by whichever API instance
 * sees it first, so every instance hashes with the same one) and deleted once the day is over,
 * after which no visitor hash of that day can be made again or linked to the next day's.
 */
export const visitorSalts = pgTable('visitor_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: bytea('salt').notNull(),
});

/**
 * Every article deleted, with the title it had: a trigger (migration 0013) moves a deleted
 * article's views and daily figures to a key of its own (`<id>@<seconds>`, which no live id can
 * be), so its past figures stay under its title and a new article given the same id starts
 * from nothing.
 */
export const deletedArticles = pgTable('deleted_articles', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Members' comments on articles (docs/decisions/200). A reply's parent is a thread's first
 * comment on the same article (one level deep). `authorUid` is null once its member deleted
 * their account and the owner keeps such comments; `notifyEmail` is where a reply is announced,
 * when the member asked. The text is kept as written; `links` is how many it carries.
 */
export const comments = pgTable(
  'comments',
  {
    id: text('id').primaryKey(),
    articleId: text('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    parentId: text('parent_id').references((): PgColumn => comments.id, { onDelete: 'cascade' }),
    authorUid: text('author_uid'),
    body: text('body').notNull(),
    links: integer('links').notNull().default(0),
    status: text('status', { enum: ['pending', 'approved', 'hidden'] })
      .notNull()
      .default('pending'),
    notifyEmail: text('notify_email'),
    createdAt: timestamps.createdAt,
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('comments_status_check', sql`${table.status} in ('pending', 'approved', 'hidden')`),
    // An article's page: its approved threads in either order, then their replies.
    index('comments_article_idx').on(table.articleId, table.status, table.createdAt, table.id),
    index('comments_parent_idx').on(table.parentId, table.createdAt),
    // The moderation queue, and a member's own comments.
    index('comments_status_idx').on(table.status, table.createdAt),
    index('comments_author_idx').on(table.authorUid, table.createdAt),
    // A member says the same thing once on an article (a double click, a retried post, spam).
    uniqueIndex('comments_once_idx').on(table.articleId, table.authorUid, sql`md5(${table.body})`),
  ],
);

/** Members the owner blocked from commenting (docs/decisions/200). */
export const blockedMembers = pgTable('blocked_members', {
  uid: text('uid').primaryKey(),
  blockedAt: timestamps.createdAt,
});

/** The owner's comment settings: one row (id 1), the defaults until saved. */
export const commentSettings = pgTable(
  'comment_settings',
  {
    id: integer('id').primaryKey(),
    linksBeforeReview: integer('links_before_review').notNull(),
    deletedMemberComments: text('deleted_member_comments', { enum: ['remove', 'keep'] }).notNull(),
    updatedAt: timestamps.updatedAt,
  },
  (table) => [check('comment_settings_one_row', sql`${table.id} = 1`)],
);

/**
 * The newsletter's subscribers (docs/decisions/206): an address (stored in lower case, once),
 * pending until confirmed from its mail; a member's own subscription carries their uid.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'confirmed'] })
      .notNull()
      .default('pending'),
    memberUid: text('member_uid'),
    createdAt: timestamps.createdAt,
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    /** When the last confirmation mail was sent: one a few minutes at most per address. */
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('newsletter_subscribers_status_check', sql`${table.status} in ('pending', 'confirmed')`),
    uniqueIndex('newsletter_subscribers_email_idx').on(table.email),
    uniqueIndex('newsletter_subscribers_member_idx')
      .on(table.memberUid)
      .where(sql`${table.memberUid} is not null`),
    // The dashboard's list (newest first) and the expiry of the unconfirmed.
    index('newsletter_subscribers_status_idx').on(table.status, table.createdAt),
  ],
);

/** The key the newsletter's links are signed with: one row, made on first use. */
export const newsletterKeys = pgTable(
  'newsletter_keys',
  {
    id: integer('id').primaryKey(),
    secret: text('secret').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [check('newsletter_keys_one_row', sql`${table.id} = 1`)],
);

/**
 * An article sent as a newsletter: when the owner first sent it. Waiting for publication: asked
 * for before the article was public; its deliveries are queued when it is (the sender looks).
 */
export const newsletterSends = pgTable('newsletter_sends', {
  articleId: text('article_id')
    .primaryKey()
    .references(() => articles.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  createdAt: timestamps.createdAt,
  waitingForPublication: boolean('waiting_for_publication').notNull().default(false),
});

/**
 * The send queue: one row per article and address, so no address ever gets an article twice.
 * waiting → sending (claimed by one worker) → sent, or back to waiting with a later attempt, or
 * failed. A row left in sending by a crash is never sent again (failed, "interrupted").
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    articleId: text('article_id')
      .notNull()
      .references(() => newsletterSends.articleId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    email: text('email').notNull(),
    subscriberId: text('subscriber_id').references(() => newsletterSubscribers.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: ['waiting', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lastError: text('last_error'),
    claimedBy: text('claimed_by'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.email] }),
    check(
      'newsletter_deliveries_status_check',
      sql`${table.status} in ('waiting', 'sending', 'sent', 'failed')`,
    ),
    index('newsletter_deliveries_due_idx').on(table.status, table.nextAttemptAt),
  ],
);
