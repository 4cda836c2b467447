// Each Jest worker's temporary files in a folder of its own (TMPDIR, which os.tmpdir() reads on
// every call). Suites in two workers run at once, and a test that checks what the API left in
// the temporary folder (an image upload's working folder, image-variants.test.ts) must see only
// what its own worker made, never a suite running beside it.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The system's folder, kept from the first file this worker runs (TMPDIR is changed below).
process.env.CONTENT_API_TEST_TMP_BASE ??= os.tmpdir();
const dir = path.join(
  process.env.CONTENT_API_TEST_TMP_BASE,
  'content-api-jest',
  `worker-${process.env.JEST_WORKER_ID ?? '1'}`,
);
mkdirSync(dir, { recursive: true });
process.env.TMPDIR = dir;
