// The content API's test environment: Node's, with each Jest worker's temporary files in a
// folder of its own. Suites in two workers run at once, and a test that checks what the API left
// in the temporary folder (an image upload's working folder, image-variants.test.ts) must see
// only what its own worker made, never a suite running beside it. TMPDIR is set here, in the
// worker's own process, because os.tmpdir() reads the process's real environment: a test file's
// `process.env` is Jest's copy of it, and setting TMPDIR there (a setup file) changed nothing.
// The folder is this run's (its Jest process's id), so two test runs on one machine (a CI run
// beside a developer's) never see each other's files either; a suite's files go with it.
const { mkdirSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

// The system's folder, read before this worker's TMPDIR replaces it.
const base = os.tmpdir();
// What outlives a suite goes there: the migrated PGlite template (testing/databases.ts), made
// once per machine and migrations, not once per suite in the worker's folder removed after it.
process.env.CONTENT_API_TEST_SHARED_DIR ??= base;

class WorkerTempEnvironment extends TestEnvironment {
  constructor(config, context) {
    const dir = path.join(
      base,
      `content-api-jest-${process.ppid}-worker-${process.env.JEST_WORKER_ID ?? '1'}`,
    );
    mkdirSync(dir, { recursive: true });
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = dir;
    super(config, context);
    this.dir = dir;
    this.previousTmpdir = previous;
  }

  // The worker's next suite may be another project's, in an environment of its own: it gets the
  // system's folder back, and this one goes.
  async teardown() {
    await super.teardown();
    if (this.previousTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = this.previousTmpdir;
    rmSync(this.dir, { recursive: true, force: true });
  }
}

module.exports = WorkerTempEnvironment;
