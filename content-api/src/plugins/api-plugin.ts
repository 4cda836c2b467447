// apiPlugin(fn, meta): one of the API's plugins (docs/decisions/146), made as fastify-plugin
// makes one: not encapsulated (its hooks, decorations and handlers are the app's), with a name
// and the names of the plugins it needs. The API does not depend on fastify-plugin (the package
// check takes only what content-api/package.json lists), so this sets the three symbols that
// Fastify itself reads: it records the name, refuses the plugin when one it needs is not
// registered yet, and gives it no scope of its own.
import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

export interface ApiPluginMeta {
  /** `api-<job>`: what the others name in their `dependencies`. */
  name: string;
  /** Plugins that must be registered before this one (their decorations, their hooks first). */
  dependencies?: string[];
}

export function apiPlugin<Options extends FastifyPluginOptions = Record<never, never>>(
  plugin: FastifyPluginAsync<Options>,
  meta: ApiPluginMeta,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: meta.name,
    [Symbol.for('plugin-meta')]: { fastify: '5.x', ...meta },
  });
}
