// The shell's own files (its scripts, stylesheets, assets) with their cache rules. Not the
// server's bundle, the assets list or source maps, which stay off the public server.
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { cacheControlFor } from '@portfolio/platform/cache-control';
import { SHELL_ASSETS_FILE } from '../document';

export interface StaticFilesOptions {
  distDir: string;
}

export default fp<StaticFilesOptions>(
  async (app, { distDir }) => {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      allowedPath: (pathname) =>
        !pathname.startsWith('/server/') &&
        !pathname.startsWith('/site/') &&
        !pathname.endsWith('.map') &&
        !['/index.html', `/${SHELL_ASSETS_FILE}`, '/.build-stamp'].includes(pathname),
      setHeaders: (reply, file) => reply.header('Cache-Control', cacheControlFor(file)),
    });
  },
  { name: 'site-static-files', fastify: '5.x' },
);
