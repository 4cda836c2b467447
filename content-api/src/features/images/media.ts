// The media library (docs/decisions/142): the stored images a page at a time, each with its size,
// where it is shown (articles' and projects' covers, articles' text) and its description. Where an
// image is shown is asked per page, of indexes: an article's text is never read for it, only the
// image names the database keeps beside it (`articles.content_image_names`, migration 0009).
import type { MediaItem, MediaListQuery, MediaUse } from '@portfolio/contract';
import { MEDIA_DEFAULT_LIMIT, MEDIA_USES_LISTED, SETTINGS_IMAGE_FIELDS } from '@portfolio/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { rowsOf } from '../../db/rows.js';
import { articles, images } from '../../db/schema.js';
import { contentImageDescriptions } from './content-images.js';
import { IMAGE_PATH_PREFIX } from './repository.js';
import { describeImage } from './variants.js';

/** A text array parameter (drizzle spreads a plain array into a list of parameters). */
function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** `/images/<name>` of an `image_path` column, or null: the names that column shows. */
const shownName = (column: SQL) =>
  sql`case when ${column} like '/images/%' then substr(${column}, ${IMAGE_PATH_PREFIX.length + 1}) end`;

/**
 * The images the site settings show (a certificate's badge, docs/decisions/141): the stored
 * images (`/images/<name>`) of the settings' fields that hold one (SETTINGS_IMAGE_FIELDS), and
 * nothing a text field says (security round 5: a text that read `/images/<name>` pinned that
 * image against deletion).
 */
const SETTINGS_NAMES = sql`(
  select substr(fields.image #>> '{}', ${IMAGE_PATH_PREFIX.length + 1})
  from site_settings s, lateral (${sql.join(
    SETTINGS_IMAGE_FIELDS.map(
      (field) => sql`select jsonb_path_query(s.data, ${field}::jsonpath) as image`,
    ),
    sql` union all `,
  )}) fields
  where fields.image #>> '{}' like '/images/%'
)`;

/** Whether the site settings show the image `name` (a name, or the images.name column). */
const inSettings = (name: string | SQL) => sql`${name} in ${SETTINGS_NAMES}`;

/**
 * Every image name some article, project or the settings show: covers, the names in articles'
 * text, the settings' badges.
 */
const USED_NAMES = sql`(
  select ${shownName(sql`a.image_path`)} from articles a where a.image_path like '/images/%'
  union select ${shownName(sql`p.image_path`)} from projects p where p.image_path like '/images/%'
  union select unnest(a.content_image_names) from articles a
  union select * from ${SETTINGS_NAMES} settings_names
)`;

/** The images an article shows: its cover and those its text names. */
const articleNames = (id: string) => sql`(
  select ${shownName(sql`a.image_path`)} from articles a
    where a.id = ${id} and a.image_path like '/images/%'
  union select unnest(a.content_image_names) from articles a where a.id = ${id}
)`;

/** `%text%` for LIKE, with LIKE's own characters taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function filterOf({ usage, query, article }: MediaListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (usage === 'used') conditions.push(sql`${images.name} in ${USED_NAMES}`);
  if (usage === 'unused') conditions.push(sql`${images.name} not in ${USED_NAMES}`);
  const text = query?.trim().toLowerCase();
  if (text) conditions.push(sql`${images.name} like ${containing(text)}`);
  if (article !== undefined) conditions.push(sql`${images.name} in ${articleNames(article)}`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export interface ImageUses {
  /** Articles first (newest first), then projects; at most MEDIA_USES_LISTED. */
  uses: MediaUse[];
  /** How many articles and projects show it in all. */
  useCount: number;
  /** The description the newest article whose text shows it gives it, if any. */
  alt: string | null;
}

interface ArticleUseRow {
  name: string;
  id: string;
  title: string;
  slug: string;
  cover: boolean;
  in_text: boolean;
  total: number;
}

/**
 * Where each of `names` is shown, one query per kind of use, each through an index or over the
 * few rows that name them: covers by `image_path`, text by the GIN index of
 * `content_image_names`. At most MEDIA_USES_LISTED of each image's articles are read.
 */
export async function findImageUses(
  db: Database,
  names: readonly string[],
): Promise<Map<string, ImageUses>> {
  const found = new Map<string, ImageUses>(
    names.map((name) => [name, { uses: [], useCount: 0, alt: null }]),
  );
  if (names.length === 0) return found;
  const paths = names.map((name) => `${IMAGE_PATH_PREFIX}${name}`);
  const [articleRows, projectRows] = await Promise.all([
    // Each article once per image it shows, as cover, in its text or both; the newest first.
    db.execute(sql`
      select name, id, title, slug, cover, in_text, total from (
        select used.name, a.id, a.title, a.slug,
          a.image_path is not distinct from '/images/' || used.name as cover,
          coalesce(a.content_image_names @> array[used.name], false) as in_text,
          row_number() over (partition by used.name order by a.created_at desc, a.id desc) as rank,
          (count(*) over (partition by used.name))::int as total
        from articles a
        join (
          select a.id, substr(a.image_path, ${IMAGE_PATH_PREFIX.length + 1}) as name
            from articles a where a.image_path in ${sql`(${sql.join(
              paths.map((path) => sql`${path}`),
              sql`, `,
            )})`}
          union
          select a.id, n.name from articles a, unnest(a.content_image_names) as n(name)
            where a.content_image_names && ${textArray(names)} and n.name = any(${textArray(names)})
        ) used on used.id = a.id
      ) ranked
      where rank <= ${MEDIA_USES_LISTED}
      order by name, rank`),
    db.execute(sql`
      select substr(p.image_path, ${IMAGE_PATH_PREFIX.length + 1}) as name, p.id, p.title
      from projects p where p.image_path in ${sql`(${sql.join(
        paths.map((path) => sql`${path}`),
        sql`, `,
      )})`}
      order by p.created_at desc, p.id desc`),
  ]);
  /** The newest article whose text shows each image: its description is the image's. */
  const describedBy = new Map<string, string>();
  for (const row of rowsOf<ArticleUseRow>(articleRows)) {
    const entry = found.get(row.name);
    if (!entry) continue;
    entry.useCount = Number(row.total);
    entry.uses.push({
      kind: 'article',
      _id: row.id,
      title: row.title,
      slug: row.slug,
      cover: row.cover,
      inText: row.in_text,
    });
    if (row.in_text && !describedBy.has(row.name)) describedBy.set(row.name, row.id);
  }
  for (const row of rowsOf<{ name: string; id: string; title: string }>(projectRows)) {
    const entry = found.get(row.name);
    if (!entry) continue;
    entry.useCount += 1;
    if (entry.uses.length < MEDIA_USES_LISTED) {
      entry.uses.push({
        kind: 'project',
        _id: row.id,
        title: row.title,
        cover: true,
        inText: false,
      });
    }
  }
  await addDescriptions(db, found, describedBy);
  return found;
}

/** Reads the few articles that describe the images (one each) and takes their descriptions. */
async function addDescriptions(
  db: Database,
  found: Map<string, ImageUses>,
  describedBy: Map<string, string>,
): Promise<void> {
  const ids = [...new Set(describedBy.values())];
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: articles.id, content: articles.content })
    .from(articles)
    .where(inArray(articles.id, ids));
  const descriptions = new Map(rows.map((row) => [row.id, contentImageDescriptions(row.content)]));
  for (const [name, id] of describedBy) {
    const alt = descriptions.get(id)?.get(name);
    const entry = found.get(name);
    if (entry && alt) entry.alt = alt;
  }
}

/** One page of the media library, and how many images match in all. */
export async function listMedia(
  db: Database,
  query: MediaListQuery,
): Promise<{ items: MediaItem[]; total: number }> {
  const { limit = MEDIA_DEFAULT_LIMIT, offset = 0 } = query;
  const where = filterOf(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        name: images.name,
        contentType: images.contentType,
        size: images.size,
        width: images.width,
        height: images.height,
        variantFallback: images.variantFallback,
        createdAt: images.createdAt,
        inSettings: sql<boolean>`${inSettings(sql`${images.name}`)}`,
      })
      .from(images)
      .where(where)
      .orderBy(desc(images.createdAt), desc(images.name))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(images)
      .where(where),
  ]);
  const uses = await findImageUses(
    db,
    rows.map((row) => row.name),
  );
  const items = rows.map((row): MediaItem => {
    const image = describeImage(row);
    const used = uses.get(row.name) ?? { uses: [], useCount: 0, alt: null };
    return {
      name: row.name,
      path: `${IMAGE_PATH_PREFIX}${row.name}`,
      contentType: row.contentType,
      bytes: row.size,
      width: row.width,
      height: row.height,
      createdAt: row.createdAt.toISOString(),
      ...(image && { image }),
      alt: used.alt,
      uses: used.uses,
      useCount: used.useCount,
      ...(row.inSettings && { inSettings: true }),
    };
  });
  return { items, total: Number(counted?.total ?? 0) };
}

export type DeleteOutcome =
  | { status: 'deleted' }
  | { status: 'missing' }
  | ({ status: 'in-use'; inSettings: boolean } & Pick<ImageUses, 'uses' | 'useCount'>);

/**
 * Deletes an image no article or project shows, in one statement (its variants go with it). One
 * that is shown stays, and the answer says where: deleting it would break those pages (and a
 * name is never reused for other bytes, so nothing else could take its place).
 */
export async function deleteUnusedImage(db: Database, name: string): Promise<DeleteOutcome> {
  const path = `${IMAGE_PATH_PREFIX}${name}`;
  const deleted = await db
    .delete(images)
    .where(
      and(
        eq(images.name, name),
        sql`not exists (select 1 from articles a where a.image_path = ${path} or a.content_image_names @> ${textArray([name])})`,
        sql`not exists (select 1 from projects p where p.image_path = ${path})`,
        sql`not ${inSettings(name)}`,
      ),
    )
    .returning({ name: images.name });
  if (deleted.length > 0) return { status: 'deleted' };
  const [stored] = await db
    .select({ name: images.name, settings: sql<boolean>`${inSettings(name)}` })
    .from(images)
    .where(eq(images.name, name));
  if (!stored) return { status: 'missing' };
  const { uses, useCount } = (await findImageUses(db, [name])).get(name) ?? {
    uses: [],
    useCount: 0,
  };
  return { status: 'in-use', uses, useCount, inSettings: Boolean(stored.settings) };
}
