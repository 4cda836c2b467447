// npm run content:export [folder] | npm run content:import [folder] (from the repo root):
// every project and article, drafts included, as Markdown files with a front matter plus the
// images they show, and back (docs/decisions/121). The database is the API's own (DATABASE_URL,
// else PGlite in DATA_DIR). A relative folder is taken from where npm was run; the default is
// the repository's content/. Every comment goes to comments.json (when there are any);
// `--with-messages` exports the contact messages too (messages.json), `--with-settings` the
// site's settings (settings.json), `--with-subscribers` the newsletter's subscribers
// (subscribers.json, personal data: only when asked). While the API runs on the embedded
// database (its folder locked), the export
// asks that API for the content instead (docs/decisions/145); an import is refused then. Its
// settings (the API's and the export's schemas, docs/decisions/147) are read once, from the
// environment the entry below hands it.
import path from 'node:path';
import { readConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import type {
  ExportedComment,
  SiteSettings,
  StoredContactMessage,
  Subscriber,
} from '@portfolio/contract';
import {
  ContentFolderError,
  readContentFolder,
  writeContentFolder,
} from '../content-files/folder.js';
import type { ExportedContent } from '../content-files/folder.js';
import {
  exportComments,
  exportSubscribers,
  writeCommentsFile,
  writeSubscribersFile,
} from '../content-files/members.js';
import { exportMessages, writeMessagesFile } from '../content-files/messages.js';
import { exportSettings, withImages, writeSettingsFile } from '../content-files/site-settings.js';
import type { RemoteExport } from '../content-files/remote-export.js';
import {
  RemoteExportError,
  adminTokenFor,
  exportFromRunningApi,
} from '../content-files/remote-export.js';
import { exportContent, importContent } from '../content-files/transfer.js';
import { packageRoot } from '../paths.js';
import { readContentExportSettings } from '../settings.js';
import type { Env } from '../settings.js';
import {
  EXPORT_FROM_API_FAILED,
  IMPORT_NO_MESSAGES,
  PGLITE_IN_USE,
  USAGE,
  WITH_MESSAGES,
  WITH_SETTINGS,
  WITH_SUBSCRIBERS,
} from './content-texts.js';

export {
  EXPORT_FROM_API_FAILED,
  IMPORT_NO_MESSAGES,
  PGLITE_IN_USE,
  WITH_MESSAGES,
  WITH_SETTINGS,
  WITH_SUBSCRIBERS,
};
export const DEFAULT_CONTENT_FOLDER = path.resolve(packageRoot, '..', 'content');

/** What the command may be given besides its folder, e.g. a token for the running API. */
export interface ContentCommandOptions {
  /** An admin's ID token for the running API; default: adminTokenFor(). */
  adminToken?: () => Promise<string>;
}

export async function runContentCommand(
  argv: string[],
  env: Env,
  out: { log(line: string): void; error(line: string): void },
  options: ContentCommandOptions = {},
): Promise<number> {
  const [command, ...rest] = argv;
  const withMessages = rest.includes(WITH_MESSAGES);
  const withSettings = rest.includes(WITH_SETTINGS);
  const withSubscribers = rest.includes(WITH_SUBSCRIBERS);
  const flags = new Set([WITH_MESSAGES, WITH_SETTINGS, WITH_SUBSCRIBERS]);
  const [given, ...extra] = rest.filter((arg) => !flags.has(arg));
  const where = (problem: { file: string; line: number; reason: string }, shown: string) =>
    `${path.join(shown, problem.file)}:${problem.line}: ${problem.reason}`;
  if (
    (command !== 'export' && command !== 'import') ||
    extra.length > 0 ||
    given?.startsWith('-')
  ) {
    out.error(USAGE);
    return 2;
  }
  if (command === 'import' && (withMessages || withSettings || withSubscribers)) {
    out.error(IMPORT_NO_MESSAGES);
    return 2;
  }
  // INIT_CWD: where npm was run (npm's own variable, not a setting of the site's).
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
  const overHttp = readContentExportSettings(env);
  let database;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { driver: 'postgres', url: config.databaseUrl }
        : { driver: 'pglite', dataDir: config.dataDir },
    );
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    if (content) {
      out.error(`${PGLITE_IN_USE} (${error.message})`);
      return 1;
    }
    // An export: the API that holds the database gives it.
    let remote: RemoteExport;
    try {
      remote = await exportFromRunningApi({
        settings: overHttp,
        ownerPid: error.ownerPid,
        withMessages,
        withSettings,
        withSubscribers,
        token: options.adminToken ?? (() => adminTokenFor(overHttp, config.devAdmin)),
      });
    } catch (failure) {
      if (!(failure instanceof RemoteExportError)) throw failure;
      out.error(`${EXPORT_FROM_API_FAILED} ${failure.message}`);
      return 1;
    }
    writeExport(folder, remote, out, `the content API at ${remote.url}`);
    return 0;
  }
  try {
    if (!content) {
      const exported = await exportContent(database.db);
      const messages = withMessages ? await exportMessages(database.db) : undefined;
      const settings = withSettings ? await exportSettings(database.db) : undefined;
      writeExport(
        folder,
        {
          content: { ...exported, images: withImages(exported.images, settings?.images ?? []) },
          messages,
          settings: settings?.settings,
          comments: await exportComments(database.db),
          subscribers: withSubscribers ? await exportSubscribers(database.db) : undefined,
        },
        out,
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

/** Writes an export into `folder` and says what it wrote. */
function writeExport(
  folder: string,
  {
    content,
    messages,
    settings,
    comments,
    subscribers,
  }: {
    content: ExportedContent;
    messages?: StoredContactMessage[];
    settings?: SiteSettings;
    comments?: ExportedComment[];
    subscribers?: Subscriber[];
  },
  out: { log(line: string): void },
  from?: string,
): void {
  const files = writeContentFolder(folder, content);
  if (messages) files.push(writeMessagesFile(folder, messages));
  if (settings) files.push(writeSettingsFile(folder, settings));
  const commentsFile = comments ? writeCommentsFile(folder, comments) : null;
  if (commentsFile) files.push(commentsFile);
  if (subscribers) files.push(writeSubscribersFile(folder, subscribers));
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [
    `${content.articles.length} articles`,
    `${content.projects.length} projects`,
    `${content.images.length} images`,
    ...(messages ? [count(messages.length, 'message')] : []),
    ...(commentsFile && comments ? [count(comments.length, 'comment')] : []),
    ...(subscribers ? [count(subscribers.length, 'subscriber')] : []),
    ...(settings ? ['the settings'] : []),
  ];
  out.log(
    `Exported ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)} (${files.length} files) to ` +
      `${folder}${from ? ` from ${from}` : ''}.`,
  );
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
