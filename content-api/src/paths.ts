// Files the API reads at runtime, resolved from the package root rather than the working
// directory. src/paths.ts and dist/paths.js both sit one level below the root.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const migrationsFolder = path.join(packageRoot, 'drizzle');
export const seedFolder = path.join(packageRoot, 'seed');
export const defaultDataDir = path.join(packageRoot, 'data', 'pglite');
