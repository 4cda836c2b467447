// The rendering bundle (shell/src/render, built to dist/server/render.cjs): loaded once, given
// the config, the render budget and how to call the API, and kept up to date with the remotes:
// their published routes are polled, a redeployed remote is loaded before it is switched to,
// and the render cache is emptied when any remote changes (docs/decisions/035, 038).
import { createRequire } from 'node:module';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { RuntimeConfig } from '@portfolio/contract';
import type { RenderBundle, SiteRenderer } from '../../src/render/render-types';
import type { FailureLog } from '../failure-log';

declare module 'fastify' {
  interface FastifyInstance {
    readonly renderer: SiteRenderer;
  }
}

export interface RendererPluginOptions {
  /** The shell's build: its server/render.cjs is loaded. */
  distDir: string;
  config: RuntimeConfig;
  /** The content API as this server calls it. */
  apiBase: string;
  /** Remote name → its manifest on its own origin, where this server loads its code from. */
  remoteUpstreams: RuntimeConfig['remotes'];
  renderBudgetMs: number;
  remotePollMs: number;
  /** A renderer to use instead of the build's (the plugins' tests). */
  renderer?: SiteRenderer;
}

/** Where the shell's build keeps its rendering bundle. */
export const RENDER_BUNDLE = path.join('server', 'render.cjs');

async function loadRenderer(
  options: RendererPluginOptions,
  apiFetch: typeof fetch,
  log: (message: string, error?: unknown) => void,
  failures: FailureLog,
): Promise<SiteRenderer> {
  const require = createRequire(import.meta.url);
  const bundle = require(path.join(options.distDir, RENDER_BUNDLE)) as RenderBundle;
  const { createRenderer } = await bundle.renderer;
  return createRenderer({
    config: options.config,
    remoteUpstreams: options.remoteUpstreams,
    loadTimeoutMs: options.renderBudgetMs,
    api: {
      base: options.apiBase,
      fetch: apiFetch,
      // A page's loader that could not have its data (reportLoadFailure in page-data).
      report: (what, error) => failures.failed({ source: 'page-data', kind: what, error }),
    },
    log,
  });
}

export default fp<RendererPluginOptions>(
  async (app, options) => {
    // A failure while rendering (a page module, a remote, a page's data) is one line per kind,
    // rate-limited: with a remote or the API down, every render meets it (docs/decisions/115).
    const log = (message: string, error?: unknown) =>
      error
        ? app.failureLog.failed({ source: 'render', kind: message, error })
        : app.log.info(message);
    const renderer =
      options.renderer ?? (await loadRenderer(options, app.apiFetch, log, app.failureLog));
    app.decorate('renderer', renderer);
    await renderer.remotes.refresh();
    let versions = renderer.remotes.versions();
    // One refresh at a time: a redeployed remote's load may take longer than a poll.
    let refreshing = false;
    const poll = setInterval(async () => {
      if (refreshing) return;
      refreshing = true;
      try {
        await renderer.remotes.refresh();
      } finally {
        refreshing = false;
      }
      if (renderer.remotes.versions() === versions) return;
      versions = renderer.remotes.versions();
      app.renderCache?.clear();
    }, options.remotePollMs);
    poll.unref();
    app.addHook('onClose', async () => clearInterval(poll));
  },
  { name: 'site-renderer', fastify: '5.x', dependencies: ['site-caches', 'site-failure-log'] },
);
