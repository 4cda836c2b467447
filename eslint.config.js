// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/deploys/**',
      '**/dist-single/**',
      'bench-results/**',
      '**/data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.firebase-emulator-data/**',
      'content-api/drizzle/**',
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
              group: ['**/shared/src/**'],
              message: 'Import @portfolio/shared/<module>, so federation shares one instance.',
            },
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
