// First-start content from content-api/seed/ (projects.json, articles/*.md, images/*.svg).
// Runs once per database: a marker row, written in the same transaction as the content, makes
// every later start (and every other instance) skip it, even if the owner deleted everything.
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { markdownToPlainText } from '../lib/markdown-text.js';
import { firstFreeId, slugify } from '../lib/slug.js';
import { seedFolder } from '../paths.js';
import { CONTENT_TYPE_BY_EXTENSION } from '../features/images/image-type.js';
import type { Database } from './connect.js';
import { appMeta, articles, images, projects } from './schema.js';

export interface SeedProject {
  title: string;
  description: string;
  /** File name in seed/images/. */
  image: string;
  skills?: string[];
  link?: string;
  createdAt: string;
}

export interface SeedArticle {
  title: string;
  content: string;
  image?: string;
  createdAt: string;
}

export interface SeedContent {
  projects: SeedProject[];
  articles: SeedArticle[];
  images: { name: string; contentType: string; data: Buffer }[];
}

const SEEDED_MARKER = 'seeded_at';
/** Serialises seeding across instances sharing one Postgres. */
const SEED_LOCK_ID = 4_000_002;

/** Splits `---\nkey: value\n---\nbody` into front matter and Markdown body. */
export function parseFrontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return { fields: {}, body: source };
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const separator = line.indexOf(':');
    if (separator > 0) fields[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return { fields, body: (match[2] ?? '').trim() + '\n' };
}

function requireField(fields: Record<string, string>, name: string, file: string): string {
  const value = fields[name];
  if (!value) throw new Error(`${file}: front matter needs "${name}".`);
  return value;
}

export function loadSeedContent(folder = seedFolder): SeedContent {
  const projectsFile = path.join(folder, 'projects.json');
  const seedProjects = JSON.parse(fs.readFileSync(projectsFile, 'utf8')) as SeedProject[];

  const articlesDir = path.join(folder, 'articles');
  const seedArticles = fs
    .readdirSync(articlesDir)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file): SeedArticle => {
      const { fields, body } = parseFrontMatter(
        fs.readFileSync(path.join(articlesDir, file), 'utf8'),
      );
      const article: SeedArticle = {
        title: requireField(fields, 'title', file),
        createdAt: requireField(fields, 'createdAt', file),
        content: body,
      };
      if (fields.image) article.image = fields.image;
      return article;
    });

  const imagesDir = path.join(folder, 'images');
  const seedImages = fs.readdirSync(imagesDir).flatMap((name) => {
    const contentType = CONTENT_TYPE_BY_EXTENSION[path.extname(name).slice(1)];
    return contentType
      ? [{ name, contentType, data: fs.readFileSync(path.join(imagesDir, name)) }]
      : [];
  });

  const imageNames = new Set(seedImages.map((image) => image.name));
  for (const item of [...seedProjects, ...seedArticles]) {
    if (item.image && !imageNames.has(item.image)) {
      throw new Error(
        `Seed item "${item.title}" refers to a missing image seed/images/${item.image}.`,
      );
    }
    if (Number.isNaN(Date.parse(item.createdAt))) {
      throw new Error(`Seed item "${item.title}" has an invalid createdAt "${item.createdAt}".`);
    }
  }
  return { projects: seedProjects, articles: seedArticles, images: seedImages };
}

function withIds<T extends { title: string }>(
  items: T[],
  fallback: string,
): (T & { id: string })[] {
  const taken = new Set<string>();
  return items.map((item) => {
    const id = firstFreeId(slugify(item.title, fallback), taken);
    taken.add(id);
    return { ...item, id };
  });
}

/** Inserts the seed content unless this database was seeded before. Returns whether it did. */
export async function seedDatabase(db: Database, content: SeedContent): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const marker = await tx.select().from(appMeta).where(eq(appMeta.key, SEEDED_MARKER));
    if (marker.length > 0) return false;

    const imagePath = (name: string) => `/images/${name}`;
    if (content.images.length > 0) {
      await tx
        .insert(images)
        .values(content.images.map((image) => ({ ...image, size: image.data.length })))
        .onConflictDoNothing();
    }
    const projectRows = withIds(content.projects, 'project').map((project) => ({
      id: project.id,
      title: project.title,
      description: project.description,
      imagePath: imagePath(project.image),
      skills: project.skills ?? null,
      link: project.link ?? null,
      createdAt: new Date(project.createdAt),
      updatedAt: new Date(project.createdAt),
      status: 'published' as const,
      publishedAt: new Date(project.createdAt),
    }));
    if (projectRows.length > 0) await tx.insert(projects).values(projectRows).onConflictDoNothing();
    const articleRows = withIds(content.articles, 'article').map((article) => ({
      id: article.id,
      title: article.title,
      content: article.content,
      plainText: markdownToPlainText(article.content),
      imagePath: article.image ? imagePath(article.image) : null,
      createdAt: new Date(article.createdAt),
      updatedAt: new Date(article.createdAt),
      status: 'published' as const,
      publishedAt: new Date(article.createdAt),
    }));
    if (articleRows.length > 0) await tx.insert(articles).values(articleRows).onConflictDoNothing();
    await tx.insert(appMeta).values({ key: SEEDED_MARKER, value: new Date().toISOString() });
    return true;
  });
}
