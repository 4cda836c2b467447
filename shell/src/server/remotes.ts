// The remotes' server code, as the shell's server sees it. Each remote publishes, beside its
// browser build, server/routes.json (its pages and a build version) and a server container
// (server/remoteEntry.js). This module reads them where the runtime config says the remote
// lives, loads page modules with a time budget, and follows redeploys: when a remote's version
// changes it registers the new container with `force` (which drops the old one's caches), loads
// it before switching, and keeps serving the last good one if the new one fails
// (docs/decisions/035).
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { SERVER_ASSET_BASE_OPTION, SERVER_PUBLIC_PATH_OPTION } from '@portfolio/contract';
import type { RemoteName } from '@portfolio/shared/config';
import { REMOTE_NAMES } from '@portfolio/shared/config';
import type { PageModule } from '../federation/page-source';
import { parsePublishedRoutes } from '../routes';
import type { PublishedRoute, SiteRouteTable } from '../routes';
import type { RemoteVersions } from './render-types';

export interface ServerRemotesOptions {
  /**
   * Remote name → URL of its browser mf-manifest.json where this server reaches the remote (its
   * own origin: REMOTE_<NAME>_URL).
   */
  manifests: Record<RemoteName, string>;
  /**
   * Remote name → the same manifest's address on the site's origin, as the browser asks for it
   * (the runtime config's `remotes`, docs/decisions/101); `manifests` when not given.
   */
  publicManifests?: Record<RemoteName, string>;
  /** How long a page module may take to load before the page is drawn in the browser. */
  loadTimeoutMs: number;
  /** Routes known when the shell was built, for a remote never reached since start. */
  knownRoutes: SiteRouteTable;
  fetchTimeoutMs?: number;
  log?: (message: string, error?: unknown) => void;
}

interface RemoteState {
  base: string;
  /** The same folder as the browser addresses it (on the site's origin). */
  publicBase: string;
  version: string | null;
  routes: readonly PublishedRoute[];
  /** Exposed module → its stylesheets (absolute URLs), from the browser build's manifest. */
  css: Map<string, string[]>;
  reachable: boolean;
  /** Whether its last refresh failed: the next that succeeds says it is back (once). */
  down: boolean;
  /** Registered with the runtime at least once: later registrations must force. */
  registered: boolean;
  /** The container entry of the live version, to go back to when a new one fails. */
  entry: string | null;
  /** The folder the live version is served from (its deploy folder, or the remote's base). */
  versionBase: string;
  /** That folder as the browser addresses it. */
  publicVersionBase: string;
}

interface ManifestExpose {
  path?: string;
  assets?: { css?: { sync?: string[]; async?: string[] } };
}

export class RemoteTimeoutError extends Error {
  override name = 'RemoteTimeoutError';
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteTimeoutError(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Hands each remote's server container, as it starts, the base its files are served from and the
 * same folder as the browser addresses it: the runtime passes the host's init options to the
 * container, whose own runtime plugin (federation-runtime/src/server-public-path.ts) sets its
 * public path from them.
 */
function serverPublicPathPlugin(
  bases: ReadonlyMap<string, { files: string; assets: string }>,
): ModuleFederationRuntimePlugin {
  return {
    name: 'portfolio-server-public-paths',
    beforeInitContainer(args) {
      const base = bases.get(args.remoteInfo.name);
      if (base) {
        const options = args.remoteEntryInitOptions as Record<string, unknown>;
        options[SERVER_PUBLIC_PATH_OPTION] = base.files;
        options[SERVER_ASSET_BASE_OPTION] = base.assets;
      }
      return args;
    },
  };
}

export class ServerRemotes implements RemoteVersions {
  private readonly state = new Map<RemoteName, RemoteState>();
  /** Remote name → the base of the version its next container starts from (and its public one). */
  private readonly bases = new Map<string, { files: string; assets: string }>();

  constructor(private readonly options: ServerRemotesOptions) {
    registerPlugins([serverPublicPathPlugin(this.bases)]);
    for (const remote of REMOTE_NAMES) {
      const base = new URL('./', options.manifests[remote]).href;
      const publicBase = new URL('./', (options.publicManifests ?? options.manifests)[remote]).href;
      this.bases.set(remote, { files: base, assets: publicBase });
      this.state.set(remote, {
        base,
        publicBase,
        version: null,
        routes: options.knownRoutes[remote] ?? [],
        css: new Map(),
        reachable: false,
        down: false,
        registered: false,
        entry: null,
        versionBase: base,
        publicVersionBase: publicBase,
      });
    }
  }

  private log(message: string, error?: unknown) {
    this.options.log?.(message, error);
  }

  private async getJson(url: string): Promise<unknown> {
    // A remote's own published files, not the content API.
    // eslint-disable-next-line no-restricted-globals
    const response = await fetch(url, {
      signal: AbortSignal.timeout(this.options.fetchTimeoutMs ?? 2000),
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
  }

  /** Whether every remote answered the last refresh. */
  allReachable(): boolean {
    return [...this.state.values()].every((state) => state.reachable);
  }

  /** The remotes that did not answer the last refresh. */
  unreachable(): string[] {
    return [...this.state].filter(([, state]) => !state.reachable).map(([remote]) => remote);
  }

  /** The route table as last read from the remotes. */
  table(): SiteRouteTable {
    return Object.fromEntries([...this.state].map(([remote, state]) => [remote, state.routes]));
  }

  /**
   * Remote name → the browser manifest of the version the server renders with, so the browser
   * hydrates with the very same code even if a deploy happens meanwhile (a versioned folder when
   * the remote was deployed to one, else the configured address).
   */
  manifests(): Record<RemoteName, string> {
    const manifests = { ...(this.options.publicManifests ?? this.options.manifests) };
    for (const [remote, state] of this.state) {
      if (state.publicVersionBase !== state.publicBase)
        manifests[remote] = `${state.publicVersionBase}mf-manifest.json`;
    }
    return manifests;
  }

  /** Names the versions the server renders with: it changes when any remote is redeployed. */
  versions(): string {
    return [...this.state].map(([remote, state]) => `${remote}@${state.version ?? ''}`).join(' ');
  }

  /** Stylesheets the page needs in the HTML head, so it is styled before any script runs. */
  stylesheets(remote: RemoteName, module: string): string[] {
    return this.state.get(remote)?.css.get(module) ?? [];
  }

  /** Every stylesheet of every remote's live version, addressed as pages link them. */
  allStylesheets(): string[] {
    const all = new Set<string>();
    for (const state of this.state.values()) {
      for (const files of state.css.values()) for (const file of files) all.add(file);
    }
    return [...all];
  }

  /**
   * Reads every remote's published routes; a remote whose version changed gets its new
   * container loaded and switched to. Never throws: an unreachable remote keeps what it had.
   */
  async refresh(): Promise<void> {
    await Promise.all(REMOTE_NAMES.map((remote) => this.refreshRemote(remote)));
  }

  private async refreshRemote(remote: RemoteName): Promise<void> {
    const state = this.state.get(remote);
    if (!state) return;
    let published;
    try {
      published = parsePublishedRoutes(await this.getJson(`${state.base}server/routes.json`));
    } catch (error) {
      // Once per outage, from the start too.
      if (!state.down) this.log(`Remote "${remote}" is unreachable`, error);
      state.reachable = false;
      state.down = true;
      return;
    }
    if (state.down) this.log(`Remote "${remote}" answers again`);
    state.reachable = true;
    state.down = false;
    // A new build, or the same build deployed again to another folder (a rollback).
    const version = published.deployment
      ? `${published.version}@${published.deployment}`
      : published.version;
    if (version === state.version) return;
    // A versioned deploy is loaded from its own folder, which no later deploy changes.
    const versionBase = published.deployment
      ? new URL(published.deployment, state.base).href
      : state.base;
    const publicVersionBase = published.deployment
      ? new URL(published.deployment, state.publicBase).href
      : state.publicBase;
    const entry = published.deployment
      ? `${versionBase}server/remoteEntry.js`
      : `${state.base}server/remoteEntry.js?v=${encodeURIComponent(published.version)}`;
    try {
      const css = await this.readStylesheets(versionBase, publicVersionBase);
      // The new container's chunks come from its folder (server-public-path.ts); containers
      // already started keep the folder they started with.
      this.bases.set(remote, { files: versionBase, assets: publicVersionBase });
      registerRemotes([{ name: remote, entry }], { force: state.registered });
      state.registered = true;
      // Load the new container now, so no visitor's request waits for it.
      const first = published.routes[0];
      if (first) await this.load(remote, first.module);
      state.version = version;
      state.entry = entry;
      state.routes = published.routes;
      state.css = css;
      state.versionBase = versionBase;
      state.publicVersionBase = publicVersionBase;
      this.log(`Remote "${remote}" version ${version} is live on the server`);
    } catch (error) {
      this.log(`Remote "${remote}" version ${version} could not be loaded`, error);
      // Back to the live version's container (a new poll tries the new version again).
      this.bases.set(remote, { files: state.versionBase, assets: state.publicVersionBase });
      if (state.entry) registerRemotes([{ name: remote, entry: state.entry }], { force: true });
    }
  }

  /** Each exposed module's stylesheets, addressed as the browser asks for them. */
  private async readStylesheets(base: string, publicBase: string): Promise<Map<string, string[]>> {
    const manifest = (await this.getJson(`${base}mf-manifest.json`)) as {
      exposes?: ManifestExpose[];
    };
    const css = new Map<string, string[]>();
    for (const expose of manifest.exposes ?? []) {
      if (!expose.path) continue;
      const files = expose.assets?.css?.sync ?? [];
      css.set(
        expose.path,
        files.map((file) => new URL(file, publicBase).href),
      );
    }
    return css;
  }

  /** Loads one exposed page module within the time budget. */
  async load(remote: RemoteName, module: string): Promise<PageModule> {
    const id = `${remote}/${module.replace(/^\.\//, '')}`;
    const loaded = await withTimeout(
      loadRemote<PageModule>(id),
      this.options.loadTimeoutMs,
      `Remote module "${id}"`,
    );
    if (!loaded || typeof loaded.default !== 'function') {
      throw new Error(`Remote module "${id}" has no page component`);
    }
    return loaded;
  }
}
