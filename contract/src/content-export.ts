// GET /content/export (admin, docs/decisions/145): the whole content as `npm run content:export`
// writes it into a folder (docs/decisions/121), from the running API. The export command asks
// for it when the embedded database it would read is locked by that API, so a backup needs no
// downtime; with `?messages=true` the contact messages come too, with `?settings=true` the
// site's settings (and the images they show, among `images`).
import {
  Array as ArrayOf,
  Boolean as BooleanType,
  Integer,
  Null,
  Object as ObjectOf,
  Optional,
  String as StringType,
  Union,
} from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PublicationStatusSchema, StoredContactMessageListSchema } from './schemas.js';
import { CommentStatusSchema } from './comments.js';
import { SubscriberListSchema } from './newsletter.js';
import { SiteSettingsSchema } from './site-settings.js';

export const CONTENT_EXPORT_PATH = '/content/export';

/** An article or a project as its file holds it (the content folder's front matter and body). */
export const ExportedItemSchema = ObjectOf({
  id: StringType(),
  title: StringType(),
  status: PublicationStatusSchema,
  publishedAt: Union([StringType(), Null()]),
  createdAt: StringType(),
  updatedAt: StringType(),
  /** The image's file name in images/ (its imagePath without /images/). */
  image: Optional(StringType()),
  skills: Optional(ArrayOf(StringType())),
  link: Optional(StringType()),
  slug: Optional(StringType()),
  tags: Optional(ArrayOf(StringType())),
  excerpt: Optional(StringType()),
  description: Optional(StringType()),
  formerSlugs: Optional(ArrayOf(StringType())),
  /** An article's Markdown, a project's description. */
  body: StringType(),
});
export type ExportedItem = Static<typeof ExportedItemSchema>;

/** A member's comment as a backup keeps it (docs/decisions/200): every state, who and where. */
export const ExportedCommentSchema = ObjectOf({
  _id: StringType(),
  articleId: StringType(),
  parentId: Union([StringType(), Null()]),
  /** Null for a comment kept from a deleted account. */
  authorUid: Union([StringType(), Null()]),
  body: StringType(),
  status: CommentStatusSchema,
  notifyReplies: BooleanType(),
  createdAt: StringType(),
  editedAt: Union([StringType(), Null()]),
});
export type ExportedComment = Static<typeof ExportedCommentSchema>;

/** An image the items show: its stored bytes, base64. */
export const ExportedImageSchema = ObjectOf({
  name: StringType(),
  /** Base64. */
  data: StringType(),
});

export const ContentExportQuerySchema = ObjectOf(
  {
    /** The contact messages too (inbox and archive). */
    messages: Optional(BooleanType()),
    /** The site's settings too, and the images they show. */
    settings: Optional(BooleanType()),
    /** The newsletter's subscribers too: personal data, asked for each time. */
    subscribers: Optional(BooleanType()),
  },
  { additionalProperties: false },
);
export type ContentExportQuery = Static<typeof ContentExportQuerySchema>;

export const ContentExportSchema = ObjectOf({
  /**
   * The API's process: the export command checks it is the one that holds the embedded
   * database it found locked, not another stack's API on the same port.
   */
  pid: Integer(),
  articles: ArrayOf(ExportedItemSchema),
  projects: ArrayOf(ExportedItemSchema),
  images: ArrayOf(ExportedImageSchema),
  /** With `?messages=true`: every contact message, oldest first. */
  messages: Optional(StoredContactMessageListSchema),
  /** With `?settings=true`: the stored settings, as GET /settings answers them. */
  settings: Optional(SiteSettingsSchema),
  /** Every comment, oldest first (absent from an API older than comments). */
  comments: Optional(ArrayOf(ExportedCommentSchema)),
  /** With `?subscribers=true`: every subscriber, oldest first. */
  subscribers: Optional(SubscriberListSchema),
});
export type ContentExport = Static<typeof ContentExportSchema>;
