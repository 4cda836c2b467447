// Backups while the site runs (docs/decisions/145): GET /content/export is the admin's, and the
// export command, finding the embedded database locked by the running API, asks that API and
// writes the same folder a direct export writes, messages included with --with-messages; an
// import is still refused then.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { settingsInputOf } from '@portfolio/contract';
import type { ContentExport, SiteSettings } from '@portfolio/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { AUTH_MESSAGES } from '../auth/identity.js';
import {
  EXPORT_FROM_API_FAILED,
  IMPORT_NO_MESSAGES,
  PGLITE_IN_USE,
  runContentCommand,
} from '../cli/content.js';
import { openDatabase } from '../db/connect.js';
import type { DatabaseHandle } from '../db/connect.js';
import { loadSeedContent, seedDatabase } from '../db/seed.js';
import { defaultSettings, seedBadgesFolder } from '../features/settings/defaults.js';
import { seedSettings } from '../features/settings/repository.js';
import { images } from '../db/schema.js';
import { saveImage } from '../features/images/repository.js';
import { createDatabaseLocation, testDrivers } from '../testing/databases.js';
import {
  ADMIN,
  adminHeaders,
  createFakeSessionCookies,
  fakeVerifyIdToken,
  readerHeaders,
  tokenFor,
} from '../testing/fake-auth.js';
import type { TestApp } from '../testing/test-app.js';
import { createTestApp } from '../testing/test-app.js';
import {
  COMMENTS_FILE,
  SUBSCRIBERS_FILE,
  writeCommentsFile,
  writeSubscribersFile,
} from './members.js';
import { MESSAGES_FILE } from './messages.js';
import { SETTINGS_FILE } from './site-settings.js';
import { readContentExportSettings as overHttp } from '../settings.js';
import {
  RemoteExportError,
  adminTokenFor,
  exportFromRunningApi,
  runningApiUrl,
} from './remote-export.js';

jest.setTimeout(120_000);

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'content-backup-'));
/** Every file of a folder, by its path in it, as bytes. */
const filesOf = (folder: string): Record<string, Buffer> =>
  Object.fromEntries(
    fs
      .readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(folder, file), fs.readFileSync(file)];
      }),
  );
/** A one-pixel PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const message = {
  name: 'Backup Tester',
  email: 'backup@example.com',
  message: 'Keep me in the backup, ünïcode and all.',
};

describe.each(testDrivers)('GET /content/export (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      badges: true,
      // A member subscribes below; one whose address is verified is mailed nothing.
      mailer: { configured: async () => true, send: async () => {} },
    });
    const sent = await t.app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect(sent.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('is the admin’s: 401 without a token, 403 with a user’s, each with a message', async () => {
    const none = await t.app.inject('/api/content/export');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: AUTH_MESSAGES.missing });
    const user = await t.app.inject({ url: '/api/content/export', headers: readerHeaders });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: AUTH_MESSAGES.forbidden });
  });

  it('answers every item and the images they show, and the messages only when asked', async () => {
    const response = await t.app.inject({ url: '/api/content/export', headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json<ContentExport>();
    expect(body.pid).toBe(process.pid);
    expect(body.articles).toHaveLength(12);
    expect(body.projects).toHaveLength(6);
    expect(body.articles[0]).toMatchObject({ id: expect.any(String), body: expect.any(String) });
    expect(body.messages).toBeUndefined();
    const [stored] = await t.database.db.select().from(images).limit(1);
    const image = body.images.find((each) => each.name === stored?.name);
    if (image) expect(Buffer.from(image.data, 'base64').equals(stored!.data)).toBe(true);
    expect(body.images.length).toBeGreaterThan(0);

    const withMessages = await t.app.inject({
      url: '/api/content/export?messages=true',
      headers: adminHeaders,
    });
    expect(withMessages.json<ContentExport>().messages).toEqual([
      {
        _id: expect.any(String),
        ...message,
        createdAt: expect.any(String),
        read: false,
        archived: false,
      },
    ]);
    expect(withMessages.json<ContentExport>().settings).toBeUndefined();
  });

  it("carries every comment, and the newsletter's subscribers only when asked", async () => {
    const identity = { uid: 'backup-member', email: 'member@example.com', emailVerified: true };
    const member = { authorization: `Bearer ${tokenFor(identity)}` };
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/articles/tls-in-practice/comments',
      headers: member,
      payload: { body: 'Keep this comment in the backup.' },
    });
    expect(posted.statusCode).toBe(201);
    const subscribed = await t.app.inject({
      method: 'PUT',
      url: '/api/newsletter/me',
      headers: member,
    });
    expect(subscribed.statusCode).toBe(200);

    const plain = (
      await t.app.inject({ url: '/api/content/export', headers: adminHeaders })
    ).json<ContentExport>();
    expect(plain.comments).toEqual([
      expect.objectContaining({
        articleId: 'tls-in-practice',
        authorUid: 'backup-member',
        body: 'Keep this comment in the backup.',
        status: 'pending',
      }),
    ]);
    expect(plain.subscribers).toBeUndefined();
    const withSubscribers = (
      await t.app.inject({ url: '/api/content/export?subscribers=true', headers: adminHeaders })
    ).json<ContentExport>();
    expect(withSubscribers.subscribers).toEqual([
      expect.objectContaining({ email: 'member@example.com', status: 'confirmed' }),
    ]);

    // Written as comments.json and subscribers.json, and comments.json only when there are any.
    const folder = tmp();
    try {
      expect(writeCommentsFile(folder, plain.comments ?? [])).toBe(COMMENTS_FILE);
      expect(writeSubscribersFile(folder, withSubscribers.subscribers ?? [])).toBe(
        SUBSCRIBERS_FILE,
      );
      expect(Object.keys(filesOf(folder)).sort()).toEqual([COMMENTS_FILE, SUBSCRIBERS_FILE]);
      expect(writeCommentsFile(folder, [])).toBeNull();
      expect(Object.keys(filesOf(folder))).toEqual([SUBSCRIBERS_FILE]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('answers the settings, and the badges they show among the images, only when asked', async () => {
    const names = (answer: ContentExport) => answer.images.map((image) => image.name);
    const without = (
      await t.app.inject({ url: '/api/content/export', headers: adminHeaders })
    ).json<ContentExport>();
    const response = await t.app.inject({
      url: '/api/content/export?settings=true',
      headers: adminHeaders,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ContentExport>();
    // The stored document, as GET /settings answers it without what it adds (each badge's
    // measures: derived from the images, which the export carries themselves).
    const answer = (await t.app.inject('/api/settings')).json<SiteSettings>();
    expect(body.settings).toEqual({ ...settingsInputOf(answer), updatedAt: answer.updatedAt });
    const badges = names(body).filter((name) => !names(without).includes(name));
    expect(badges.length).toBeGreaterThan(0);
    expect(names(body)).toEqual([...names(body)].sort());
  });

  it('carries the images an article’s text shows, not only covers', async () => {
    await saveImage(t.database.db, {
      name: 'only-in-text.png',
      contentType: 'image/png',
      data: PNG,
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: adminHeaders,
      payload: {
        title: 'A picture in the text',
        content: 'Look:\n\n![A pixel](/images/only-in-text.png)\n',
        status: 'draft',
      },
    });
    expect(created.statusCode).toBe(201);
    const body = (
      await t.app.inject({ url: '/api/content/export', headers: adminHeaders })
    ).json<ContentExport>();
    const image = body.images.find((each) => each.name === 'only-in-text.png');
    expect(image && Buffer.from(image.data, 'base64').equals(PNG)).toBe(true);
  });

  it('refuses a query it does not know', async () => {
    for (const query of ['messages=maybe', 'nonce=1']) {
      const response = await t.app.inject({
        url: `/api/content/export?${query}`,
        headers: adminHeaders,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe('npm run content:export while the API runs on the embedded database', () => {
  let location: Awaited<ReturnType<typeof createDatabaseLocation>>;
  let running: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let port: number;
  let dataDir: string;
  const folders: string[] = [];
  const lines: string[] = [];
  const out = {
    log: (line: string) => lines.push(line),
    error: (line: string) => lines.push(line),
  };
  const admin = async () => tokenFor(ADMIN);

  beforeAll(async () => {
    // Migrated already, as the first start leaves it (this is not about a first start).
    location = await createDatabaseLocation('pglite', { migrated: true });
    dataDir = (location.target as { dataDir: string }).dataDir;
    // As npm start runs it: the API holds the data folder's lock and listens on loopback.
    running = await openDatabase(location.target);
    await seedDatabase(running.db, loadSeedContent());
    await seedSettings(running.db, defaultSettings(), seedBadgesFolder);
    app = await buildApp({
      db: running.db,
      verifyIdToken: fakeVerifyIdToken,
      sessionCookies: createFakeSessionCookies(),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
    await app.inject({ method: 'POST', url: '/api/contact', payload: message });
  });
  afterAll(async () => {
    await app?.close();
    await running?.close();
    await location.remove();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });
  beforeEach(() => {
    lines.length = 0;
  });
  const folder = () => {
    const made = tmp();
    folders.push(made);
    return made;
  };
  const env = () => ({ DATA_DIR: dataDir, API_PORT: String(port), INIT_CWD: '/' });

  it('asks the running API, and the folder is what a direct export writes, byte for byte', async () => {
    const live = folder();
    expect(
      await runContentCommand(['export', live, '--with-messages', '--with-settings'], env(), out, {
        adminToken: admin,
      }),
    ).toBe(0);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Exported 12 articles, 6 projects, \\d+ images, 1 message and the settings \\(\\d+ files\\) to .+ from the content API at http://127\\.0\\.0\\.1:${port}/api\\.$`,
        ),
      ),
    ]);
    const exported = filesOf(live);
    expect(Object.keys(exported)).toEqual(
      expect.arrayContaining(['articles/tls-in-practice.md', MESSAGES_FILE, SETTINGS_FILE]),
    );
    expect(JSON.parse(exported[SETTINGS_FILE]!.toString())).toMatchObject({
      owner: expect.any(Object),
      updatedAt: expect.any(String),
    });
    expect(JSON.parse(exported[MESSAGES_FILE]!.toString())).toEqual([
      expect.objectContaining({ ...message, read: false, archived: false }),
    ]);

    // Without the flag: no messages.json.
    const contentOnly = folder();
    expect(
      await runContentCommand(['export', contentOnly], env(), out, { adminToken: admin }),
    ).toBe(0);
    expect(Object.keys(filesOf(contentOnly))).not.toContain(MESSAGES_FILE);
    expect(Object.keys(filesOf(contentOnly))).not.toContain(SETTINGS_FILE);

    // An import is refused while the API runs, the messages flag with it always.
    const importing = await runContentCommand(['import', live], env(), out);
    expect(importing).toBe(1);
    expect(lines.at(-1)).toContain(PGLITE_IN_USE);
    expect(await runContentCommand(['import', live, '--with-messages'], env(), out)).toBe(2);
    expect(lines.at(-1)).toBe(IMPORT_NO_MESSAGES);

    // The API stopped: the command opens the database itself, and writes the same bytes.
    await app?.close();
    await running?.close();
    app = undefined;
    running = undefined;
    const direct = folder();
    expect(
      await runContentCommand(
        ['export', direct, '--with-messages', '--with-settings'],
        { DATA_DIR: dataDir },
        out,
      ),
    ).toBe(0);
    expect(lines.at(-1)).not.toContain('from the content API');
    expect(filesOf(direct)).toEqual(exported);
  });

  it('says why when no API answers where the command looks', async () => {
    // Another process holds a database whose API is not where the command looks.
    const other = await createDatabaseLocation('pglite', { migrated: true });
    const holder = await openDatabase(other.target);
    const unused = http.createServer();
    await new Promise<void>((resolve) => unused.listen(0, '127.0.0.1', resolve));
    const deadPort = (unused.address() as AddressInfo).port;
    await new Promise((resolve) => unused.close(resolve));
    try {
      const otherDir = (other.target as { dataDir: string }).dataDir;
      const code = await runContentCommand(
        ['export', folder()],
        { DATA_DIR: otherDir, API_PORT: String(deadPort) },
        out,
        { adminToken: admin },
      );
      expect(code).toBe(1);
      expect(lines.at(-1)).toContain(EXPORT_FROM_API_FAILED);
      expect(lines.at(-1)).toContain(`No content API answers at http://127.0.0.1:${deadPort}/api`);
    } finally {
      await holder.close();
      await other.remove();
    }
  });
});

describe('the export from the running API', () => {
  let server: http.Server;
  let base: string;
  let answer: (request: http.IncomingMessage, body: string) => [number, unknown];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const [status, json] = answer(request, body);
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const devAdmin = { email: 'admin@portfolio.local', password: 'admin-password-123' };

  it('signs the dev admin in at the Auth emulator for a token', async () => {
    const asked: unknown[] = [];
    answer = (request, body) => {
      asked.push({ url: request.url, body: JSON.parse(body) });
      return [200, { idToken: 'dev-admin-token' }];
    };
    await expect(
      adminTokenFor(overHttp({ FIREBASE_AUTH_EMULATOR_HOST: base }), devAdmin),
    ).resolves.toBe('dev-admin-token');
    expect(asked).toEqual([
      {
        url: expect.stringMatching(
          /^\/identitytoolkit\.googleapis\.com\/v1\/accounts:signInWithPassword\?key=/,
        ),
        body: { ...devAdmin, returnSecureToken: true },
      },
    ]);
    // AUTH_EMULATOR_PORT names it as npm start does.
    await expect(
      adminTokenFor(overHttp({ AUTH_EMULATOR_PORT: base.split(':')[1] }), devAdmin),
    ).resolves.toBe('dev-admin-token');
  });

  it('says why the dev admin cannot sign in, and takes CONTENT_API_TOKEN instead', async () => {
    answer = () => [400, { error: { message: 'INVALID_PASSWORD' } }];
    await expect(
      adminTokenFor(overHttp({ FIREBASE_AUTH_EMULATOR_HOST: base }), devAdmin),
    ).rejects.toThrow(/could not sign in at the Auth emulator .*INVALID_PASSWORD/);
    await expect(adminTokenFor(overHttp({ FIREBASE_API_KEY: 'real' }), devAdmin)).rejects.toThrow(
      /CONTENT_API_TOKEN/,
    );
    await expect(
      adminTokenFor(overHttp({ FIREBASE_API_KEY: 'real', CONTENT_API_TOKEN: 'given' }), devAdmin),
    ).resolves.toBe('given');
    await expect(
      adminTokenFor(
        overHttp({ FIREBASE_AUTH_EMULATOR_HOST: 'emulator.example.com:9099' }),
        devAdmin,
      ),
    ).rejects.toThrow(/on this machine/);
  });

  it('reads its settings by their schema: a wrong one is refused with its name', () => {
    expect(() => overHttp({ CONTENT_API_URL: 'ftp://127.0.0.1/api' })).toThrow(
      'CONTENT_API_URL must be an http(s) URL on this machine (got "ftp://127.0.0.1/api").',
    );
    expect(() => overHttp({ API_PORT: 'four' })).toThrow(/^API_PORT must be an integer/);
    expect(overHttp({})).toMatchObject({ API_PORT: 4000, AUTH_EMULATOR_PORT: 9099 });
  });

  it('sends credentials to loopback only', () => {
    expect(runningApiUrl(overHttp({}))).toBe('http://127.0.0.1:4000/api');
    expect(runningApiUrl(overHttp({ API_PORT: '4200' }))).toBe('http://127.0.0.1:4200/api');
    expect(runningApiUrl(overHttp({ CONTENT_API_URL: 'http://localhost:4300/api/' }))).toBe(
      'http://localhost:4300/api',
    );
    expect(() =>
      runningApiUrl(overHttp({ CONTENT_API_URL: 'https://api.example.com/api' })),
    ).toThrow(RemoteExportError);
  });

  it('takes the export only from the process that holds the database, and only as an export', async () => {
    const body: ContentExport = { pid: 4242, articles: [], projects: [], images: [] };
    answer = () => [200, body];
    const settings = overHttp({ CONTENT_API_URL: `http://${base}/api` });
    const token = async () => 't';
    await expect(
      exportFromRunningApi({ settings, ownerPid: 4242, withMessages: false, token }),
    ).resolves.toMatchObject({ content: { articles: [], projects: [], images: [] } });
    await expect(
      exportFromRunningApi({ settings, ownerPid: 4243, withMessages: false, token }),
    ).rejects.toThrow(/process 4242, but process 4243 holds the database/);
    answer = () => [200, { hello: 'world' }];
    await expect(
      exportFromRunningApi({ settings, ownerPid: 4242, withMessages: false, token }),
    ).rejects.toThrow(/something other than an export/);
    answer = () => [403, { message: AUTH_MESSAGES.forbidden }];
    await expect(
      exportFromRunningApi({ settings, ownerPid: 4242, withMessages: false, token }),
    ).rejects.toThrow(`refused the export: ${AUTH_MESSAGES.forbidden}`);
  });
});
