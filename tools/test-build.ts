// Test builds (docs/decisions/071): the production build plus what only the browser specs use,
// the federation diagnostics (window.__portfolioDiagnostics in the shell, ./Diagnostics exposed by
// every remote). Chosen by PORTFOLIO_TEST_BUILD=1, which `tools/build.ts --test` sets for its
// webpack run; nothing else sets it, so `npm start`, `npm run build` and deploys never have it.

export const TEST_BUILD_ENV = 'PORTFOLIO_TEST_BUILD';

export function isTestBuild(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[TEST_BUILD_ENV] === '1';
}
