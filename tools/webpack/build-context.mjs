// What every build shape of an app shares (docs/decisions/004, 090): the app and its pages, the
// TypeScript and CSS rules, module resolution and the federation share list. Each shape
// (browser-config.mjs, server-config.mjs, federation-runtime-config.mjs, single-bundle-config.mjs)
// reads its part from here.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { parseSourceRoutes } from '@portfolio/contract';
import { APPS } from '@portfolio/platform/apps';
import { ROOT } from '../root.ts';
import { sharedModules } from './shared-modules.mjs';

const require = createRequire(import.meta.url);

/** Where an app's server build goes, inside its dist/ (the site's server reads it from there). */
export const SERVER_DIR = 'server';
/** A remote's standalone page loads the federation runtime core from this file first (ADR 029). */
export const FEDERATION_RUNTIME_SCRIPT = 'federation-runtime.js';

/**
 * The federation share list: singletons only for what must be one instance on a page, with the
 * versions recorded in shared/exports-snapshot.json; stateless shared code is bundled per app.
 * See tools/webpack/shared-modules.mjs and docs/decisions/050.
 */
export function sharedSingletons() {
  return sharedModules({ sharedPackage: require(path.join(ROOT, 'shared/package.json')) });
}

/**
 * The pages a remote serves, from its src/routes.json: the one list its build exposes, the
 * site's server composes its route table from (published beside the build as routes.json) and
 * the standalone frame links (docs/decisions/035), read by the contract's one reader.
 * @param {string} dir
 */
export function sourceRoutes(dir) {
  const file = path.join(dir, 'src', 'routes.json');
  if (!existsSync(file)) return [];
  return parseSourceRoutes(JSON.parse(readFileSync(file, 'utf8')), file);
}

/**
 * React Router's production build. Its package maps every import to its development build
 * (remix-run/react-router#12532, #14102), whose warnings cost a render on the site's server and
 * bytes in the browser; a production build takes the production files by path.
 */
const reactRouterDist = path.join(
  path.dirname(require.resolve('react-router')),
  '..',
  'production',
);
export const REACT_ROUTER_PRODUCTION = {
  'react-router$': path.join(reactRouterDist, 'index.mjs'),
  'react-router/dom$': path.join(reactRouterDist, 'dom-export.mjs'),
};

/**
 * @typedef {{
 *   name: 'shell' | 'portfolio' | 'blog' | 'auth' | 'shop',
 *   dir: string,
 *   title: string,
 * }} AppSpec
 *
 * @typedef {ReturnType<typeof buildContext>} BuildContext
 */

/**
 * @param {AppSpec} app
 * @param {{ production: boolean, testBuild: boolean }} mode
 */
export function buildContext(app, { production, testBuild }) {
  const info = APPS.find((candidate) => candidate.name === app.name);
  if (!info) throw new Error(`Unknown app "${app.name}"`);
  const isHost = app.name === 'shell';
  const routes = isHost ? [] : sourceRoutes(app.dir);
  /** Class names carry the app name, so no remote's styles can leak into another's. */
  const localIdentName = production ? `${app.name}_[hash:base64:6]` : `${app.name}_[name]_[local]`;
  /** @param {{ refresh?: boolean }} [options] */
  const typescriptRule = ({ refresh = false } = {}) => ({
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production, refresh } },
          target: 'es2020',
        },
      },
    },
  });
  return {
    app,
    info,
    isHost,
    production,
    testBuild,
    mode: production ? 'production' : 'development',
    /**
     * Where the app's builds go. The shell's development builds (npm run dev) go apart, so a
     * test run or `npm start` building and serving dist/ at the same time never clashes with
     * them; remotes' development builds stay in their dev servers' memory.
     */
    outputDir: path.join(app.dir, !production && isHost ? 'dist-dev' : 'dist'),
    /** Exposed module → its page file, from src/routes.json. */
    exposes: {
      ...Object.fromEntries(routes.map((route) => [route.module, route.file])),
      // The remote's islands, by name (docs/decisions/148): what a page of islands hydrates.
      ...(existsSync(path.join(app.dir, 'src', 'islands.ts')) && {
        './islands': './src/islands.ts',
      }),
    },
    routes,
    typescriptRule,
    /** CSS of the browser build: extracted files; CSS Modules keep the app's class names. */
    browserCssRules: () => [
      {
        test: /\.module\.css$/,
        use: [
          MiniCssExtractPlugin.loader,
          {
            loader: 'css-loader',
            options: {
              modules: { localIdentName, namedExport: false, exportLocalsConvention: 'as-is' },
            },
          },
        ],
      },
      {
        test: /\.css$/,
        exclude: /\.module\.css$/,
        use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { modules: false } }],
      },
    ],
    /** CSS of the server build: the same class names, no files (the browser build has them). */
    serverCssRules: () => [
      {
        test: /\.module\.css$/,
        use: [
          {
            loader: 'css-loader',
            options: {
              modules: {
                localIdentName,
                namedExport: false,
                exportLocalsConvention: 'as-is',
                exportOnlyLocals: true,
              },
            },
          },
        ],
      },
      // Global CSS is the browser build's business.
      {
        test: /\.css$/,
        exclude: /\.module\.css$/,
        type: 'asset/resource',
        generator: { emit: false },
      },
    ],
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: {
        'resize-observer-polyfill$': path.join(ROOT, 'tools/webpack/native-resize-observer.mjs'),
        // The contract from its sources, not its Node build (docs/decisions/052).
        '@portfolio/contract$': path.join(ROOT, 'contract/src/index.ts'),
        ...(production && REACT_ROUTER_PRODUCTION),
      },
    },
    stats: /** @type {const} */ ('errors-warnings'),
  };
}
