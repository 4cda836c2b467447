import type { Project, ProjectInput, PublicationInput } from '@portfolio/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { deleteContentRow, insertContentRow, updateContentRow } from '../../db/content-queries.js';
import type { ContentReadOptions } from '../../db/content-queries.js';
import { isPublic, publicationFields, resolvePublication } from '../../db/publication.js';
import { projects } from '../../db/schema.js';
import { storeProjectRevision } from '../revisions/repository.js';

const PROJECTS = {
  table: projects,
  id: projects.id,
  status: projects.status,
  publishedAt: projects.publishedAt,
};

// The entity and input types are the API's contract (docs/decisions/052).
export type { Project, ProjectInput };

type ProjectRow = typeof projects.$inferSelect;

function toProject(row: ProjectRow): Project {
  const project: Project = {
    _id: row.id,
    title: row.title,
    description: row.description,
    imagePath: row.imagePath,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...publicationFields(row),
  };
  if (row.skills && row.skills.length > 0) project.skills = row.skills;
  if (row.link) project.link = row.link;
  return project;
}

function toColumns(input: ProjectInput) {
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    imagePath: input.imagePath,
    skills: input.skills?.map((skill) => skill.trim()) ?? null,
    link: input.link ?? null,
  };
}

/** Public projects, newest first; with `drafts`, every project (admin). */
export async function listProjects(
  db: Database,
  options: ContentReadOptions = {},
): Promise<Project[]> {
  const rows = await db
    .select()
    .from(projects)
    .where(options.drafts ? undefined : isPublic(projects, options.now ?? new Date()))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map(toProject);
}

/** A public project; with `drafts`, any project (admin). */
export async function findProject(
  db: Database,
  id: string,
  options: ContentReadOptions = {},
): Promise<Project | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(
      and(
        eq(projects.id, id),
        options.drafts ? undefined : isPublic(projects, options.now ?? new Date()),
      ),
    );
  return row && toProject(row);
}

export async function createProject(db: Database, input: ProjectInput): Promise<Project> {
  return insertContentRow(db, PROJECTS, input.title, 'project', input, (id, timestamps) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(projects)
        .values({
          id,
          ...toColumns(input),
          ...timestamps,
          ...resolvePublication(input, undefined, timestamps.updatedAt),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return undefined;
      // The saved version, in the same transaction (docs/decisions/143).
      await storeProjectRevision(tx, row);
      return toProject(row);
    }),
  );
}

/** Full replacement (PUT); the id stays stable even when the title changes. */
export async function replaceProject(
  db: Database,
  id: string,
  input: ProjectInput,
): Promise<Project | undefined> {
  const row = await updateContentRow(db, PROJECTS, id, input, async (tx, changes) => {
    const rows = await tx
      .update(projects)
      .set({ ...toColumns(input), ...changes })
      .where(eq(projects.id, id))
      .returning();
    if (rows[0]) await storeProjectRevision(tx, rows[0]);
    return rows;
  });
  return row && toProject(row);
}

/** Publishes, schedules or unpublishes a project (PATCH). */
export async function setProjectPublication(
  db: Database,
  id: string,
  input: PublicationInput,
): Promise<Project | undefined> {
  const row = await updateContentRow(db, PROJECTS, id, input, (tx, changes) =>
    tx.update(projects).set(changes).where(eq(projects.id, id)).returning(),
  );
  return row && toProject(row);
}

export function deleteProject(db: Database, id: string): Promise<boolean> {
  return deleteContentRow(db, PROJECTS, id);
}
