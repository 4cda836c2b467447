import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (from content-api/) writes SQL migrations into ./drizzle.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
