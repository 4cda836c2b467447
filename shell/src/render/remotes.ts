// The remotes' server code, as the shell's server sees it. Each remote publishes, beside its
// browser build, server/routes.json (its pages and a build version) and a server container
// (server/remoteEntry.js). This module reads them where the runtime config says the remote
// lives, loads page modules with a time budget, and follows redeploys: when a remote's version
// changes it registers the new container with `force` (which drops the old one's caches), loads
// it before switching, and keeps serving the last good one if the new one fails
// (docs/decisions/035).
//
// Beside each remote's live version it can load candidates (docs/decisions/191): a version kept
// in the remote's deploy folder, registered with the federation runtime under a name of its own
// (`<remote>--<version>`), so both run side by side on the same shared React; a render is handed
// a view (`view()`) that takes chosen remotes from their candidate (a preview, a canary).
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { SERVER_ASSET_BASE_OPTION, SERVER_PUBLIC_PATH_OPTION } from '@portfolio/contract';
import type { RemoteName } from '@portfolio/shared/config';
import { REMOTE_NAMES } from '@portfolio/shared/config';
import type { PageModule } from '../federation/page-source';
import { parsePublishedRoutes } from '../routes';
import type { PublishedRoute, SiteRouteTable } from '../routes';
import type { RemoteVersions } from './render-types';
import { parseCanaryPlan } from '@portfolio/platform/remote-rollout';
import type { CanaryPlan } from '@portfolio/platform/remote-rollout';

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
  /**
   * How long a new version's container may take to load when a refresh switches to it: no
   * visitor waits for that, so a busy machine's slow first load is not a failure (default 30 s).
   */
  containerLoadTimeoutMs?: number;
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
  /** The live version's deploy id (its folder), or its build version when not deployed. */
  liveId: string | null;
  /** Its canary, once the candidate is loaded; null without one. */
  canary: CanaryPlan | null;
  /** Its candidates by version: loading or loaded (null: could not be loaded). */
  candidates: Map<string, Promise<RemoteCandidate | null>>;
  /** Loads of this remote's containers, one after the other (server-public-path.ts). */
  queue: Promise<unknown>;
  /**
   * A new live version whose container load a poll gave up on (CONTAINER_LOAD_TIMEOUT_MS) and
   * which is still under way: the polls wait for it to end before they load that version again,
   * so a slow host never piles up loads of one container (each would slow the others down).
   */
  slowLoad?: { version: string; settled: Promise<void> };
}

/** A candidate version of a remote, loaded beside its live one. */
export interface RemoteCandidate {
  remote: RemoteName;
  /** Its deployed version (its folder under versions/). */
  version: string;
  /** The name it is registered under with the federation runtime. */
  name: string;
  routes: readonly PublishedRoute[];
  css: Map<string, string[]>;
  /** Its folder as the browser addresses it. */
  publicVersionBase: string;
}

/**
 * What one render uses of the remotes: the live versions, but the candidate of each remote it
 * was given one for. Made per render (cheap: no copy of the routes).
 */
export interface RemotesView {
  table(): SiteRouteTable;
  manifests(): Record<RemoteName, string>;
  stylesheets(remote: RemoteName, module: string): string[];
  load(remote: RemoteName, module: string): Promise<PageModule>;
  /** Remote name → the deployed version this render uses (live or candidate). */
  versions(): Record<RemoteName, string>;
}

/** `<base>v/<id>/` → `<id>`: the deploy id of a versioned folder (tools/deploy.ts). */
export function deployIdOf(deployment: string | undefined): string | undefined {
  return /^v\/([^/]+)\/$/.exec(deployment ?? '')?.[1];
}

/** A container's federation instance, as the runtime lists them all (globalThis.__FEDERATION__). */
interface FederationInstanceLike {
  name: string;
}

function federationInstances(): FederationInstanceLike[] | undefined {
  return (globalThis as { __FEDERATION__?: { __INSTANCES__?: FederationInstanceLike[] } })
    .__FEDERATION__?.__INSTANCES__;
}

/**
 * Loads a container of `remote` with an instance of its own. The runtime finds a starting
 * container's instance by the remote's name, so every version of a remote would share the first
 * one, with its plugins (the Node chunk loader, the public path): they act on the first
 * container's own webpack runtime, and a second version's chunks would be loaded as files. While
 * this container starts, the remote's other instances are out of the runtime's list; then they are
 * back, the live version's first (the one a redeploy's forced registration removes).
 */
async function withOwnInstance<T>(
  remote: string,
  load: () => Promise<T>,
  { live }: { live: boolean },
): Promise<T> {
  const list = federationInstances();
  if (!list) return load();
  const before = list.filter((instance) => instance.name === remote);
  const keep = () => {
    const now = federationInstances() ?? list;
    const started = now.filter(
      (instance) => instance.name === remote && !before.includes(instance),
    );
    const others = now.filter((instance) => instance.name !== remote);
    const ordered = live ? [...started, ...before] : [...before, ...started];
    now.splice(0, now.length, ...others, ...ordered);
  };
  list.splice(0, list.length, ...list.filter((instance) => instance.name !== remote));
  try {
    return await load();
  } finally {
    keep();
  }
}

const noop = (): void => undefined;

/** How many candidates of one remote stay loaded (previews, a canary): the newest. */
const MAX_CANDIDATES = 4;

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

/** The default of `containerLoadTimeoutMs`. */
export const CONTAINER_LOAD_TIMEOUT_MS = 30_000;

export class ServerRemotes implements RemoteVersions {
  private readonly state = new Map<RemoteName, RemoteState>();
  /** The refresh under way: a second caller (the poll, the warm-up) waits for it. */
  private refreshing: Promise<void> | undefined;
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
        liveId: null,
        canary: null,
        candidates: new Map(),
        queue: Promise.resolve(),
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

  /** Whether every remote's server code is loaded: a live version's container started. */
  allLoaded(): boolean {
    return [...this.state.values()].every((state) => state.version !== null);
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

  /**
   * Names the versions the server renders with: it changes when any remote is redeployed or a
   * canary starts or ends.
   */
  versions(): string {
    return [...this.state]
      .map(
        ([remote, state]) =>
          `${remote}@${state.version ?? ''}` +
          (state.canary ? `+canary@${state.canary.version}@${state.canary.startedAt}` : ''),
      )
      .join(' ');
  }

  /** Each remote's running canary (its candidate loaded), by remote. */
  canaries(): Map<RemoteName, CanaryPlan> {
    const canaries = new Map<RemoteName, CanaryPlan>();
    for (const [remote, state] of this.state) if (state.canary) canaries.set(remote, state.canary);
    return canaries;
  }

  /** The deploy id of each remote's live version (null before it is loaded). */
  liveVersions(): Record<RemoteName, string | null> {
    return Object.fromEntries(
      [...this.state].map(([remote, state]) => [remote, state.liveId]),
    ) as Record<RemoteName, string | null>;
  }

  /**
   * A candidate of `remote`: its kept version `version`, loaded beside the live one (once; a
   * failed load is tried again by the next call). Null when it is the live version, or when it
   * could not be loaded (logged).
   */
  candidate(remote: RemoteName, version: string): Promise<RemoteCandidate | null> {
    const state = this.state.get(remote);
    if (!state || version === state.liveId) return Promise.resolve(null);
    const known = state.candidates.get(version);
    if (known) return known;
    const loading = this.loadCandidate(remote, state, version).catch((error: unknown) => {
      this.log(`Remote "${remote}" candidate ${version} could not be loaded`, error);
      state.candidates.delete(version);
      return null;
    });
    state.candidates.set(version, loading);
    // The oldest beyond the last few are forgotten (their modules stay with the runtime).
    for (const old of [...state.candidates.keys()].slice(0, -MAX_CANDIDATES)) {
      if (old !== state.canary?.version) state.candidates.delete(old);
    }
    return loading;
  }

  private async loadCandidate(
    remote: RemoteName,
    state: RemoteState,
    version: string,
  ): Promise<RemoteCandidate> {
    const folder = `v/${version}/`;
    const versionBase = new URL(folder, state.base).href;
    const publicVersionBase = new URL(folder, state.publicBase).href;
    const published = parsePublishedRoutes(await this.getJson(`${versionBase}server/routes.json`));
    const css = await this.readStylesheets(versionBase, publicVersionBase);
    const name = `${remote}--${version}`;
    await this.inQueue(state, async () => {
      this.bases.set(name, { files: versionBase, assets: publicVersionBase });
      registerRemotes([{ name, entry: `${versionBase}server/remoteEntry.js` }]);
      const first = published.routes[0];
      if (first) {
        await withOwnInstance(
          remote,
          () =>
            this.loadModule(
              name,
              first.module,
              this.options.containerLoadTimeoutMs ?? CONTAINER_LOAD_TIMEOUT_MS,
            ),
          { live: false },
        );
      }
    });
    this.log(`Remote "${remote}" candidate ${version} is loaded beside the live version`);
    return { remote, version, name, routes: published.routes, css, publicVersionBase };
  }

  /**
   * Runs `load` after this remote's container loads under way: a container's start hands it its
   * base (server-public-path.ts), which two starting at once could mix up.
   */
  private inQueue<T>(state: RemoteState, load: () => Promise<T>): Promise<T> {
    const run = state.queue.then(load, load);
    state.queue = run.catch(() => undefined);
    return run;
  }

  /** The view a render takes: `candidates` instead of those remotes' live versions. */
  view(candidates: readonly RemoteCandidate[] = []): RemotesView {
    if (candidates.length === 0) return this.liveView;
    const byRemote = new Map(candidates.map((candidate) => [candidate.remote, candidate]));
    return {
      table: () => {
        const table = { ...this.table() };
        for (const [remote, candidate] of byRemote) table[remote] = candidate.routes;
        return table;
      },
      manifests: () => {
        const manifests = this.manifests();
        for (const [remote, candidate] of byRemote) {
          manifests[remote] = `${candidate.publicVersionBase}mf-manifest.json`;
        }
        return manifests;
      },
      stylesheets: (remote, module) => {
        const candidate = byRemote.get(remote);
        return candidate ? (candidate.css.get(module) ?? []) : this.stylesheets(remote, module);
      },
      load: (remote, module) => {
        const candidate = byRemote.get(remote);
        return candidate ? this.loadModule(candidate.name, module) : this.load(remote, module);
      },
      versions: () => {
        const versions = this.liveView.versions();
        for (const [remote, candidate] of byRemote) versions[remote] = candidate.version;
        return versions;
      },
    };
  }

  private readonly liveView: RemotesView = {
    table: () => this.table(),
    manifests: () => this.manifests(),
    stylesheets: (remote, module) => this.stylesheets(remote, module),
    load: (remote, module) => this.load(remote, module),
    versions: () =>
      Object.fromEntries(
        [...this.state].map(([remote, state]) => [remote, state.liveId ?? '']),
      ) as Record<RemoteName, string>,
  };

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
  refresh(): Promise<void> {
    this.refreshing ??= Promise.all(REMOTE_NAMES.map((remote) => this.refreshRemote(remote)))
      .then(() => undefined)
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
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
    await this.refreshLive(remote, state, published);
    await this.refreshCanary(remote, state);
  }

  /** The remote's canary.json: its candidate is loaded before any visitor is sent to it. */
  private async refreshCanary(remote: RemoteName, state: RemoteState): Promise<void> {
    let plan: CanaryPlan | null = null;
    try {
      plan = parseCanaryPlan(await this.getJson(`${state.base}canary.json`));
    } catch {
      // No canary (404), or none readable: none runs.
    }
    if (plan && (plan.version === state.liveId || !(await this.candidate(remote, plan.version)))) {
      plan = null;
    }
    const before = state.canary;
    if (before?.version !== plan?.version || before?.startedAt !== plan?.startedAt) {
      if (plan) this.log(`Remote "${remote}" canary ${plan.version} runs at ${plan.percent} %`);
      else if (before) this.log(`Remote "${remote}" canary ${before.version} has ended`);
    }
    state.canary = plan;
  }

  private async refreshLive(
    remote: RemoteName,
    state: RemoteState,
    published: ReturnType<typeof parsePublishedRoutes>,
  ): Promise<void> {
    // A new build, or the same build deployed again to another folder (a rollback).
    const version = published.deployment
      ? `${published.version}@${published.deployment}`
      : published.version;
    if (version === state.version) return;
    // The last poll's load of this version is still running: not a second one beside it.
    if (state.slowLoad?.version === version) return;
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
    // The container's load itself, which goes on when the time allowed for it has passed.
    let loading: Promise<unknown> | undefined;
    try {
      const css = await this.readStylesheets(versionBase, publicVersionBase);
      // The new container's chunks come from its folder (server-public-path.ts); containers
      // already started keep the folder they started with.
      await this.inQueue(state, async () => {
        this.bases.set(remote, { files: versionBase, assets: publicVersionBase });
        registerRemotes([{ name: remote, entry }], { force: state.registered });
        state.registered = true;
        // Load the new container now, so no visitor's request waits for it.
        const first = published.routes[0];
        if (first) {
          await withOwnInstance(
            remote,
            () =>
              this.loadModule(
                remote,
                first.module,
                this.options.containerLoadTimeoutMs ?? CONTAINER_LOAD_TIMEOUT_MS,
                (started) => {
                  loading = started;
                },
              ),
            { live: true },
          );
        }
      });
      state.version = version;
      state.entry = entry;
      state.routes = published.routes;
      state.css = css;
      state.versionBase = versionBase;
      state.publicVersionBase = publicVersionBase;
      state.liveId = deployIdOf(published.deployment) ?? published.version;
      // The new live version is no candidate any more (a promoted canary).
      state.candidates.delete(state.liveId);
      this.log(`Remote "${remote}" version ${version} is live on the server`);
    } catch (error) {
      this.log(`Remote "${remote}" version ${version} could not be loaded`, error);
      if (error instanceof RemoteTimeoutError && loading) {
        const slowLoad = { version, settled: loading.then(noop, noop) };
        state.slowLoad = slowLoad;
        void slowLoad.settled.then(() => {
          if (state.slowLoad === slowLoad) state.slowLoad = undefined;
        });
      }
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

  /** Loads one exposed page module within the time budget (a render's, unless given). */
  load(
    remote: RemoteName,
    module: string,
    timeoutMs = this.options.loadTimeoutMs,
  ): Promise<PageModule> {
    return this.loadModule(remote, module, timeoutMs);
  }

  /**
   * `load` by the name a version is registered under (a remote's, or a candidate's); `started`
   * is handed the runtime's load itself, which the time budget does not stop.
   */
  private async loadModule(
    name: string,
    module: string,
    timeoutMs = this.options.loadTimeoutMs,
    started?: (load: Promise<unknown>) => void,
  ): Promise<PageModule> {
    const id = `${name}/${module.replace(/^\.\//, '')}`;
    const load = loadRemote<PageModule>(id);
    started?.(load);
    const loaded = await withTimeout(load, timeoutMs, `Remote module "${id}"`);
    if (!loaded || typeof loaded.default !== 'function') {
      throw new Error(`Remote module "${id}" has no page component`);
    }
    return loaded;
  }
}
