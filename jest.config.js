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

/** @type {import('jest').Config} */
export default {
  projects: [
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/tools/jest/jsdom-environment.cjs',
      roots: [
        '<rootDir>/contract/src',
        '<rootDir>/shared/src',
        '<rootDir>/shell/src',
        '<rootDir>/remote-portfolio/src',
        '<rootDir>/remote-blog/src',
        '<rootDir>/remote-auth/src',
        '<rootDir>/remote-shop/src',
        '<rootDir>/tools',
      ],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
      transformIgnorePatterns: ['/node_modules/(?!(typed\\.js|marked)/)'],
      moduleNameMapper: {
        // The contract's sources (docs/decisions/052), whose relative imports end in .js (NodeNext).
        '^@portfolio/contract$': '<rootDir>/contract/src/index.ts',
        '^(\\.{1,2}/.*)\\.js$': '$1',
        '\\.module\\.css$': 'identity-obj-proxy',
        '\\.css$': '<rootDir>/tools/jest/style-stub.cjs',
        '\\.(svg|png|jpg|jpeg|webp|avif|woff2?)$': '<rootDir>/tools/jest/file-stub.cjs',
      },
      setupFiles: ['<rootDir>/tools/jest/polyfills.cjs'],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/setup-dom.ts'],
    },
    ...(existsSync(new URL('./content-api/jest.config.js', import.meta.url))
      ? ['<rootDir>/content-api/jest.config.js']
      : []),
  ],
};
