// A content folder into the database and back (docs/decisions/121). The import is one
// transaction, images included: all of the folder, or nothing. It writes only what differs, so
// importing the same folder twice changes nothing (not even a timestamp); when it did change
// something, the database tells every API instance that listens (PostgreSQL NOTIFY, delivered
// at commit: content-changes.ts), whose caches then forget, as after a write through the API.
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import type { Transaction } from '../db/content-queries.js';
import { resolvePublication } from '../db/publication.js';
import { articleSlugs, articles, images, projects } from '../db/schema.js';
import {
  SlugTakenError,
  assertSlugFree,
  autoExcerptOf,
  normalizeTags,
  recordSlugs,
} from '../features/articles/repository.js';
import { contentImageNames } from '../features/images/content-images.js';
import { measureImage } from '../features/images/image-size.js';
import type { ImageMeasure } from '../features/images/image-size.js';
import { inspectImage } from '../features/images/image-type.js';
import { RasterImageError } from '../features/images/raster.js';
import { markdownToPlainText } from '../lib/markdown-text.js';
import { storeArticleRevision, storeProjectRevision } from '../features/revisions/repository.js';
import type { SavedArticleRow, SavedProjectRow } from '../features/revisions/repository.js';
import { CONTENT_CHANGED_CHANNEL } from './content-changes.js';
import { ContentFileError } from './format.js';
import type { ContentFile, ContentItem } from './format.js';
import { ContentFolderError } from './folder.js';
import type { ContentFolder, ExportedContent, FolderImage } from './folder.js';

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  imagesAdded: number;
}

const IMAGE_PREFIX = '/images/';
const EXTENSION_BY_TYPE: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/avif': ['avif'],
  'image/svg+xml': ['svg'],
};

type Row = Record<string, unknown> & { id: string };

/** Columns compared and written; Dates by their time, arrays by their items. */
function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => item === b[index]);
  }
  return (a ?? null) === (b ?? null);
}

/** The row a file makes, given the stored one (or none). */
function rowFor(
  file: ContentFile<{
    title: string;
    imagePath?: string;
    createdAt?: string;
    status?: 'draft' | 'published';
    publishedAt?: string;
  }>,
  columns: Record<string, unknown>,
  stored: Row | undefined,
  now: Date,
) {
  const { input } = file;
  const storedPublication = stored && {
    status: stored.status as 'draft' | 'published',
    publishedAt: stored.publishedAt as Date | null,
  };
  return {
    id: file.id,
    ...columns,
    createdAt: input.createdAt ? new Date(input.createdAt) : (stored?.createdAt ?? now),
    // The file is the truth: no status is the API's default for a new item, published.
    ...resolvePublication(
      { status: input.status ?? 'published', publishedAt: input.publishedAt },
      storedPublication,
      now,
    ),
  };
}

async function upsert(
  tx: Transaction,
  table: typeof articles | typeof projects,
  file: ContentFile<object>,
  row: Record<string, unknown>,
  stored: Row | undefined,
  now: Date,
  /** Stores what was written as the item's newest version (docs/decisions/143). */
  storeVersion: (tx: Transaction, written: Record<string, unknown>) => Promise<void>,
): Promise<'created' | 'updated' | 'unchanged'> {
  const given = file.updatedAt ? new Date(file.updatedAt) : undefined;
  if (stored) {
    const changed =
      Object.entries(row).some(([key, value]) => !same(value, stored[key])) ||
      (given !== undefined && !same(given, stored.updatedAt));
    if (!changed) return 'unchanged';
  }
  const values = { ...row, updatedAt: given ?? now };
  // Typed as the articles table: `row` was built for `table`, and both key on `id`.
  const target = table as typeof articles;
  const written = values as typeof articles.$inferInsert;
  await tx.insert(target).values(written).onConflictDoUpdate({ target: target.id, set: written });
  await storeVersion(tx, values);
  return stored ? 'updated' : 'created';
}

async function storedRows(
  tx: Transaction,
  table: typeof articles | typeof projects,
  ids: string[],
) {
  if (ids.length === 0) return new Map<string, Row>();
  const rows = (await tx.select().from(table).where(inArray(table.id, ids))) as Row[];
  return new Map(rows.map((row) => [row.id, row]));
}

/** The stored images of these names (those that are stored), by name. */
export async function storedImages(
  db: Database | Transaction,
  names: readonly string[],
): Promise<FolderImage[]> {
  if (names.length === 0) return [];
  return db
    .select({ name: images.name, data: images.data })
    .from(images)
    .where(inArray(images.name, [...names]))
    .orderBy(images.name);
}

/** Images of the folder: each must be what its name says; a stored one must be the same bytes. */
async function importImages(tx: Transaction, folderImages: FolderImage[]): Promise<number> {
  const problems: ContentFileError[] = [];
  const names = folderImages.map((image) => image.name);
  const stored = new Map(
    (await storedImages(tx, names)).map((row) => [row.name, row.data] as const),
  );
  const added: (FolderImage & ImageMeasure & { contentType: string })[] = [];
  for (const image of folderImages) {
    const file = `images/${image.name}`;
    const inspection = inspectImage(image.data);
    const extension = image.name.slice(image.name.lastIndexOf('.') + 1);
    if (!inspection.ok) {
      problems.push(new ContentFileError(file, 1, inspection.reason));
    } else if (!EXTENSION_BY_TYPE[inspection.type.contentType]?.includes(extension)) {
      problems.push(
        new ContentFileError(
          file,
          1,
          `The file is ${inspection.type.contentType}, not .${extension}.`,
        ),
      );
    } else if (stored.has(image.name)) {
      if (!stored.get(image.name)?.equals(image.data)) {
        problems.push(
          new ContentFileError(
            file,
            1,
            'An image of this name is stored with other content; images are cached by name for a year, so give the new one a new name.',
          ),
        );
      }
    } else {
      // Its size and variants, as for an upload: a damaged raster image is refused here.
      const { contentType } = inspection.type;
      try {
        added.push({ ...image, contentType, ...(await measureImage(image.data, contentType)) });
      } catch (error) {
        if (!(error instanceof RasterImageError)) throw error;
        problems.push(new ContentFileError(file, 1, error.message));
      }
    }
  }
  if (problems.length > 0) throw new ContentFolderError(problems);
  if (added.length > 0) {
    await tx.insert(images).values(
      added.map(({ name, data, contentType, width, height, variantFallback }) => ({
        name,
        data,
        contentType,
        size: data.length,
        width,
        height,
        variantFallback,
      })),
    );
  }
  return added.length;
}

/** Every image an item names is in the folder or already stored. */
async function checkImagesExist(tx: Transaction, content: ContentFolder): Promise<void> {
  const inFolder = new Set(content.images.map((image) => image.name));
  const wanted = [...content.articles, ...content.projects].flatMap((file) => {
    const imagePath = (file.input as { imagePath?: string }).imagePath;
    const name = imagePath?.slice(IMAGE_PREFIX.length);
    return name && !inFolder.has(name) ? [{ file, name }] : [];
  });
  if (wanted.length === 0) return;
  const stored = new Set(
    (
      await tx
        .select({ name: images.name })
        .from(images)
        .where(inArray(images.name, [...new Set(wanted.map((item) => item.name))]))
    ).map((row) => row.name),
  );
  const problems = wanted
    .filter(({ name }) => !stored.has(name))
    .map(
      ({ file, name }) =>
        new ContentFileError(file.file, 1, `Its image ${name} is neither in images/ nor stored.`),
    );
  if (problems.length > 0) throw new ContentFolderError(problems);
}

/**
 * Imports a folder read by readContentFolder() into `db`, in one transaction (a savepoint of the
 * caller's when `db` is one: the seed's). Throws a ContentFolderError, and imports nothing, when an image is not
 * what its name says or an item's image is missing.
 */
export async function importContent(
  db: Database | Transaction,
  content: ContentFolder,
  now = new Date(),
): Promise<ImportSummary> {
  const run = async (tx: Transaction): Promise<ImportSummary> => {
    const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0, imagesAdded: 0 };
    summary.imagesAdded = await importImages(tx, content.images);
    await checkImagesExist(tx, content);
    const storedArticles = await storedRows(
      tx,
      articles,
      content.articles.map((file) => file.id),
    );
    for (const file of content.articles) {
      const { input } = file;
      const stored = storedArticles.get(file.id);
      // A file without a slug keeps the stored one, or the id (a file from before slugs).
      const slug = input.slug ?? (stored?.slug as string | undefined) ?? file.id;
      // Its id leads to it too, as it does from its creation through the API.
      const slugs = [...new Set([file.id, slug, ...(file.formerSlugs ?? [])])];
      try {
        for (const each of slugs) await assertSlugFree(tx, file.id, each);
      } catch (error) {
        if (!(error instanceof SlugTakenError)) throw error;
        throw new ContentFolderError([new ContentFileError(file.file, 1, error.message)]);
      }
      const row = rowFor(
        file,
        {
          title: input.title.trim(),
          content: input.content,
          plainText: markdownToPlainText(input.content),
          imagePath: input.imagePath ?? null,
          slug,
          tags: normalizeTags(input.tags),
          customExcerpt: input.customExcerpt?.trim() ?? null,
          metaDescription: input.metaDescription?.trim() ?? null,
          autoExcerpt: autoExcerptOf(input.content),
        },
        stored,
        now,
      );
      summary[
        await upsert(tx, articles, file, row, stored, now, (each, written) =>
          storeArticleRevision(each, written as unknown as SavedArticleRow),
        )
      ] += 1;
      await recordSlugs(tx, file.id, slugs);
    }
    const storedProjects = await storedRows(
      tx,
      projects,
      content.projects.map((file) => file.id),
    );
    for (const file of content.projects) {
      const { input } = file;
      const row = rowFor(
        file,
        {
          title: input.title.trim(),
          description: input.description.trim(),
          imagePath: input.imagePath,
          skills: input.skills?.map((skill) => skill.trim()) ?? null,
          link: input.link ?? null,
        },
        storedProjects.get(file.id),
        now,
      );
      summary[
        await upsert(tx, projects, file, row, storedProjects.get(file.id), now, (each, written) =>
          storeProjectRevision(each, written as unknown as SavedProjectRow),
        )
      ] += 1;
    }
    if (summary.created + summary.updated + summary.imagesAdded > 0) {
      // Sent when the transaction commits, never for one that rolls back.
      await tx.execute(sql`select pg_notify(${CONTENT_CHANGED_CHANNEL}, '')`);
    }
    return summary;
  };
  // In the seed's transaction this is a savepoint: still all or nothing.
  return db.transaction(run);
}

/** Every project and article, drafts included, with the images they show. */
export async function exportContent(db: Database): Promise<ExportedContent> {
  const toItem = (row: Row, body: string): ContentItem => {
    const imagePath = row.imagePath as string | null;
    const item: ContentItem = {
      id: row.id,
      title: row.title as string,
      status: row.status as 'draft' | 'published',
      publishedAt: (row.publishedAt as Date | null)?.toISOString() ?? null,
      createdAt: (row.createdAt as Date).toISOString(),
      updatedAt: (row.updatedAt as Date).toISOString(),
      body,
    };
    if (imagePath?.startsWith(IMAGE_PREFIX)) item.image = imagePath.slice(IMAGE_PREFIX.length);
    const skills = row.skills as string[] | null | undefined;
    if (skills && skills.length > 0) item.skills = skills;
    if (row.link) item.link = row.link as string;
    return item;
  };
  const articleItem = (row: Row, formerSlugs: string[]): ContentItem => {
    const item = toItem(row, row.content as string);
    const tags = row.tags as string[];
    // The slug only when it is not the id: a file then reads as one from before slugs did.
    if (row.slug !== row.id) item.slug = row.slug as string;
    if (tags.length > 0) item.tags = tags;
    if (row.customExcerpt) item.excerpt = row.customExcerpt as string;
    if (row.metaDescription) item.description = row.metaDescription as string;
    if (formerSlugs.length > 0) item.formerSlugs = formerSlugs;
    return item;
  };
  const [articleRows, projectRows, slugRows] = await Promise.all([
    db.select().from(articles).orderBy(articles.id),
    db.select().from(projects).orderBy(projects.id),
    db.select().from(articleSlugs).orderBy(articleSlugs.createdAt, articleSlugs.slug),
  ]);
  const formerSlugs = new Map<string, string[]>();
  const currentSlugs = new Map(articleRows.map((row) => [row.id, row.slug]));
  for (const { slug, articleId } of slugRows) {
    // Neither its slug now nor its id (which leads to it anyway).
    if (slug === currentSlugs.get(articleId) || slug === articleId) continue;
    formerSlugs.set(articleId, [...(formerSlugs.get(articleId) ?? []), slug]);
  }
  const exported = {
    articles: (articleRows as unknown as Row[]).map((row) =>
      articleItem(row, formerSlugs.get(row.id) ?? []),
    ),
    projects: (projectRows as unknown as Row[]).map((row) =>
      toItem(row, row.description as string),
    ),
  };
  const names = [
    ...new Set([
      ...[...exported.articles, ...exported.projects].flatMap((item) =>
        item.image ? [item.image] : [],
      ),
      // And the stored images an article's text shows (`![…](/images/<name>)`, docs/decisions/
      // 140), so a folder moved to another database keeps its posts' pictures.
      ...exported.articles.flatMap((item) => contentImageNames(item.body)),
    ]),
  ].sort();
  return { ...exported, images: await storedImages(db, names) };
}
