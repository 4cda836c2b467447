// npm run content:export [folder] | npm run content:import [folder] (from the repo root):
// every project and article, drafts included, as Markdown files with a front matter plus the
// images they show, and back (docs/decisions/121). The database is the API's own (DATABASE_URL,
// else PGlite in DATA_DIR). A relative folder is taken from where npm was run; the default is
// the repository's content/.
import path from 'node:path';
import { readConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import {
  ContentFolderError,
  readContentFolder,
  writeContentFolder,
} from '../content-files/folder.js';
import { exportContent, importContent } from '../content-files/transfer.js';
import { packageRoot } from '../paths.js';

const USAGE = 'Usage: npm run content:export [folder]  |  npm run content:import [folder]';
export const DEFAULT_CONTENT_FOLDER = path.resolve(packageRoot, '..', 'content');

/** What to say when the embedded database is in use by the running API. */
export const PGLITE_IN_USE =
  'The content API is running on this embedded database (DATA_DIR), which serves one process ' +
  'at a time. Stop it (Ctrl-C in npm start), run this again, then start it: it reads the ' +
  'content afresh. With PostgreSQL (DATABASE_URL) an import may run beside the API.';

export async function runContentCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: { log(line: string): void; error(line: string): void },
): Promise<number> {
  const [command, given] = argv;
  const where = (problem: { file: string; line: number; reason: string }, shown: string) =>
    `${path.join(shown, problem.file)}:${problem.line}: ${problem.reason}`;
  if (command !== 'export' && command !== 'import') {
    out.error(USAGE);
    return 2;
  }
  const folder = given
    ? path.resolve(env.INIT_CWD ?? process.cwd(), given)
    : DEFAULT_CONTENT_FOLDER;
  const shown = path.relative(process.cwd(), folder) || '.';
  // An import checks the whole folder before it opens the database.
  let content: ReturnType<typeof readContentFolder> | undefined;
  if (command === 'import') {
    try {
      content = readContentFolder(folder);
    } catch (error) {
      if (!(error instanceof ContentFolderError)) throw error;
      for (const problem of error.problems) out.error(where(problem, shown));
      out.error('Nothing was imported.');
      return 1;
    }
  }
  const config = readConfig(env);
  let database;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { driver: 'postgres', url: config.databaseUrl }
        : { driver: 'pglite', dataDir: config.dataDir },
    );
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    out.error(`${PGLITE_IN_USE} (${error.message})`);
    return 1;
  }
  try {
    if (!content) {
      const exported = await exportContent(database.db);
      const files = writeContentFolder(folder, exported);
      out.log(
        `Exported ${exported.articles.length} articles, ${exported.projects.length} projects and ` +
          `${exported.images.length} images (${files.length} files) to ${folder}.`,
      );
      return 0;
    }
    try {
      const summary = await importContent(database.db, content);
      out.log(
        `Imported ${folder}: ${summary.created} created, ${summary.updated} updated, ` +
          `${summary.unchanged} unchanged, ${summary.imagesAdded} images added.`,
      );
      if (summary.created + summary.updated + summary.imagesAdded === 0) {
        out.log('Nothing changed.');
      }
      return 0;
    } catch (error) {
      if (!(error instanceof ContentFolderError)) throw error;
      for (const problem of error.problems) out.error(where(problem, shown));
      out.error('Nothing was imported.');
      return 1;
    }
  } finally {
    await database.close();
  }
}

const isMain = process.argv[1]?.replace(/\.[jt]s$/, '').endsWith(path.join('cli', 'content'));
if (isMain) {
  runContentCommand(process.argv.slice(2), process.env, console).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
