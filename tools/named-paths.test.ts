/** @jest-environment node */
// Every path the current docs and the configuration's comments name exists, and the README names
// every benchmark (issue 49): a file moved or renamed, or a command added, leaves no reader
// looking for it. The ADRs are history (each says what was true when it was decided, and names
// the files of its day), so they are not read here; the docs that describe the project as it is
// are. A path of something the build or a run makes (a `dist/`, a deploy folder, `.env`) counts
// as existing when .gitignore names it: it is there after the command the text describes.
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');

/** The repository's top-level folders: a path is one of these followed by `/` and more. */
const TOP_FOLDERS = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== '.git')
  .map((entry) => entry.name);

/** The texts read: the current docs, every folder's README, the deploy files, CI, the configs. */
function textsRead(): string[] {
  const files = ['README.md', 'jest.config.js', 'eslint.config.js', 'tsconfig.json'];
  const inFolder = (folder: string, keep: (name: string) => boolean) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => keep(name) && statSync(path.join(ROOT, folder, name)).isFile())
      .map((name) => path.join(folder, name));
  files.push(...inFolder('docs', (name) => name.endsWith('.md') && !name.startsWith('decisions')));
  files.push(...inFolder('deploy', () => true));
  files.push(...inFolder('.ci', () => true), ...inFolder('tools/ci', () => true));
  for (const folder of TOP_FOLDERS) {
    for (const name of ['README.md', 'package.json']) {
      if (existsSync(path.join(ROOT, folder, name))) files.push(path.join(folder, name));
    }
  }
  return files;
}

/** Names .gitignore gives to what the build and runs make (`dist/`, `/remote-*\/deploys/`…). */
function ignoredNames(): RegExp[] {
  return readFileSync(path.join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const anchored = line.startsWith('/');
      const glob = line.replace(/^\//, '').replace(/\/$/, '');
      const body = glob
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*');
      // Anchored: from the root; otherwise any segment of the path may start it.
      return new RegExp(`${anchored ? '^' : '(^|/)'}${body}(/|$)`);
    });
}

/** The paths a text names: `folder/…` where folder is a top-level one, ending in a word. */
function pathsNamed(text: string): string[] {
  const folders = TOP_FOLDERS.map((name) => name.replace(/[.]/g, '\\.')).join('|');
  const named = new RegExp(`(?<![\\w./@-])((?:${folders})/[\\w./-]*\\w)`, 'g');
  return (
    [...text.matchAll(named)]
      .map((match) => match[1]!)
      // A pattern or a placeholder (`remote-*/deploys`, `<name>`, `{file}`) is not one path.
      .filter((named) => !/[*<>{}]/.test(named))
  );
}

const ADR_FILES = readdirSync(path.join(ROOT, 'docs/decisions'));
const IGNORED = ignoredNames();

/** Whether a named path is there, is a made thing .gitignore names, or is an ADR by number. */
function exists(named: string): boolean {
  if (existsSync(path.join(ROOT, named))) return true;
  const adr = /^docs\/decisions\/(\d{3})(?:[-–]\d{3})?$/.exec(named);
  if (adr) return ADR_FILES.some((file) => file.startsWith(`${adr[1]}-`));
  return IGNORED.some((pattern) => pattern.test(named));
}

describe('paths the docs and configuration name', () => {
  it.each(textsRead())('%s names only paths that exist', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    expect(pathsNamed(text).filter((named) => !exists(named))).toEqual([]);
  });

  it('finds a stale path, an ADR by number and a made folder as they are', () => {
    expect(pathsNamed('run `node tools/edge.mjs` (see docs/decisions/117).')).toEqual([
      'tools/edge.mjs',
      'docs/decisions/117',
    ]);
    expect(exists('tools/edge.mjs')).toBe(false);
    expect(exists('tools/edge.ts')).toBe(true);
    expect(exists('docs/decisions/117')).toBe(true);
    expect(exists('docs/decisions/999')).toBe(false);
    expect(exists('shell/dist-dev/server/render.cjs')).toBe(true);
    expect(exists('remote-blog/deploys/abc')).toBe(true);
    expect(exists('shell/no-such-folder/x.ts')).toBe(false);
    expect(pathsNamed('remote-*/deploys and shell/<name>.ts')).toEqual([]);
  });
});

describe('commands the README names', () => {
  it('names every benchmark the root package.json has, and none it has not', () => {
    const scripts = Object.keys(
      (
        JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
          scripts: Record<string, string>;
        }
      ).scripts,
    ).filter((name) => name.startsWith('bench:'));
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const named = [...readme.matchAll(/npm run (bench:[a-z-]+)/g)].map((match) => match[1]);
    expect([...new Set(named)].sort()).toEqual(scripts.sort());
  });
});
