// What the API benchmarks (tools/bench/api/, tools/bench/insights.ts) fill a database with, through the API's own schema
// and helpers: its package's `./bench` export (docs/decisions/214), so the bench never reaches
// into src/. The bench loads the compiled file (dist/bench.js): it measures the API as it ships.
export { openDatabase } from './db/connect.js';
export type { Database, DatabaseTarget } from './db/connect.js';
export { loadSeedContent, seedDatabase } from './db/seed.js';
export { articles } from './db/schema.js';
export { markdownToPlainText } from './lib/markdown-text.js';
export { slugify } from './lib/slug.js';
export { autoExcerptOf } from './features/articles/repository.js';
export { exportRows, readInsights, rollUpViews } from './features/insights/repository.js';
export { queueArticle } from './features/newsletter/repository.js';
