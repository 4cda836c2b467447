// Revisions (docs/decisions/143): the last REVISIONS_KEPT saved versions of each article and
// project, kept by the API. Every create or replacement (POST, PUT) stores one; the admin lists
// them (GET /articles/:id/revisions, without their text), reads one whole
// (GET /articles/:id/revisions/:number) and restores it through the editor, whose save stores
// it again as the newest. The same for /projects.
import {
  Array as ArrayOf,
  Integer,
  Object as ObjectOf,
  Optional,
  String as StringType,
} from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ID_PATTERN, PublicationStatusSchema } from './schemas.js';

/** How many saved versions of each item the API keeps: the older ones are deleted. */
export const REVISIONS_KEPT = 20;

/** What every version says of its publication when it was saved. */
const savedPublication = {
  status: PublicationStatusSchema,
  /** ISO-8601; absent for a draft without a planned time. */
  publishedAt: Optional(StringType()),
};

/**
 * An article as it was saved: the fields its editor edits, and its publication then. Optional
 * fields are absent when it had none.
 */
export const ArticleVersionSchema = ObjectOf({
  title: StringType(),
  /** Markdown. */
  content: StringType(),
  slug: StringType(),
  tags: ArrayOf(StringType()),
  imagePath: Optional(StringType()),
  customExcerpt: Optional(StringType()),
  metaDescription: Optional(StringType()),
  ...savedPublication,
});
export type ArticleVersion = Static<typeof ArticleVersionSchema>;

/** A project as it was saved (see ArticleVersionSchema). */
export const ProjectVersionSchema = ObjectOf({
  title: StringType(),
  description: StringType(),
  imagePath: StringType(),
  skills: Optional(ArrayOf(StringType())),
  link: Optional(StringType()),
  ...savedPublication,
});
export type ProjectVersion = Static<typeof ProjectVersionSchema>;

/** One saved version in a list: when, its title and size, not its text. */
export const RevisionSummarySchema = ObjectOf({
  /** The item's saves counted from 1: the address of the revision. */
  number: Integer({ minimum: 1 }),
  /** When it was saved, ISO-8601. */
  savedAt: StringType(),
  title: StringType(),
  /** The length of its text (an article's content, a project's description) in UTF-8 bytes. */
  size: Integer({ minimum: 0 }),
  status: PublicationStatusSchema,
});
export type RevisionSummary = Static<typeof RevisionSummarySchema>;

/** GET /articles/:id/revisions and GET /projects/:id/revisions (admin): newest first. */
export const RevisionListSchema = ArrayOf(RevisionSummarySchema);

/** GET /articles/:id/revisions/:number (admin): one saved version, whole. */
export const ArticleRevisionSchema = ObjectOf({
  ...RevisionSummarySchema.properties,
  version: ArticleVersionSchema,
});
export type ArticleRevision = Static<typeof ArticleRevisionSchema>;

/** GET /projects/:id/revisions/:number (admin): one saved version, whole. */
export const ProjectRevisionSchema = ObjectOf({
  ...RevisionSummarySchema.properties,
  version: ProjectVersionSchema,
});
export type ProjectRevision = Static<typeof ProjectRevisionSchema>;

/** The path parameters of one revision. */
export const RevisionParamsSchema = ObjectOf({
  id: StringType({ pattern: ID_PATTERN }),
  number: Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
export type RevisionParams = Static<typeof RevisionParamsSchema>;
