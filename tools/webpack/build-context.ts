// What every build shape of an app shares (docs/decisions/004, 090): the app and its pages, the
// TypeScript and CSS rules, module resolution and the federation share list. Each shape
// (browser-config.ts, server-config.ts, federation-runtime-config.ts, single-bundle-config.ts)
// reads its part from here.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import type { Configuration, ResolveOptions, RuleSetRule } from 'webpack';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { parseSourceRoutes } from '@portfolio/contract';
import type { SourceRoute } from '@portfolio/contract';
import { APPS } from '@portfolio/platform/apps';
import type { AppInfo, AppName } from '@portfolio/platform/apps';
import { ROOT } from '../root';
import { sharedModules } from './shared-modules';
import type { SharedPackage } from './shared-modules';
import { PICTURE_QUERY, RASTER_QUERY } from './svg-raster';

const require = createRequire(import.meta.url);

/** The options of Module Federation's webpack plugin, as its constructor takes them. */
export type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

/**
 * A file the build compiles into an app's bundle from @portfolio/federation-runtime, by its
 * package subpath (docs/decisions/150): resolved as Node resolves the package, to the file in
 * federation-runtime/src/ (not through node_modules, so the TypeScript rule compiles it).
 */
export function federationRuntimeFile(subpath: string): string {
  return require.resolve(`@portfolio/federation-runtime/${subpath}`);
}

/** Where an app's server build goes, inside its dist/ (the site's server reads it from there). */
export const SERVER_DIR = 'server';
/** A remote's standalone page loads the federation runtime core from this file first (ADR 029). */
export const FEDERATION_RUNTIME_SCRIPT = 'federation-runtime.js';

/**
 * The federation share list: singletons only for what must be one instance on a page, with the
 * versions recorded in shared/exports-snapshot.json; stateless shared code is bundled per app.
 * See tools/webpack/shared-modules.ts and docs/decisions/050.
 */
export function sharedSingletons(): FederationOptions['shared'] {
  return sharedModules({
    sharedPackage: require(path.join(ROOT, 'shared/package.json')) as SharedPackage,
  });
}

/**
 * The pages a remote serves, from its src/routes.json: the one list its build exposes, the
 * site's server composes its route table from (published beside the build as routes.json) and
 * the standalone frame links (docs/decisions/035), read by the contract's one reader.
 */
export function sourceRoutes(dir: string): SourceRoute[] {
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
export const REACT_ROUTER_PRODUCTION: Record<string, string> = {
  'react-router$': path.join(reactRouterDist, 'index.mjs'),
  'react-router/dom$': path.join(reactRouterDist, 'dom-export.mjs'),
};

/** An app, as the config factory takes it (tools/webpack/app-configs.ts names each). */
export interface AppSpec {
  name: AppName;
  /** The app's folder (absolute). */
  dir: string;
  /** The standalone page's title (a remote's), or the shell's default title. */
  title: string;
}

/**
 * The scripts' minifier of every production browser build: Terser with SWC's compressor. The
 * esbuild minifier renames the remote's global and breaks it (docs/decisions/004). In the build's
 * own process (`parallel: false`): SWC minifies on its native threads without holding up webpack,
 * and each config's pool of worker processes cost a Node start with tsx and a load of SWC, about
 * a second of CPU each, more than the minifying (docs/decisions/195).
 */
export function scriptMinimizer(): TerserPlugin {
  return new TerserPlugin({
    minify: TerserPlugin.swcMinify,
    terserOptions: { compress: { passes: 2 } },
    parallel: false,
  });
}

/** What every build shape of an app reads: see buildContext(). */
export interface BuildContext {
  app: AppSpec;
  info: AppInfo;
  isHost: boolean;
  production: boolean;
  testBuild: boolean;
  mode: 'production' | 'development';
  outputDir: string;
  exposes: Record<string, string>;
  routes: SourceRoute[];
  hasIslandScripts: boolean;
  typescriptRule(options?: { refresh?: boolean }): RuleSetRule;
  browserCssRules(): RuleSetRule[];
  serverCssRules(): RuleSetRule[];
  assetRules(options: { emit: boolean }): RuleSetRule[];
  resolve: ResolveOptions & { alias: Record<string, string> };
  stats: Configuration['stats'];
}

export function buildContext(
  app: AppSpec,
  { production, testBuild }: { production: boolean; testBuild: boolean },
): BuildContext {
  const info = APPS.find((candidate) => candidate.name === app.name);
  if (!info) throw new Error(`Unknown app "${app.name}"`);
  const isHost = app.name === 'shell';
  const routes = isHost ? [] : sourceRoutes(app.dir);
  const hasIslandScripts = !isHost && existsSync(path.join(app.dir, 'src', 'island-scripts.ts'));
  /** Class names carry the app name, so no remote's styles can leak into another's. */
  const localIdentName = production ? `${app.name}_[hash:base64:6]` : `${app.name}_[name]_[local]`;
  const typescriptRule = ({ refresh = false }: { refresh?: boolean } = {}): RuleSetRule => ({
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
      // Its script islands: no React root, no React DOM (ADR 148).
      // Built on their own too, as the remote's island scripts file (island-scripts-config.ts);
      // exposed still for a shell from before that file, and as the shell's way when the file
      // cannot be loaded.
      ...(hasIslandScripts && { './island-scripts': './src/island-scripts.ts' }),
    },
    routes,
    /** The remote has script islands (src/island-scripts.ts): it builds its island scripts file. */
    hasIslandScripts,
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
    /**
     * Images and fonts as files of the build; an SVG drawing imported with `?picture` as raster
     * images (svg-raster.ts). `emit`: false in the server build, which names the browser
     * build's files and writes none.
     */
    assetRules: ({ emit }) => [
      {
        oneOf: [
          {
            test: /\.svg$/,
            resourceQuery: PICTURE_QUERY,
            type: 'javascript/auto',
            use: path.join(ROOT, 'tools', 'webpack', 'svg-picture-loader.ts'),
          },
          {
            test: /\.svg$/,
            resourceQuery: RASTER_QUERY,
            type: 'asset/resource',
            generator: { emit, filename: 'assets/[name].[contenthash:8].webp' },
            use: path.join(ROOT, 'tools', 'webpack', 'svg-raster-loader.ts'),
          },
          {
            test: /\.(svg|png|jpe?g|webp|avif|gif|woff2?)$/,
            type: 'asset/resource',
            generator: { emit },
          },
        ],
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
        'resize-observer-polyfill$': federationRuntimeFile('native-resize-observer'),
        // The contract from its sources, not its Node build (docs/decisions/052).
        '@portfolio/contract$': path.join(ROOT, 'contract/src/index.ts'),
        ...(production && REACT_ROUTER_PRODUCTION),
        // A remote's own sources, as what the build adds beside them reads them
        // (@portfolio/federation-runtime: its standalone page, its island scripts file).
        ...(!isHost && { '@portfolio/remote-src': path.join(app.dir, 'src') }),
      },
    },
    stats: 'errors-warnings',
  };
}
