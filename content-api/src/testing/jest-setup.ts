import { runSuiteEnd } from './suite-end.js';

// PGlite takes a few seconds to start on a small machine, and a test that makes a database and
// migrates it took over 80 s on two cores shared with a busy neighbour (docs/performance.md, "CI"):
// the limit is there to end a hang, not to time a test.
jest.setTimeout(120_000);

// What the suite's helpers left for its end (suite-end.ts): the test databases its tests closed.
afterAll(runSuiteEnd);
