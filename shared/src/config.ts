// Runtime configuration: fetched once at boot, so a deployment can move a remote, the API or
// Firebase without rebuilding any app. The shell loads it; remotes read the same instance.

export const REMOTE_NAMES = ['portfolio', 'blog', 'auth', 'shop'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
  storageBucket?: string;
  messagingSenderId?: string;
}

export interface SocialLink {
  label: string;
  url: string;
}

export interface OwnerIdentity {
  name: string;
  email: string;
  social: SocialLink[];
}

export interface RuntimeConfig {
  /**
   * The site's public origin (SITE_URL), e.g. https://alex.example: canonical URLs, feeds and
   * preview links are built from it, never from a request's Host header. Absent in a config
   * written before it existed; the pages then leave their URLs relative.
   */
  siteUrl?: string;
  /** Content API base, e.g. http://localhost:4000/api (spec: "a separate backend service under an /api path"). */
  apiBase: string;
  /** Remote name → URL of its mf-manifest.json. */
  remotes: Record<RemoteName, string>;
  /**
   * The origins the browser may load remote code from: the same list the page's
   * Content-Security-Policy names (docs/decisions/080). Every URL in `remotes` is on one of them,
   * and the federation runtime loads nothing from anywhere else. A config written before this
   * field existed allows the origins of its `remotes`.
   */
  remoteOrigins: string[];
  firebase: FirebaseWebConfig;
  /** When set (e.g. http://127.0.0.1:9099) the Firebase Auth SDK talks to the emulator. */
  authEmulatorUrl?: string;
  /** Where user profile documents live: the content API (default) or Firestore. */
  profileStore: 'api' | 'firestore';
  owner: OwnerIdentity;
  /** How long the shell waits for a remote before showing its fallback (default 15 s). */
  remoteLoadTimeoutMs?: number;
}

export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

let current: RuntimeConfig | undefined;

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(source: Record<string, unknown>, key: string, where: string): string {
  const value = source[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new RuntimeConfigError(`Runtime config: "${where}${key}" must be a non-empty string.`);
  }
  return value;
}

/** The origin of an absolute http(s) URL without credentials, or null. */
function httpOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    if (parsed.username || parsed.password) return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

/** Checks an untrusted JSON value and returns it typed; throws a RuntimeConfigError naming the bad field. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw)) throw new RuntimeConfigError('Runtime config must be a JSON object.');
  const remotesRaw = raw.remotes;
  if (!isRecord(remotesRaw))
    throw new RuntimeConfigError('Runtime config: "remotes" must be an object.');
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, requireString(remotesRaw, name, 'remotes.')]),
  ) as Record<RemoteName, string>;
  const remoteOrigins = parseRemoteOrigins(raw.remoteOrigins, remotes);
  const firebaseRaw = raw.firebase;
  if (!isRecord(firebaseRaw))
    throw new RuntimeConfigError('Runtime config: "firebase" must be an object.');
  const firebase: FirebaseWebConfig = {
    apiKey: requireString(firebaseRaw, 'apiKey', 'firebase.'),
    authDomain: requireString(firebaseRaw, 'authDomain', 'firebase.'),
    projectId: requireString(firebaseRaw, 'projectId', 'firebase.'),
  };
  for (const key of ['appId', 'storageBucket', 'messagingSenderId'] as const) {
    if (typeof firebaseRaw[key] === 'string') firebase[key] = firebaseRaw[key];
  }
  const ownerRaw = isRecord(raw.owner) ? raw.owner : {};
  const social = Array.isArray(ownerRaw.social)
    ? ownerRaw.social.filter(
        (link): link is SocialLink =>
          isRecord(link) && typeof link.label === 'string' && typeof link.url === 'string',
      )
    : [];
  const profileStore = raw.profileStore === 'firestore' ? 'firestore' : 'api';
  const config: RuntimeConfig = {
    apiBase: requireString(raw, 'apiBase', '').replace(/\/+$/, ''),
    remotes,
    remoteOrigins,
    firebase,
    profileStore,
    owner: {
      name: typeof ownerRaw.name === 'string' ? ownerRaw.name : '',
      email: typeof ownerRaw.email === 'string' ? ownerRaw.email : '',
      social,
    },
  };
  if (typeof raw.siteUrl === 'string' && /^https?:\/\//.test(raw.siteUrl)) {
    config.siteUrl = raw.siteUrl.replace(/\/+$/, '');
  }
  if (typeof raw.authEmulatorUrl === 'string' && raw.authEmulatorUrl !== '') {
    config.authEmulatorUrl = raw.authEmulatorUrl;
  }
  const timeout = raw.remoteLoadTimeoutMs;
  if (timeout !== undefined) {
    if (
      typeof timeout !== 'number' ||
      !Number.isInteger(timeout) ||
      timeout < 100 ||
      timeout > 120_000
    ) {
      throw new RuntimeConfigError(
        'Runtime config: "remoteLoadTimeoutMs" must be a whole number from 100 to 120000.',
      );
    }
    config.remoteLoadTimeoutMs = timeout;
  }
  return config;
}

/**
 * The allowed remote origins, and every remote's manifest on one of them: a config that points a
 * remote anywhere else is refused whole (docs/decisions/080).
 */
function parseRemoteOrigins(raw: unknown, remotes: Record<RemoteName, string>): string[] {
  const remoteOrigin = (name: RemoteName) => {
    const origin = httpOrigin(remotes[name]);
    if (!origin) {
      throw new RuntimeConfigError(
        `Runtime config: "remotes.${name}" must be an absolute http(s) URL.`,
      );
    }
    return origin;
  };
  if (raw === undefined) return [...new Set(REMOTE_NAMES.map(remoteOrigin))];
  if (!Array.isArray(raw) || raw.some((origin) => typeof origin !== 'string')) {
    throw new RuntimeConfigError('Runtime config: "remoteOrigins" must be a list of origins.');
  }
  const origins = (raw as string[]).map((origin) => {
    if (httpOrigin(origin) !== origin) {
      throw new RuntimeConfigError(
        `Runtime config: "remoteOrigins" holds "${origin}", which is not an http(s) origin.`,
      );
    }
    return origin;
  });
  for (const name of REMOTE_NAMES) {
    if (!origins.includes(remoteOrigin(name))) {
      throw new RuntimeConfigError(
        `Runtime config: "remotes.${name}" is not on one of the allowed remote origins.`,
      );
    }
  }
  return origins;
}

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
