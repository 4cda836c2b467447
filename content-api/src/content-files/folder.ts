// A content folder (docs/decisions/121): `articles/<id>.md`, `projects/<id>.md` and the images
// they show in `images/`. Read whole and checked before anything is imported; written so that
// it holds exactly what was exported (files of items that are gone are removed).
import fs from 'node:fs';
import path from 'node:path';
import { CONTENT_TYPE_BY_EXTENSION } from '../features/images/image-type.js';
import { ContentFileError, readContentFile, writeContentFile } from './format.js';
import type { ArticleFile, ContentItem, ProjectFile } from './format.js';

export interface FolderImage {
  name: string;
  data: Buffer;
}

export interface ContentFolder {
  articles: ArticleFile[];
  projects: ProjectFile[];
  images: FolderImage[];
}

/** Every problem of a folder, each with its file and line; nothing is imported from it. */
export class ContentFolderError extends Error {
  override name = 'ContentFolderError';
  constructor(readonly problems: ContentFileError[]) {
    super(problems.map((problem) => problem.message).join('\n'));
  }
}

function filesOf(folder: string, sub: string, keep: (name: string) => boolean): string[] {
  const dir = path.join(folder, sub);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => entry.name)
    .sort();
}

const isMarkdown = (name: string) => name.endsWith('.md');
const isImage = (name: string) => path.extname(name).slice(1) in CONTENT_TYPE_BY_EXTENSION;

/** Reads and checks a whole folder; throws a ContentFolderError listing every bad file. */
export function readContentFolder(folder: string): ContentFolder {
  if (!fs.existsSync(folder)) {
    throw new ContentFolderError([new ContentFileError(folder, 1, 'No such folder.')]);
  }
  const problems: ContentFileError[] = [];
  const seen = new Map<string, string>();
  const read = <T extends ArticleFile | ProjectFile>(kind: 'articles' | 'projects'): T[] =>
    filesOf(folder, kind, isMarkdown).flatMap((name) => {
      const file = `${kind}/${name}`;
      try {
        const item = readContentFile(
          kind as 'articles',
          file,
          fs.readFileSync(path.join(folder, file), 'utf8'),
        ) as T;
        const other = seen.get(`${kind}/${item.id}`);
        if (other) throw new ContentFileError(file, 1, `Its id "${item.id}" is also ${other}'s.`);
        seen.set(`${kind}/${item.id}`, file);
        return [item];
      } catch (error) {
        if (!(error instanceof ContentFileError)) throw error;
        problems.push(error);
        return [];
      }
    });
  const articles = read<ArticleFile>('articles');
  const projects = read<ProjectFile>('projects');
  const images = filesOf(folder, 'images', isImage).map((name) => ({
    name,
    data: fs.readFileSync(path.join(folder, 'images', name)),
  }));
  if (problems.length > 0) throw new ContentFolderError(problems);
  return { articles, projects, images };
}

/** What an export writes: every item, and the images they show. */
export interface ExportedContent {
  articles: ContentItem[];
  projects: ContentItem[];
  images: FolderImage[];
}

/**
 * Writes `content` into `folder` (created if need be) and removes the item files and images it
 * no longer holds; returns the files written, relative to the folder. Files are only rewritten
 * when their bytes change.
 */
export function writeContentFolder(folder: string, content: ExportedContent): string[] {
  const wanted = new Map<string, Buffer | string>();
  for (const item of content.articles) {
    wanted.set(`articles/${item.id}.md`, writeContentFile('articles', item));
  }
  for (const item of content.projects) {
    wanted.set(`projects/${item.id}.md`, writeContentFile('projects', item));
  }
  for (const image of content.images) wanted.set(`images/${image.name}`, image.data);

  for (const [sub, keep] of [
    ['articles', isMarkdown],
    ['projects', isMarkdown],
    ['images', isImage],
  ] as const) {
    fs.mkdirSync(path.join(folder, sub), { recursive: true });
    for (const name of filesOf(folder, sub, keep)) {
      if (!wanted.has(`${sub}/${name}`)) fs.rmSync(path.join(folder, sub, name));
    }
  }
  for (const [file, data] of wanted) {
    const target = path.join(folder, file);
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data);
    if (fs.existsSync(target) && fs.readFileSync(target).equals(bytes)) continue;
    fs.writeFileSync(target, bytes);
  }
  return [...wanted.keys()].sort();
}
