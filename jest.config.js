import { existsSync } from 'node:fs';

// One Jest run for the whole workspace: front-end packages in jsdom, the content API in node.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const transform = { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc };
// How the sources import each other, in every project: the contract from its sources
// (docs/decisions/052), and relative imports written with .js (NodeNext) taken without it.
const sourceImports = {
  '^@portfolio/contract$': '<rootDir>/contract/src/index.ts',
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

/** @type {import('jest').Config} */
export default {
  // Above the 5 s that findBy*/waitFor may wait (testing/jest/setup-dom.ts), with room for two
  // cores shared with a busy neighbour (issue 50): the limit ends a hang; it does not time a test.
  testTimeout: 60_000,
  // One worker per core. Jest's default keeps a core for its own process (cores − 1), which on
  // a two-core machine (CI's, docs/performance.md "CI") is one worker: half the machine idle
  // while the suites wait on the network, timers and databases.
  maxWorkers: '100%',
  projects: [
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/testing/jest/jsdom-environment.cjs',
      roots: [
        '<rootDir>/contract/src',
        '<rootDir>/shared/src',
        '<rootDir>/federation-runtime/src',
        '<rootDir>/shell/src',
        '<rootDir>/remote-portfolio/src',
        '<rootDir>/remote-blog/src',
        '<rootDir>/remote-auth/src',
        '<rootDir>/remote-shop/src',
        '<rootDir>/testing',
      ],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform,
      // ESM-only packages the tests import.
      transformIgnorePatterns: ['/node_modules/(?!(typed\\.js|marked|github-slugger)/)'],
      moduleNameMapper: {
        ...sourceImports,
        // The Firebase stand-in (@portfolio/testing/firebase) for every test: no test mocks the
        // SDK itself, and none loads the real one.
        '^firebase/(app|auth|firestore)(?:/lite)?$': '<rootDir>/testing/src/firebase/$1.ts',
        '\\.module\\.css$': 'identity-obj-proxy',
        '\\.css$': '<rootDir>/testing/jest/style-stub.cjs',
        '\\.svg\\?picture$': '<rootDir>/testing/jest/picture-stub.cjs',
        '\\.(svg|png|jpg|jpeg|webp|avif|woff2?)$': '<rootDir>/testing/jest/file-stub.cjs',
      },
      setupFiles: ['<rootDir>/testing/jest/polyfills.cjs'],
      setupFilesAfterEnv: ['<rootDir>/testing/jest/setup-dom.ts'],
    },
    {
      // The site's server and what the servers share: Node, no DOM.
      displayName: 'site-server',
      testEnvironment: 'node',
      roots: ['<rootDir>/shell/server', '<rootDir>/platform/src'],
      testMatch: ['**/*.test.ts'],
      transform,
      // ESM-only packages the server imports (through @fastify/static and @fastify/cookie).
      transformIgnorePatterns: ['/node_modules/(?!(.*/)?(content-disposition|cookie|marked)/)'],
      moduleNameMapper: sourceImports,
    },
    {
      // The tools that build, start and check the site: Node, no DOM (a jsdom per file cost
      // them time for nothing).
      displayName: 'tools',
      testEnvironment: 'node',
      roots: ['<rootDir>/tools'],
      testMatch: ['**/*.test.ts'],
      transform,
      transformIgnorePatterns: [
        // ESM-only packages the tests import, Lighthouse's simulation among them
        // (tools/bench/lantern-blocking.ts) with what it imports.
        '/node_modules/(?!(marked|github-slugger|lighthouse|@paulirish/trace_engine|legacy-javascript)/)',
      ],
      moduleNameMapper: sourceImports,
    },
    ...(existsSync(new URL('./content-api/jest.config.js', import.meta.url))
      ? ['<rootDir>/content-api/jest.config.js']
      : []),
  ],
};
