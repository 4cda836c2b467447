// The suites' test databases are copies of one migrated template (databases.ts): the template
// must outlive the suite that made it, or every suite pays for an initdb and the migrations.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { createTestDatabase } from './databases.js';

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
