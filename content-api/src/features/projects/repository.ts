import type { Project, ProjectInput } from '@portfolio/contract';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import {
  deleteContentRow,
  insertContentRow,
  replacementTimestamps,
} from '../../db/content-queries.js';
import { projects } from '../../db/schema.js';

const PROJECTS = { table: projects, id: projects.id };

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

/** Newest first. */
export async function listProjects(db: Database): Promise<Project[]> {
  const rows = await db
    .select()
    .from(projects)
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map(toProject);
}

export async function findProject(db: Database, id: string): Promise<Project | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row && toProject(row);
}

export async function createProject(db: Database, input: ProjectInput): Promise<Project> {
  return insertContentRow(db, PROJECTS, input.title, 'project', input, async (id, timestamps) => {
    const [row] = await db
      .insert(projects)
      .values({ id, ...toColumns(input), ...timestamps })
      .onConflictDoNothing()
      .returning();
    return row && toProject(row);
  });
}

/** Full replacement (PUT); the id stays stable even when the title changes. */
export async function replaceProject(
  db: Database,
  id: string,
  input: ProjectInput,
): Promise<Project | undefined> {
  const [row] = await db
    .update(projects)
    .set({ ...toColumns(input), ...replacementTimestamps(input) })
    .where(eq(projects.id, id))
    .returning();
  return row && toProject(row);
}

export function deleteProject(db: Database, id: string): Promise<boolean> {
  return deleteContentRow(db, PROJECTS, id);
}
