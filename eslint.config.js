// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import checkFile from 'eslint-plugin-check-file';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import portfolio from './tools/lint/no-cycle.mjs';

const ROOT = import.meta.dirname;

// The boundaries between packages and the file-name convention (docs/decisions/073). Each rule
// has a test that it fires: tools/lint/boundaries.test.ts.
const REMOTES = ['remote-portfolio', 'remote-blog', 'remote-auth', 'remote-shop'];

/** Apps reach shared code only through the `exports` map of shared/package.json. */
const SHARED_THROUGH_SUBPATHS = {
  group: [
    '@portfolio/shared/src',
    '@portfolio/shared/src/**',
    '**/shared/src',
    '**/shared/src/**',
    '**/shared/package.json',
  ],
  message:
    'Import @portfolio/shared/<subpath>: the exports map of shared/package.json is its public surface, and federation shares one instance of each stateful subpath (docs/decisions/050, 071).',
};

/** A remote never imports another remote, by package name or by path. */
function otherRemotes(remote) {
  const others = REMOTES.filter((name) => name !== remote);
  return {
    group: others.flatMap((name) => [
      `@portfolio/${name}`,
      `@portfolio/${name}/**`,
      `**/${name}`,
      `**/${name}/**`,
    ]),
    message:
      'A remote never imports another remote: each deploys alone. Move what both need to @portfolio/shared (docs/decisions/073).',
  };
}

/** Run-time code (the apps, the servers, what they share) never imports the build and test tools. */
const NO_TOOLS = {
  group: ['**/tools', '**/tools/**'],
  message:
    'Run-time code never imports tools/ (build, dev, bench and deploy scripts): what a server needs lives in @portfolio/platform, the shell or @portfolio/shared (docs/decisions/073, 090).',
};

/**
 * The package folders in layers, lowest first (docs/decisions/149): a folder never imports one in
 * a higher layer, so no two folders import each other, directly or through a third. The order is
 * the one the imports followed already; the remotes share a layer (they never import one another:
 * otherRemotes). What the build compiles into the apps' bundles beside their code
 * (federation-runtime, docs/decisions/150) imports only the contract and shared code, below the
 * apps whose bundles carry it. The build and bench tools sit above the apps they build and run,
 * and the browser specs above everything they start. What import.meta.webpackContext() reaches is
 * not an import ESLint sees (tools/webpack/single-bundle-remotes.ts into the remotes' pages:
 * downwards anyway).
 */
const FOLDER_LAYERS = [
  ['contract'],
  ['platform'],
  ['shared'],
  ['federation-runtime'],
  ['content-api'],
  ['testing'],
  REMOTES,
  ['shell'],
  ['tools'],
  ['e2e'],
];

/**
 * import-x/no-restricted-paths zones: each folder may not import the folders above it, except
 * what `allowed` names (a higher folder → the paths inside it, relative to it, that may be
 * imported, or true for all of it).
 */
function folderZones(allowed = {}) {
  return FOLDER_LAYERS.flatMap((layer, index) => {
    const above = FOLDER_LAYERS.slice(index + 1)
      .flat()
      .filter((higher) => allowed[higher] !== true);
    return layer.flatMap((folder) =>
      above.map((higher) => ({
        target: folder,
        from: higher,
        except: allowed[higher] ?? [],
        message: `${folder}/ is below ${higher}/: a folder imports only the folders below it, so none imports one that imports it back. Move what both need down, or pass it in (docs/decisions/149).`,
      })),
    );
  });
}

/** Data reaches code as arguments and context, never through properties set on the global. */
const NO_GLOBAL_DATA = {
  selector:
    "AssignmentExpression[left.type='MemberExpression'][left.object.name=/^(globalThis|global|window|self)$/]",
  message:
    'Pass the value to what needs it (an option, a context, a plugin) instead of setting it on the global object (docs/decisions/090).',
};

/**
 * A non-component file's name is kebab-case; a .tsx file's is PascalCase (a component) or
 * kebab-case.
 */
const KEBAB_CASE = '+([a-z])*([a-z0-9])*(-+([a-z0-9]))';
const PASCAL_CASE = '+([A-Z])*([a-zA-Z0-9])';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // A remote's versioned deploy folders (npm run deploy); not e2e/deploys/, which holds specs.
      'remote-*/deploys/**',
      'shell/deploys/**',
      '**/dist-single/**',
      '**/dist-dev/**',
      'dist-deploy/**',
      'bench-results/**',
      '**/data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.firebase-emulator-data/**',
      'content-api/drizzle/**',
      'tools/bench/astro-blog-starter/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Pages never call fetch directly: every call goes through the one typed API client.
    files: ['shell/src/**/*.{ts,tsx}', 'remote-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use the API client from @portfolio/shared/api-client.' },
      ],
    },
  },
  {
    // One router and one Firebase SDK per page: apps reach them only through the shared
    // singletons, which bundle the parts used (docs/decisions/027). Tests may use the packages.
    files: [
      'shell/src/**/*.{ts,tsx}',
      'remote-*/src/**/*.{ts,tsx}',
      'shared/src/**/*.{ts,tsx}',
      'federation-runtime/src/**/*.{ts,tsx}',
      'tools/webpack/**/*.{ts,tsx}',
    ],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/testing/**',
      'shared/src/router.ts',
      'shared/src/router-server.ts',
      'shared/src/firebase-sdk/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['firebase/*'],
              allowTypeImports: true,
              message: 'Use the Firebase singleton from @portfolio/shared/firebase.',
            },
            {
              group: ['react-router', 'react-router-dom'],
              allowTypeImports: true,
              message: 'Import routing from @portfolio/shared/router (the one router singleton).',
            },
          ],
        },
      ],
    },
  },
  {
    // Apps reach shared code through its public subpaths; tests included.
    files: ['shell/**/*.{ts,tsx,js,mjs}', 'remote-*/**/*.{ts,tsx,js,mjs}', 'tools/webpack/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SHARED_THROUGH_SUBPATHS] }] },
  },
  {
    // What the build compiles into the apps' bundles (docs/decisions/150) is run-time code too.
    files: ['federation-runtime/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SHARED_THROUGH_SUBPATHS, NO_TOOLS] }],
    },
  },
  ...REMOTES.map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx,js,mjs,cjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [SHARED_THROUGH_SUBPATHS, otherRemotes(remote)] },
      ],
    },
  })),
  {
    files: ['shell/src/**/*.{ts,tsx}', 'shell/server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SHARED_THROUGH_SUBPATHS, NO_TOOLS] }],
    },
  },
  {
    files: ['platform/**/*.{ts,tsx}', 'content-api/src/**/*.ts', 'contract/**/*.{ts,mjs}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_TOOLS] }] },
  },
  {
    files: [
      'shell/src/**/*.{ts,tsx}',
      'shell/server/**/*.ts',
      'platform/src/**/*.ts',
      'shared/src/**/*.{ts,tsx}',
      'remote-*/src/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', NO_GLOBAL_DATA] },
  },
  {
    // No import cycles, across packages too (imports resolved as TypeScript resolves them), and
    // type-only imports count: import-x/no-cycle skips them, so the walk is ours
    // (tools/lint/no-cycle.mjs, docs/decisions/149). No folder imports a folder above it.
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    plugins: { 'import-x': importX, portfolio },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'tsconfig.browser.json',
            'tsconfig.server.json',
            'tsconfig.tools.json',
            'tsconfig.tests.json',
            'content-api/tsconfig.json',
          ],
          conditionNames: ['@portfolio/source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'portfolio/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: folderZones() }],
    },
  },
  {
    // Packages meet only at their `exports` (docs/decisions/214): a relative import that resolves
    // into another workspace's folder (another package.json's) is refused; import the package's
    // named subpath instead. What import.meta.webpackContext() reaches is not an import ESLint
    // sees (tools/webpack/single-bundle-remotes.ts).
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    rules: { 'import-x/no-relative-packages': ['error', { commonjs: true }] },
  },
  {
    // Exception: this config, the repository root's (no workspace's), loads its own lint rule by
    // its file; the rule is part of the lint setup, not a surface of @portfolio/tools.
    files: ['eslint.config.js'],
    rules: {
      'import-x/no-relative-packages': ['error', { ignore: ['^\\./tools/lint/no-cycle\\.mjs$'] }],
    },
  },
  {
    // Exception: plain node runs tools/free-ports.mjs (`node tools/free-ports.mjs <command>`)
    // before `npm install` has linked the workspace packages into node_modules, where
    // @portfolio/testing/free-ports would not resolve yet; it imports the test ports by their file.
    files: ['tools/free-ports.mjs'],
    rules: {
      'import-x/no-relative-packages': [
        'error',
        { ignore: ['^\\.\\./testing/src/free-ports\\.mjs$'] },
      ],
    },
  },
  {
    // Tests take their support from @portfolio/testing, whatever their folder's layer: nothing
    // imports a test, so no cycle comes of it (docs/decisions/149). Their test ports too
    // (@portfolio/testing/free-ports): no test of an app imports tools/.
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: folderZones({ testing: true }) },
      ],
    },
  },
  {
    // One naming convention: React component files PascalCase.tsx, every other file kebab-case.
    files: ['**/*.{ts,tsx,js,mjs,cjs,mts,cts}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        {
          '**/*.tsx': `@(${PASCAL_CASE}|${KEBAB_CASE})`,
          '**/*.{ts,js,mjs,cjs,mts,cts}': KEBAB_CASE,
        },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, ...globals.browser } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
