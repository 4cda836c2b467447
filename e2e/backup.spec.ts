// Backups while the site runs (docs/decisions/145), on the real stack: the export command finds
// the embedded database locked by the running content API, signs the dev admin in at the Auth
// emulator, asks that API, and writes the content folder with the messages and the settings; the
// import command is refused while the API runs.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGLITE_IN_USE } from '@portfolio/content-api/cli-texts';
import { expect, siteConfig, test } from './fixtures';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

/** `npm run content:<command>` as the README says it, on this run's stack and database. */
async function contentCommand(...args: string[]) {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is not set: which database would it read?');
  return run(
    process.execPath,
    [
      '--conditions=@portfolio/source',
      '--import',
      'tsx',
      path.join(ROOT, 'content-api', 'src', 'cli', 'content.ts'),
      ...args,
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: path.join(runDir, 'pglite') } },
  ).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );
}

test('content:export works while the site runs on the embedded database; content:import says why it waits', async ({
  request,
}) => {
  test.setTimeout(90_000);
  const { apiBase } = await siteConfig(request);
  const sent = await request.post(`${apiBase}/contact`, {
    data: { name: 'Backup spec', email: 'backup@example.test', message: 'In the backup.' },
  });
  expect(sent.status()).toBe(201);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-backup-'));
  try {
    const exported = await contentCommand('export', folder, '--with-messages', '--with-settings');
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(
      // Comments too, when another spec's article holds some at the time.
      /^Exported \d+ articles, \d+ projects, \d+ images, \d+ messages?(, \d+ comments?)? and the settings /,
    );
    expect(exported.stdout).toContain('from the content API at http://127.0.0.1:');
    expect(fs.readdirSync(path.join(folder, 'articles')).length).toBeGreaterThan(0);
    const messages = JSON.parse(fs.readFileSync(path.join(folder, 'messages.json'), 'utf8')) as {
      message: string;
    }[];
    expect(messages.map((each) => each.message)).toContain('In the backup.');
    const settings = JSON.parse(fs.readFileSync(path.join(folder, 'settings.json'), 'utf8')) as {
      owner?: { name?: string };
    };
    expect(settings.owner?.name).toEqual(expect.any(String));

    const imported = await contentCommand('import', folder);
    expect(imported.code).toBe(1);
    expect(imported.stderr).toContain(PGLITE_IN_USE);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
