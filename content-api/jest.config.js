// The content API's Jest project (run from the repo root: `npx jest --selectProjects api`).
// Tests run as CommonJS through @swc/jest; swc rewrites `import.meta.url` for that.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** @type {import('jest').Config} */
export default {
  displayName: 'api',
  rootDir: path.dirname(fileURLToPath(import.meta.url)),
  // Node's, each worker with a temporary folder of its own (suites in two workers run at once).
  testEnvironment: '<rootDir>/src/testing/worker-temp-environment.cjs',
  // Its sources only: never dist/, which the test build (npm test) writes while the suites run.
  roots: ['<rootDir>/src'],
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: {
    '^.+\\.(ts|js|cjs|mjs)$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  // Transform what Jest's CommonJS sandbox cannot load as is: ESM-only packages (marked, the
  // cookie package inside light-my-request, jose inside firebase-admin) and PGlite's CJS build, whose import() of Node
  // built-ins swc rewrites to require().
  transformIgnorePatterns: ['/node_modules/(?!(.*/)?(marked|cookie|@electric-sql/pglite|jose)/)'],
  // Sources use NodeNext-style `.js` extensions on relative imports.
  // The contract is used from its sources, not from its build (docs/decisions/052).
  moduleNameMapper: {
    '^@portfolio/contract$': '<rootDir>/../contract/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  setupFilesAfterEnv: ['<rootDir>/src/testing/jest-setup.ts'],
};
