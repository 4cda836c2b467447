// Each app's webpack configuration, as the build tools ask for it (docs/decisions/004, 149):
// tools/build.ts, tools/dev.ts, the candidate builds of the skew checks and the bundle bench. The
// app's name and folder are @portfolio/platform/apps'; the one other fact of its build, the title
// of its page, is here. No app keeps a webpack config of its own: a file of an app that imported
// tools/ would make the apps and the tools import each other, and the tools import the shell.
import path from 'node:path';
import type { AppInfo, AppName } from '@portfolio/platform/apps';
import { ROOT } from '../root';
import { createWebpackConfig } from './create-config';
import type { AppWebpackConfig } from './create-config';

/** A remote's standalone page title, or the shell's default title. */
const TITLES: Record<AppName, string> = {
  // The page's own title replaces it: the owner's name is the site's settings' (ADR 141).
  shell: 'Portfolio and blog',
  portfolio: 'Portfolio · standalone',
  blog: 'Blog · standalone',
  auth: 'Account · standalone',
  shop: 'Store · standalone',
};

/**
 * The webpack configuration function of `app`: its sources in this checkout, or in `dir`, a copy
 * of them elsewhere (tools/compat/candidate-build.ts).
 */
export function webpackConfigOf(
  app: AppInfo,
  { dir = path.join(ROOT, app.dir) }: { dir?: string } = {},
): AppWebpackConfig {
  return createWebpackConfig({ name: app.name, dir, title: TITLES[app.name] });
}
