// Settings read from the environment, each checked where it is read: a wrong value stops the
// process with a message naming the setting, never a default the operator did not choose.

/** A port setting: unset or empty gives `fallback`. */
export function portFromEnv(
  envName: string,
  fallback: number,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const raw = env[envName];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${envName} must be a port number (1-65535), got "${raw}"`);
  }
  return port;
}

/** An on/off setting: unset or empty gives `fallback`. */
export function switchFromEnv(
  envName: string,
  fallback: boolean,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const raw = env[envName]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new Error(`${envName} must be on or off, got "${env[envName]}"`);
}

/** A whole number of milliseconds (or a count) in a range: unset or empty gives `fallback`. */
export function integerFromEnv(
  envName: string,
  fallback: number,
  { min, max }: { min: number; max: number },
  env: NodeJS.ProcessEnv = process.env,
): number {
  const raw = env[envName]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${envName} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/**
 * Reads the settings file into the environment: ENV_FILE when set (it must exist), else `.env`
 * in the working directory when there is one (`.env.example` lists every setting). A variable
 * already in the environment wins over the file's (Node's process.loadEnvFile). Returns the file
 * read, if any.
 */
export function loadSettingsFile(env: NodeJS.ProcessEnv = process.env): string | null {
  const given = env.ENV_FILE?.trim();
  const file = given || '.env';
  try {
    process.loadEnvFile(file);
    return file;
  } catch (error) {
    if (!given && (error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(
      `ENV_FILE: cannot read the settings file "${file}": ${(error as Error).message}`,
    );
  }
}

/** Host names that only ever mean this machine. */
const LOCAL_NAMES = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/**
 * Warnings about settings that work on a laptop and not on a public host: SITE_URL unset or
 * still a local address while NODE_ENV=production (canonical URLs, preview cards, the feed and
 * the sitemap would all point at localhost).
 */
export function productionWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const siteUrl = env.SITE_URL?.trim();
  let host = '';
  try {
    host = siteUrl ? new URL(siteUrl).hostname : '';
  } catch {
    host = '';
  }
  if (!siteUrl || LOCAL_NAMES.test(host)) {
    return [
      `SITE_URL is ${siteUrl ? `"${siteUrl}"` : 'not set'} while NODE_ENV=production: every ` +
        'canonical URL, preview card, the feed and the sitemap will point at this machine. Set ' +
        'SITE_URL to the public address, e.g. https://alex.example',
    ];
  }
  return [];
}
