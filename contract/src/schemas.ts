// The content API's contract (docs/decisions/052): every request body, query and answer of the
// API as a TypeBox schema, written once. The API validates requests and serialises answers with
// these schemas (Fastify, Ajv); its repositories, the front end's entity types, the admin
// editors' field limits, the API client's checks of what it receives and the hostile-input
// generators (docs/decisions/025) are all derived from them.
//
// Answers are open objects: a client ignores fields it does not know, so the API may add one
// without breaking an app that is already deployed. Request bodies are closed
// (`additionalProperties: false`) and strict (docs/decisions/021).
//
// Only the named builders are imported, never `Type`: the front end bundles this module, and
// `Type` would bring every builder of TypeBox with it.
import {
  Array as ArrayOf,
  Boolean as BooleanType,
  Integer,
  Literal,
  Null,
  Object as ObjectOf,
  Optional,
  String as StringType,
  Union,
} from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ARTICLE_EXCERPT_LENGTH } from './text.js';

// --- Patterns ---------------------------------------------------------------------------------
// Regular expressions of the request schemas. The API's error messages describe each one
// (content-api/src/http/patterns.ts).

/** What every record id looks like: URL-safe, lowercase. Path parameters are checked against it. */
export const ID_PATTERN = '^[a-z0-9-]{1,100}$';
/** A string with at least one non-whitespace character. */
export const NON_BLANK_PATTERN = '\\S';
export const HTTP_URL_PATTERN = '^https?://';
export const IMAGE_NAME_PATTERN = '^[a-z0-9][a-z0-9-]{0,119}\\.(png|jpg|gif|webp|avif|svg)$';
export const IMAGE_PATH_PATTERN = `^/images/${IMAGE_NAME_PATTERN.slice(1)}`;
/**
 * An article's address segment the owner chooses (`/article/<slug>`): lowercase words of
 * letters and digits joined by single hyphens (docs/decisions/132).
 */
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
export const SLUG_MAX_LENGTH = 100;
/**
 * A tag, as stored, shown and addressed (`/tags/<tag>`): the same shape as a slug, shorter.
 * @alias of SLUG_PATTERN, named for what it checks
 */
export const TAG_PATTERN = SLUG_PATTERN;
export const TAG_MAX_LENGTH = 40;
/** How many tags an article may have. */
export const MAX_TAGS = 10;
/** The last segment of an image variant's address, `<width>.<extension>` (./images.ts). */
export const IMAGE_VARIANT_PATTERN = '^[1-9][0-9]{1,3}\\.(avif|webp|jpg|png)$';
/**
 * A "valid e-mail address" as the HTML standard defines it for <input type=email>, so the API
 * accepts exactly what the contact form's field does. It allows `?`, `&`, `=` and `%` in the
 * local part: whoever puts an address in a URL (a mailto: link) must encode it.
 */
export const EMAIL_PATTERN =
  "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$";
/**
 * The custom Ajv format of dates the API stores: RFC 3339, and a date JavaScript and the
 * database both hold, from 1970 to 9999 (the API registers it: content-api/src/http/validation.ts).
 */
export const STORED_DATE_TIME_FORMAT = 'stored-date-time';

// --- Field types of request bodies ------------------------------------------------------------

export const SEARCH_QUERY_MAX_LENGTH = 200;
/** An article's meta description: search engines show about 160 characters of it. */
export const META_DESCRIPTION_MAX_LENGTH = 300;

/** A required, non-blank string of at most `maxLength` characters. */
export function text(maxLength: number) {
  return StringType({ minLength: 1, maxLength, pattern: NON_BLANK_PATTERN });
}

/** An absolute http(s) URL. */
export const httpUrl = StringType({ format: 'uri', pattern: HTTP_URL_PATTERN, maxLength: 2048 });

/** An e-mail address as <input type=email> accepts it (see EMAIL_PATTERN). */
export const emailAddress = StringType({ minLength: 1, maxLength: 254, pattern: EMAIL_PATTERN });

/** A date to store (see STORED_DATE_TIME_FORMAT). */
export const storedDateTime = StringType({ format: STORED_DATE_TIME_FORMAT });

/** The path of a stored image, as the API's upload answers it: /images/<name>. */
export const imagePath = StringType({ pattern: IMAGE_PATH_PATTERN });

// --- Errors -----------------------------------------------------------------------------------

/** Every error of the API: `{ "message": "…" }` with a 4xx or 5xx status. */
export const MessageSchema = ObjectOf({ message: StringType() });
export type MessageBody = Static<typeof MessageSchema>;

// --- Publication (drafts, scheduled and published content: docs/decisions/120) ---------------

/**
 * `draft`: visible to an admin only. `published`: public from `publishedAt` on; before that it is
 * "scheduled" and behaves as a draft.
 */
export const PublicationStatusSchema = Union([Literal('draft'), Literal('published')]);
export type PublicationStatus = Static<typeof PublicationStatusSchema>;

/**
 * What a project or an article answer says of its publication. Optional in answers, so an app
 * can meet an API from before drafts (whose content is all published); the API always sends both.
 */
const publicationFields = {
  status: Optional(PublicationStatusSchema),
  /** ISO-8601; null for a draft that was never given a publication time. */
  publishedAt: Optional(Union([StringType(), Null()])),
};

/**
 * The publication fields of a request body. `status` defaults to `published` on create and to
 * the stored status on replace. `publishedAt` of a published item defaults to the time it went
 * public (kept when it already is, else now); a future time schedules it. A draft keeps the time
 * it is given as its planned publication time, or none.
 */
const publicationInput = {
  status: Optional(PublicationStatusSchema),
  publishedAt: Optional(storedDateTime),
};

/** PATCH /projects/:id and PATCH /articles/:id (admin): publish, schedule or unpublish. */
export const PublicationInputSchema = ObjectOf(
  { status: PublicationStatusSchema, publishedAt: Optional(storedDateTime) },
  { additionalProperties: false },
);
export type PublicationInput = Static<typeof PublicationInputSchema>;

/** The value of `?include=` that asks for drafts and scheduled items too (admin only). */
export const INCLUDE_DRAFTS = 'drafts';
const includeDrafts = Optional(Literal(INCLUDE_DRAFTS));

/** GET /projects and GET /projects/:id, GET /articles/:id: `?include=drafts` (admin only). */
export const DraftsQuerySchema = ObjectOf(
  { include: includeDrafts },
  { additionalProperties: false },
);
export type DraftsQuery = Static<typeof DraftsQuerySchema>;

// --- Images -----------------------------------------------------------------------------------

/**
 * A stored image as a client needs it to lay it out and to build `srcset` (docs/decisions/123;
 * the addresses: ./images.ts). Sent beside the `imagePath` that names it, when the API knows its
 * size.
 */
export const ImageSchema = ObjectOf({
  /** /images/<name>: the stored original, relative to the API base (the `imagePath`). */
  path: StringType(),
  /** Intrinsic size in pixels, upright (a photo's EXIF orientation applied); an SVG's own. */
  width: Integer(),
  height: Integer(),
  /** Widths of the resized variants, ascending; empty: show `path` as it is (SVG, GIF). */
  widths: ArrayOf(Integer()),
  /**
   * Formats of the variants, best first: `avif`, `webp`, then the fallback every browser shows
   * (`jpeg` or `png`). A client skips a format it does not know.
   */
  formats: ArrayOf(StringType()),
});
export type Image = Static<typeof ImageSchema>;

// --- Projects ---------------------------------------------------------------------------------

export const ProjectSchema = ObjectOf({
  _id: StringType(),
  title: StringType(),
  description: StringType(),
  /** Relative to the API base (/images/…) or an absolute URL. */
  imagePath: StringType(),
  /** The stored image `imagePath` names, with its size and variants. */
  image: Optional(ImageSchema),
  skills: Optional(ArrayOf(StringType())),
  link: Optional(StringType()),
  /** ISO-8601. */
  createdAt: StringType(),
  updatedAt: StringType(),
  ...publicationFields,
});
export type Project = Static<typeof ProjectSchema>;

export const ProjectListSchema = ArrayOf(ProjectSchema);

/** POST /projects and PUT /projects/:id (admin). */
export const ProjectInputSchema = ObjectOf(
  {
    title: text(200),
    description: text(10_000),
    imagePath,
    skills: Optional(ArrayOf(text(60), { maxItems: 50 })),
    link: Optional(httpUrl),
    /** Defaults to now on create and to the stored value on replace. */
    createdAt: Optional(storedDateTime),
    ...publicationInput,
  },
  { additionalProperties: false },
);
export type ProjectInput = Static<typeof ProjectInputSchema>;

// --- Articles ---------------------------------------------------------------------------------

/**
 * What an article answer says of its address, topics and summaries (docs/decisions/132). Optional,
 * so an app can meet an API from before them: the slug is then the `_id`, the tags none.
 */
const articleDescriptionFields = {
  /** The article's address segment: `/article/<slug>`. Its `_id` and former slugs lead there. */
  slug: Optional(StringType()),
  /** Lowercase, each a TAG_PATTERN, in the owner's order. */
  tags: Optional(ArrayOf(StringType())),
  /** The card text as the owner wrote it, when they did; `excerpt` is then this. */
  customExcerpt: Optional(StringType()),
  /** The page's meta and card description, when the owner wrote one; else `excerpt` serves. */
  metaDescription: Optional(StringType()),
};

export const ArticleSchema = ObjectOf({
  _id: StringType(),
  title: StringType(),
  /** Markdown. */
  content: StringType(),
  /**
   * The card text: the owner's `customExcerpt`, or what a reader sees of `content`'s prose as
   * plain text (headings, code and images skipped), at most ARTICLE_EXCERPT_LENGTH characters,
   * ending on a word with ELLIPSIS when cut; empty when the article has no text.
   */
  excerpt: StringType(),
  imagePath: Optional(StringType()),
  /** The stored image `imagePath` names, with its size and variants. */
  image: Optional(ImageSchema),
  /**
   * The stored images `content` shows (`![alt](/images/<name>)`), with their sizes and
   * variants: GET /articles/:id only, where the article is read in full.
   */
  contentImages: Optional(ArrayOf(ImageSchema)),
  /** ISO-8601. */
  createdAt: StringType(),
  updatedAt: StringType(),
  ...publicationFields,
  ...articleDescriptionFields,
  /**
   * How many approved comments (replies included) the article has (docs/decisions/200): on reads
   * only, absent from an API older than comments.
   */
  commentCount: Optional(Integer({ minimum: 0 })),
});
export type Article = Static<typeof ArticleSchema>;

export const ArticleListSchema = ArrayOf(ArticleSchema);

export const ArticleNeighbourSchema = ObjectOf({
  _id: StringType(),
  title: StringType(),
  slug: Optional(StringType()),
});
export type ArticleNeighbour = Static<typeof ArticleNeighbourSchema>;

/**
 * GET /articles/:id: the article with its neighbours by date, for previous/next links. `:id` is
 * its id, its slug or a slug it had: the answer's `slug` is its address now.
 */
export const ArticleDetailSchema = ObjectOf({
  ...ArticleSchema.properties,
  /** The next older article. */
  previous: Union([ArticleNeighbourSchema, Null()]),
  /** The next newer article. */
  next: Union([ArticleNeighbourSchema, Null()]),
  /**
   * Public articles to read next: those sharing the most tags, the newest first among equals,
   * then the newest others; at most three (absent from an API older than it).
   */
  related: Optional(ArrayOf(ArticleNeighbourSchema, { maxItems: 3 })),
});
export type ArticleDetail = Static<typeof ArticleDetailSchema>;

/** An article's slug in a request: see SLUG_PATTERN. */
export const slugField = StringType({
  minLength: 1,
  maxLength: SLUG_MAX_LENGTH,
  pattern: SLUG_PATTERN,
});
/** A tag in a request or a query: see TAG_PATTERN. */
export const tagField = StringType({
  minLength: 1,
  maxLength: TAG_MAX_LENGTH,
  pattern: TAG_PATTERN,
});

/** POST /articles and PUT /articles/:id (admin). */
export const ArticleInputSchema = ObjectOf(
  {
    title: text(200),
    /** Markdown. */
    content: text(100_000),
    imagePath: Optional(imagePath),
    /** Defaults to now on create and to the stored value on replace. */
    createdAt: Optional(storedDateTime),
    /**
     * Defaults to one made from the title on create and to the stored slug on replace. Unique:
     * another article's slug or id is a 409. A changed slug keeps the old one as a redirect.
     */
    slug: Optional(slugField),
    /** None when absent (a replacement replaces them). Duplicates are stored once. */
    tags: Optional(ArrayOf(tagField, { maxItems: MAX_TAGS })),
    /** The card text; absent: the automatic excerpt. */
    customExcerpt: Optional(text(ARTICLE_EXCERPT_LENGTH)),
    /** The page's meta description; absent: the excerpt. */
    metaDescription: Optional(text(META_DESCRIPTION_MAX_LENGTH)),
    ...publicationInput,
  },
  { additionalProperties: false },
);
export type ArticleInput = Static<typeof ArticleInputSchema>;

/** GET /articles and GET /contact (admin): one page, both optional. */
export const PaginationQuerySchema = ObjectOf(
  {
    limit: Optional(Integer({ minimum: 1, maximum: 100 })),
    offset: Optional(Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type PaginationQuery = Static<typeof PaginationQuerySchema>;

/**
 * What the admin's lists filter on (with `?include=drafts`): `draft`, `scheduled` (published,
 * not yet due) or `published` (public now).
 */
export const ContentStateSchema = Union([
  Literal('draft'),
  Literal('scheduled'),
  Literal('published'),
]);
export type ContentState = Static<typeof ContentStateSchema>;

/**
 * GET /articles: one page, newest first; `tag` keeps the articles with that tag; `query` those
 * whose text matches it (as GET /search does, but newest first); `state` one publication state
 * (meaningful with `?include=drafts`, admin only).
 */
export const ArticleListQuerySchema = ObjectOf(
  {
    ...PaginationQuerySchema.properties,
    include: includeDrafts,
    tag: Optional(tagField),
    query: Optional(StringType({ maxLength: SEARCH_QUERY_MAX_LENGTH })),
    state: Optional(ContentStateSchema),
  },
  { additionalProperties: false },
);
export type ArticleListQuery = Static<typeof ArticleListQuerySchema>;

// --- Tags -------------------------------------------------------------------------------------

/** GET /tags: every tag of the public articles (with `?include=drafts`, admin: of all). */
export const TagCountSchema = ObjectOf({ tag: StringType(), count: Integer() });
export type TagCount = Static<typeof TagCountSchema>;
/** Most used first, then by name. */
export const TagListSchema = ArrayOf(TagCountSchema);

// --- Search -----------------------------------------------------------------------------------

/**
 * The answer header in which GET /articles and GET /search say how many items the whole list has
 * (what the caller may see): the pages number themselves with it.
 */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** How many results GET /search answers when it is not given a `limit`. */
export const SEARCH_DEFAULT_LIMIT = 20;

/**
 * GET /search: the text, and one page of the results (`limit` 1-100, default
 * SEARCH_DEFAULT_LIMIT; `offset`, default 0). X-Total-Count says how many match in all.
 */
export const SearchQuerySchema = ObjectOf(
  {
    query: Optional(StringType({ maxLength: SEARCH_QUERY_MAX_LENGTH })),
    /** Only articles with this tag. */
    tag: Optional(tagField),
    ...PaginationQuerySchema.properties,
  },
  // Anything else would only key new cache entries.
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuerySchema>;

/** GET /search: `snippet` is HTML-escaped text whose matches are wrapped in <mark>…</mark>. */
export const SearchResultSchema = ObjectOf({
  _id: StringType(),
  title: StringType(),
  /** Its address segment (docs/decisions/132); absent from an older API: the `_id`. */
  slug: Optional(StringType()),
  tags: Optional(ArrayOf(StringType())),
  content: StringType(),
  createdAt: StringType(),
  snippet: StringType(),
});
export type SearchResult = Static<typeof SearchResultSchema>;

export const SearchResultListSchema = ArrayOf(SearchResultSchema);

// --- About ------------------------------------------------------------------------------------

export const FunFactSchema = ObjectOf({ label: StringType(), value: StringType() });
export type FunFact = Static<typeof FunFactSchema>;

/** GET /about-data. */
export const AboutDataSchema = ObjectOf({
  name: StringType(),
  title: StringType(),
  intro: ArrayOf(StringType()),
  funFacts: ArrayOf(FunFactSchema),
});
export type AboutData = Static<typeof AboutDataSchema>;

// --- Contact ----------------------------------------------------------------------------------

/** POST /contact. */
export const ContactInputSchema = ObjectOf(
  {
    name: text(100),
    email: emailAddress,
    message: text(5000),
    /** Honeypot: hidden in the form, so only bots fill it in. */
    website: Optional(StringType({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);
export type ContactInput = Static<typeof ContactInputSchema>;

/** A message as the admin dashboard lists it (GET /contact, PATCH /contact/:id). */
export const StoredContactMessageSchema = ObjectOf({
  _id: StringType(),
  name: StringType(),
  email: StringType(),
  message: StringType(),
  createdAt: StringType(),
  read: BooleanType(),
  /** Out of the inbox (the owner's archive). Optional: an API from before it has none. */
  archived: Optional(BooleanType()),
});
export type StoredContactMessage = Static<typeof StoredContactMessageSchema>;

export const StoredContactMessageListSchema = ArrayOf(StoredContactMessageSchema);

/** PATCH /contact/:id (admin): read or unread, and in the archive or the inbox (absent: kept). */
export const ReadFlagInputSchema = ObjectOf(
  { read: BooleanType(), archived: Optional(BooleanType()) },
  { additionalProperties: false },
);

/** The two boxes of the admin's messages: the inbox and the archive. */
export const MessageBoxSchema = Union([Literal('inbox'), Literal('archive')]);
export type MessageBox = Static<typeof MessageBoxSchema>;

/** The longest text GET /contact searches messages for. */
export const CONTACT_QUERY_MAX_LENGTH = 200;

/**
 * GET /contact (admin): one page of a box (default the inbox), newest first; `query` keeps the
 * messages whose sender's name, address or text contains it (case-insensitive).
 */
export const ContactListQuerySchema = ObjectOf(
  {
    ...PaginationQuerySchema.properties,
    box: Optional(MessageBoxSchema),
    query: Optional(StringType({ maxLength: CONTACT_QUERY_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type ContactListQuery = Static<typeof ContactListQuerySchema>;

/** How many messages POST /contact/bulk takes at once: a page of the dashboard's and more. */
export const CONTACT_BULK_MAX = 100;

/** What POST /contact/bulk does to each message (archiving marks it read, as one archive does). */
export const ContactBulkActionSchema = Union([
  Literal('read'),
  Literal('unread'),
  Literal('archive'),
  Literal('unarchive'),
  Literal('delete'),
]);
export type ContactBulkAction = Static<typeof ContactBulkActionSchema>;

/** POST /contact/bulk (admin): one action on several messages, selected by id. */
export const ContactBulkInputSchema = ObjectOf(
  {
    ids: ArrayOf(StringType({ pattern: ID_PATTERN }), {
      minItems: 1,
      maxItems: CONTACT_BULK_MAX,
      uniqueItems: true,
    }),
    action: ContactBulkActionSchema,
  },
  { additionalProperties: false },
);
export type ContactBulkInput = Static<typeof ContactBulkInputSchema>;

/** POST /contact/bulk: how many of the messages were there to act on (unknown ids are skipped). */
export const ContactBulkResultSchema = ObjectOf({ count: Integer() });
export type ContactBulkResult = Static<typeof ContactBulkResultSchema>;

// --- Notification of new messages (docs/decisions/144) ---------------------------------------

/** A host name or an IP address, as an SMTP server is named. */
export const HOST_PATTERN = '^[A-Za-z0-9]([A-Za-z0-9.:-]{0,251}[A-Za-z0-9])?$';

/** The SMTP server and addresses a new message is e-mailed with (GET /contact/notifications). */
export const EmailNotificationSchema = ObjectOf({
  to: StringType(),
  from: StringType(),
  host: StringType(),
  port: Integer(),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: BooleanType(),
  user: Union([StringType(), Null()]),
  /** Whether a password is stored: it is never sent back. */
  passwordSet: BooleanType(),
});
export type EmailNotification = Static<typeof EmailNotificationSchema>;

/** GET /contact/notifications (admin): how the owner hears of a new message; null: not at all. */
export const NotificationSettingsSchema = ObjectOf({
  webhookUrl: Union([StringType(), Null()]),
  email: Union([EmailNotificationSchema, Null()]),
});
export type NotificationSettings = Static<typeof NotificationSettingsSchema>;

/** PUT /contact/notifications (admin): the whole setting; null turns a way off. */
export const NotificationSettingsInputSchema = ObjectOf(
  {
    webhookUrl: Union([httpUrl, Null()]),
    email: Union([
      ObjectOf(
        {
          to: emailAddress,
          from: emailAddress,
          host: StringType({ minLength: 1, maxLength: 253, pattern: HOST_PATTERN }),
          port: Integer({ minimum: 1, maximum: 65535 }),
          secure: BooleanType(),
          user: Optional(Union([text(200), Null()])),
          /** Absent: the stored one is kept; null: none. */
          password: Optional(Union([StringType({ minLength: 1, maxLength: 500 }), Null()])),
        },
        { additionalProperties: false },
      ),
      Null(),
    ]),
  },
  { additionalProperties: false },
);
export type NotificationSettingsInput = Static<typeof NotificationSettingsInputSchema>;

/** POST /contact/notifications/test (admin): what each way of notifying answered. */
export const NotificationTestResultSchema = ObjectOf({
  /** null: not set; otherwise `ok` or why it failed. */
  webhook: Union([StringType(), Null()]),
  email: Union([StringType(), Null()]),
});
export type NotificationTestResult = Static<typeof NotificationTestResultSchema>;

/** The answer header of GET /contact that says how many messages of the inbox are unread. */
export const UNREAD_COUNT_HEADER = 'X-Unread-Count';
export type ReadFlagInput = Static<typeof ReadFlagInputSchema>;

// --- Images -----------------------------------------------------------------------------------

/** POST /images (admin, multipart): where the upload is stored, and the stored image. */
export const ImageUploadSchema = ObjectOf({
  imagePath: StringType(),
  image: Optional(ImageSchema),
});
export type ImageUpload = Static<typeof ImageUploadSchema>;

// --- The media library (docs/decisions/142) ---------------------------------------------------

/** How many images a page of GET /images holds when the request does not say. */
export const MEDIA_DEFAULT_LIMIT = 24;
/** At most this many uses of an image are listed; `useCount` says how many there are. */
export const MEDIA_USES_LISTED = 10;
export const MEDIA_QUERY_MAX_LENGTH = 120;

/** `used`: shown by an article or a project; `unused`: by none, so it may be deleted. */
export const MediaUsageSchema = Union([Literal('used'), Literal('unused')]);
export type MediaUsage = Static<typeof MediaUsageSchema>;

/**
 * GET /images (admin): one page of the stored images, newest first (`limit` 1-100, default
 * MEDIA_DEFAULT_LIMIT). `usage` keeps the used or the unused ones, `query` those whose name
 * contains it, `article` those the article shows (its cover and the images its text names).
 * X-Total-Count says how many match in all.
 */
export const MediaListQuerySchema = ObjectOf(
  {
    ...PaginationQuerySchema.properties,
    usage: Optional(MediaUsageSchema),
    query: Optional(StringType({ maxLength: MEDIA_QUERY_MAX_LENGTH })),
    article: Optional(StringType({ pattern: ID_PATTERN })),
  },
  { additionalProperties: false },
);
export type MediaListQuery = Static<typeof MediaListQuerySchema>;

/** Where an image is shown: an article's or a project's cover, or an article's text. */
export const MediaUseSchema = ObjectOf({
  kind: Union([Literal('article'), Literal('project')]),
  _id: StringType(),
  title: StringType(),
  /** An article's address segment. */
  slug: Optional(StringType()),
  /** Its cover (`imagePath`). */
  cover: BooleanType(),
  /** Named in its text (`/images/<name>` in an article's Markdown). */
  inText: BooleanType(),
});
export type MediaUse = Static<typeof MediaUseSchema>;

/** A stored image as the media library lists it. */
export const MediaItemSchema = ObjectOf({
  name: StringType(),
  /** /images/<name>, relative to the API base: what an article or a project names. */
  path: StringType(),
  contentType: StringType(),
  /** The stored original's size in bytes. */
  bytes: Integer(),
  /** Its size in pixels, upright; null when unknown (an SVG that states none). */
  width: Union([Integer(), Null()]),
  height: Union([Integer(), Null()]),
  /** ISO-8601: when it was uploaded. */
  createdAt: StringType(),
  /** Its variants, for a thumbnail (docs/decisions/123); absent when its size is unknown. */
  image: Optional(ImageSchema),
  /** The description an article's Markdown gives it (`![alt](…)`); null when none does. */
  alt: Union([StringType(), Null()]),
  /** Where it is shown, articles first (at most MEDIA_USES_LISTED). */
  uses: ArrayOf(MediaUseSchema),
  /** How many articles and projects show it in all; 0: unused, unless `inSettings`. */
  useCount: Integer(),
  /** The site settings show it (a certificate's badge, docs/decisions/141): in use. */
  inSettings: Optional(BooleanType()),
});
export type MediaItem = Static<typeof MediaItemSchema>;

export const MediaListSchema = ArrayOf(MediaItemSchema);

// --- User profiles ----------------------------------------------------------------------------

export const RoleSchema = Union([Literal('user'), Literal('admin')]);
export type Role = Static<typeof RoleSchema>;

/** GET and PUT /users/me: the signed-in caller's profile. */
export const ApiUserProfileSchema = ObjectOf({
  uid: StringType(),
  /** null: the account has no e-mail address. */
  email: Union([StringType(), Null()]),
  username: Optional(StringType()),
  name: Optional(StringType()),
  photoURL: Optional(StringType()),
  role: RoleSchema,
});
export type ApiUserProfile = Static<typeof ApiUserProfileSchema>;

/** PUT /users/me. */
export const ProfileInputSchema = ObjectOf(
  {
    // Accepted for older clients and ignored: the address is always the verified account's.
    email: Optional(emailAddress),
    username: Optional(text(50)),
    name: Optional(text(100)),
    photoURL: Optional(httpUrl),
    // Any value is accepted here; the API answers 403 for one the caller may not set.
    role: Optional(StringType({ maxLength: 50 })),
  },
  { additionalProperties: false },
);
export type ProfileInput = Static<typeof ProfileInputSchema>;

// --- Path parameters --------------------------------------------------------------------------

export const IdParamsSchema = ObjectOf({ id: StringType({ pattern: ID_PATTERN }) });
export type IdParams = Static<typeof IdParamsSchema>;

export const ImageNameParamsSchema = ObjectOf({
  name: StringType({ pattern: IMAGE_NAME_PATTERN }),
});
export type ImageNameParams = Static<typeof ImageNameParamsSchema>;

/** GET /images/:name/:variant: a resized variant, `<width>.<extension>` (./images.ts). */
export const ImageVariantParamsSchema = ObjectOf({
  name: StringType({ pattern: IMAGE_NAME_PATTERN }),
  variant: StringType({ pattern: IMAGE_VARIANT_PATTERN }),
});
export type ImageVariantParams = Static<typeof ImageVariantParamsSchema>;

// --- Site sessions (docs/decisions/037) ---------------------------------------------------------

/** Firebase session cookies are about 1 KB, like ID tokens; anything much longer is not one. */
export const SESSION_COOKIE_MAX_LENGTH = 8 * 1024;
const sessionCookie = StringType({ minLength: 1, maxLength: SESSION_COOKIE_MAX_LENGTH });

/** POST /sessions (with the caller's ID token): renews `session` when it is the caller's. */
export const SessionInputSchema = ObjectOf(
  { session: Optional(sessionCookie) },
  { additionalProperties: false },
);
export type SessionInput = Static<typeof SessionInputSchema>;

/** POST /sessions: the new session cookie, and how long it lives (seconds). */
export const MintedSessionSchema = ObjectOf({ session: StringType(), expiresIn: Integer() });
export type MintedSession = Static<typeof MintedSessionSchema>;

/** POST /sessions/verify. */
export const SessionCheckInputSchema = ObjectOf(
  { session: sessionCookie },
  { additionalProperties: false },
);
export type SessionCheckInput = Static<typeof SessionCheckInputSchema>;

/** POST /sessions/verify: whose the session is, as the site's server renders them. */
export const SessionIdentitySchema = ObjectOf({
  uid: StringType(),
  email: Union([StringType(), Null()]),
  displayName: Union([StringType(), Null()]),
  photoURL: Union([StringType(), Null()]),
  role: RoleSchema,
  /** When the cookie was minted (seconds since the epoch), so the site can renew an old one. */
  issuedAt: Integer(),
});
export type SessionIdentity = Static<typeof SessionIdentitySchema>;
