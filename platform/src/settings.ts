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
