// Development only (`npm run dev`): React Refresh's webpack plugin, which keeps a remote's
// components and their state in place across its dev server's hot updates. The plugin and the
// dev server are devDependencies (docs/decisions/211), which `npm start`'s install leaves out:
// create-config.ts loads this file only for a development build, and a production build never
// reaches it (tools/runtime-dependencies.test.ts knows it as development's only).
import ReactRefreshPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import type { WebpackPluginInstance } from 'webpack';

export function fastRefreshPlugin(): WebpackPluginInstance {
  return new ReactRefreshPlugin({ overlay: false });
}
