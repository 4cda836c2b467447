// The repository's root folder, for the build, dev, bench and deploy scripts. What each app is and
// where it runs is run-time knowledge: @portfolio/platform/apps.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT: string = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
