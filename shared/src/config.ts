// Runtime configuration: fetched once at boot, so a deployment can move a remote, the API or
// Firebase without rebuilding any app. The shell loads it; remotes read the same instance.

// The config's schema and its check live in the contract, beside the API's (docs/decisions/090):
// the site's server checks the config where it builds it, and the browser where it reads it.
import { RuntimeConfigError, parseRuntimeConfig } from '@portfolio/contract';
import type { RuntimeConfig } from '@portfolio/contract';

export { REMOTE_NAMES, RuntimeConfigError, parseRuntimeConfig } from '@portfolio/contract';
export type {
  FirebaseWebConfig,
  OwnerIdentity,
  RemoteName,
  RuntimeConfig,
  SocialLink,
} from '@portfolio/contract';

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

let current: RuntimeConfig | undefined;

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

/** The loaded config; throws when called before loadRuntimeConfig() finished (a boot-order bug). */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new RuntimeConfigError('Runtime config has not been loaded yet.');
  return current;
}

export function hasRuntimeConfig(): boolean {
  return current !== undefined;
}

/** Fetches, validates and stores the config. Safe to call more than once: later calls reuse it. */
export async function loadRuntimeConfig(url: string = RUNTIME_CONFIG_PATH): Promise<RuntimeConfig> {
  if (current) return current;
  const response = await fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new RuntimeConfigError(`Could not load ${url} (HTTP ${response.status}).`);
  }
  const config = parseRuntimeConfig(await response.json());
  current ??= config;
  return current;
}
