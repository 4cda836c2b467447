// Every server-rendered page is valid HTML: the W3C Nu HTML Checker (vnu-jar, Java 17+) reports
// no error on any route (docs/decisions/062). The pages are fetched as a crawler gets them and
// checked in one JVM run.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import vnuJar from 'vnu-jar';
import { API_ORIGIN, expect, test } from './fixtures';

const run = promisify(execFile);
const NEWER_CSS = /view-transi|ransition-(new|old|group)\(\*\)|scroll-target-group|target-current/;
const JAVA = process.env.JAVA ?? 'java';

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test('the Nu HTML Checker finds no error on any route', async ({ request }) => {
  test.setTimeout(120_000);
  const first = async (kind: string) =>
    ((await (await request.get(`${API_ORIGIN}/api/${kind}`)).json()) as { _id: string }[])[0]
      ?._id ?? 'none';
  const article = await first('articles');
  const project = await first('projects');
  const routes = [
    '/',
    '/portfolio',
    '/about',
    '/contact',
    `/projects/${project}`,
    '/blog',
    `/article/${article}`,
    `/articles/${article}`,
    '/search-article?query=tls',
    '/search-article',
    '/store',
    '/ebook',
    '/signup',
    '/signin',
    '/login-google',
    '/logout',
    '/welcome',
    '/user-dashboard',
    '/admin-dashboard',
    '/no-such-page',
    '/article/no-such-article',
  ];
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vnu-'));
  try {
    const files: string[] = [];
    for (const [index, route] of routes.entries()) {
      const response = await request.get(route);
      const file = path.join(dir, `${index}.html`);
      await writeFile(file, await response.text());
      files.push(file);
    }
    const { stdout, stderr } = await run(
      JAVA,
      ['-jar', String(vnuJar), '--errors-only', '--format', 'json', '--exit-zero-always', ...files],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const report = JSON.parse(stderr || stdout || '{"messages":[]}') as { messages: VnuMessage[] };
    const errors = report.messages
      .filter((message) => message.type === 'error' || message.type === 'non-document-error')
      // The checker's CSS parser predates CSS View Transitions (`@view-transition` and its
      // pseudo-elements, in the shell's stylesheet the pages now carry: ADR 148) and scroll
      // markers (the table of contents' `scroll-target-group` and `:target-current`: ADR 170);
      // the HTML around them is still checked.
      .filter((message) => !NEWER_CSS.test(`${message.message} ${message.extract ?? ''}`))
      .map((message) => {
        const index = Number(path.basename(message.url ?? '', '.html'));
        return `${routes[index] ?? message.url} line ${message.lastLine}: ${message.message} ${message.extract ?? ''}`;
      });
    expect(errors).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
