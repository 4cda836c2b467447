// The suites' test databases are copies of one migrated template (databases.ts): the template
// must outlive the suite that made it, or every suite pays for an initdb and the migrations.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { createTestDatabase, driversFor } from './databases.js';

it('keeps the PGlite template in the shared folder, not in the suite’s own', async () => {
  const shared = process.env.CONTENT_API_TEST_SHARED_DIR;
  expect(shared).toBeDefined();
  // The suite's own folder is removed after it (worker-temp-environment.cjs).
  expect(shared).not.toBe(os.tmpdir());
  const database = await createTestDatabase('pglite');
  await database.close();
  const templates = readdirSync(shared as string).filter((name) =>
    /^content-api-test-pglite-[0-9a-f]{16}\.tar$/.test(name),
  );
  expect(templates.length).toBeGreaterThan(0);
  expect(
    readdirSync(os.tmpdir()).filter((name) => name.startsWith('content-api-test-pglite')),
  ).toEqual([]);
});

describe('the drivers the suites run on', () => {
  const url = 'postgres://postgres@127.0.0.1:5540/postgres';

  it('is PGlite, and Postgres too when a server is given, unless TEST_DATABASE_DRIVERS says', () => {
    expect(driversFor(undefined, undefined)).toEqual(['pglite']);
    expect(driversFor('', url)).toEqual(['pglite', 'postgres']);
    expect(driversFor('postgres', url)).toEqual(['postgres']);
    expect(driversFor(' postgres , pglite,postgres', url)).toEqual(['postgres', 'pglite']);
  });

  it('refuses a driver it does not know, and Postgres with no server to copy databases on', () => {
    expect(() => driversFor('mysql', url)).toThrow('"mysql" is neither pglite nor postgres');
    expect(() => driversFor('postgres', undefined)).toThrow('TEST_DATABASE_URL is not set');
  });
});
