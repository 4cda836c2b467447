// The local stack both `npm start` (start.mjs, production builds) and `npm run dev` (dev.mjs,
// development builds with hot reload) run: the Firebase Auth emulator, the content API, the
// remotes and the site's server, each a child process or server of this one, their output
// printed under their names. `stop()` ends everything this stack started, and only that.
import { LOOPBACK_HOST_NAMES } from '@portfolio/contract/hosts';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS, portOf } from '@portfolio/platform/apps';
import { SettingsError, loadSettingsFile } from '@portfolio/platform/settings';
// By path: the platform's package names no entry for it (docs/decisions/147).
import { readStackSettings } from '../platform/src/stack-settings.ts';
import { authEmulatorCommand, exportedAccounts, keepSessions } from './auth-emulator.ts';
import { ROOT } from './root.ts';

/** The Node options under which a tool runs the repo's TypeScript (see package.json). */
export const TYPESCRIPT_NODE_OPTIONS = ['--conditions=@portfolio/source', '--import', 'tsx'];

/**
 * The API and the site's server log JSON: show their messages, and per-request lines only when
 * they are warnings.
 * @param {string} line
 */
export function readableLogLine(line) {
  try {
    const entry = JSON.parse(line);
    if ((entry.req || entry.res) && entry.level < 40) return null;
    // A warning or an error says what went wrong: the failure log's `error`, or pino's `err`.
    const detail = entry.level >= 40 ? (entry.error ?? entry.err?.message) : undefined;
    if (entry.msg && typeof detail === 'string') return `${entry.msg}: ${detail}`;
    return entry.msg ?? line;
  } catch {
    return line;
  }
}

/**
 * @param {{ label: string, env?: NodeJS.ProcessEnv }} options
 */
export function createStack({ label, env = process.env }) {
  // Settings from the environment, or a .env file at the root (ENV_FILE): .env.example. Read
  // once, by the stack's schema (platform/src/stack-settings.ts): a wrong value stops here.
  /** @type {import('../platform/src/stack-settings.ts').StackSettings} */
  let settings;
  try {
    loadSettingsFile(env);
    settings = readStackSettings(env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(`[${label}] ${error.message}`);
    process.exit(1);
  }
  const bindHost = settings.HOST;
  const publicHost = bindHost === '0.0.0.0' || bindHost === '::' ? 'localhost' : bindHost;
  const apiPort = settings.API_PORT;
  const emulatorPort = settings.AUTH_EMULATOR_PORT;
  const useEmulator = !settings.FIREBASE_API_KEY || Boolean(settings.AUTH_EMULATOR_URL);
  const emulatorDataDir = path.resolve(ROOT, settings.EMULATOR_DATA_DIR);
  /** The host name in the site's own addresses. */
  const siteHostname = publicHost === '127.0.0.1' ? 'localhost' : publicHost;
  // The API's and the site's info line per request would only be dropped here (readableLogLine).
  const logRequests = settings.LOG_REQUESTS ? 'on' : 'off';
  // The key of the site's own content event streams (docs/decisions/083): the setting when
  // given, else one made for this run, known only to the API and the site's server it starts.
  const contentEventsKey = settings.CONTENT_EVENTS_KEY || randomBytes(32).toString('hex');
  /** @param {import('@portfolio/platform/apps').AppInfo} app */
  const appPort = (app) => portOf(app, settings);

  /** @type {{ name: string, child: import('node:child_process').ChildProcess }[]} */
  const children = [];
  /** @type {{ close(): unknown }[]} */
  const servers = [];
  let stopping = false;

  /** @param {string} message */
  function log(message) {
    console.log(`[${label}] ${message}`);
  }

  /** A service's output, a line at a time, under its name. */
  function print(name, stream, text, formatLine = (line) => line) {
    const lines = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(formatLine)
      .filter((line) => line !== null)
      .map((line) => `[${name}] ${line}`)
      .join('\n');
    if (!lines) return;
    if (stream === 'stderr') console.error(lines);
    else console.log(lines);
  }

  /**
   * @param {string} name
   * @param {string} command
   * @param {string[]} commandArgs
   * @param {Record<string, string>} [extraEnv]
   * @param {(line: string) => string | null} [formatLine]
   */
  function run(name, command, commandArgs, extraEnv = {}, formatLine = (line) => line) {
    const child = spawn(command, commandArgs, {
      cwd: ROOT,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => print(name, 'stdout', chunk.toString(), formatLine));
    child.stderr.on('data', (chunk) => print(name, 'stderr', chunk.toString(), formatLine));
    child.on('exit', (code, signal) => {
      if (!stopping) log(`${name} exited (${signal ?? code}); the rest of the site keeps running`);
    });
    children.push({ name, child });
    return child;
  }

  /** Whether `url` answered 2xx before the time was up. */
  async function waitFor(url, name, timeoutMs = 90_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && !stopping) {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return true;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (!stopping) log(`${name} did not become ready at ${url}`);
    return false;
  }

  /**
   * The Auth emulator, with the accounts of its folder; the sessions of before a restart stay
   * valid (tools/auth-emulator.mjs). Resolves once it answers with its accounts restored.
   */
  async function startEmulator() {
    if (!useEmulator) return true;
    const projectId = settings.FIREBASE_PROJECT_ID;
    const accounts = exportedAccounts(emulatorDataDir) ?? [];
    const emulator = authEmulatorCommand({
      port: emulatorPort,
      projectId,
      dataDir: emulatorDataDir,
    });
    run('auth-emulator', emulator.command, emulator.args, emulator.env);
    const origin = `http://127.0.0.1:${emulatorPort}`;
    if (!(await waitFor(`${origin}/`, 'Auth emulator'))) return false;
    try {
      const kept = await keepSessions({ origin, projectId, accounts });
      if (kept > 0) log(`auth emulator: ${kept} account(s) imported with their sessions`);
    } catch (error) {
      log(`auth emulator: sessions of before the restart may be refused (${error.message})`);
    }
    return true;
  }

  /**
   * The Auth emulator, then the content API. Not both at once: the API makes sure of its dev
   * admin as soon as it starts, and before the emulator has imported its accounts it would
   * create the admin anew, under a new uid, losing the old one's sessions (ADR 113).
   * @param {{ watch?: boolean }} [apiOptions]
   * @returns {Promise<[boolean, boolean]>} whether each is ready
   */
  async function startEmulatorAndApi(apiOptions) {
    const emulatorReady = await startEmulator();
    const apiReady = await startApi(apiOptions);
    return [emulatorReady, apiReady];
  }

  /**
   * The host names the API answers for (it refuses others: DNS rebinding). Loopback names
   * always; on a wildcard bind also this machine's name and addresses, which LAN browsers use.
   */
  function apiPublicHosts() {
    if (settings.PUBLIC_HOSTS) return settings.PUBLIC_HOSTS;
    const hosts = [...LOOPBACK_HOST_NAMES, publicHost];
    if (settings.API_BASE_URL) hosts.push(new URL(settings.API_BASE_URL).hostname);
    if (bindHost === '0.0.0.0' || bindHost === '::') {
      hosts.push(os.hostname().toLowerCase());
      for (const addresses of Object.values(os.networkInterfaces())) {
        for (const { address, family } of addresses ?? []) {
          hosts.push(family === 'IPv6' ? `[${address.replace(/%.*$/, '')}]` : address);
        }
      }
    }
    const names = hosts
      .map((host) => host.toLowerCase())
      .map((host) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host))
      // The API refuses a PUBLIC_HOSTS entry it cannot parse (a machine name with "_", say).
      .filter((host) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(host));
    return [...new Set(names)].join(',');
  }

  /**
   * The content API: its build (`npm start`), or its sources under `tsx watch` (`npm run dev`),
   * which restarts it alone when they change.
   * @param {{ watch?: boolean }} [options]
   */
  function startApi({ watch = false } = {}) {
    const built = path.join(ROOT, 'content-api', 'dist', 'server.js');
    if (!watch && !existsSync(built)) {
      log('content API not built (content-api/dist/server.js missing): run npm run build');
      return Promise.resolve(false);
    }
    // The API answers the apps on whatever ports they run, by either local host name.
    const siteOrigins = APPS.flatMap((app) =>
      ['localhost', '127.0.0.1', publicHost].map((host) => `http://${host}:${appPort(app)}`),
    );
    const [command, commandArgs] = watch
      ? [
          process.execPath,
          [
            path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
            'watch',
            '--clear-screen=false',
            '--conditions=@portfolio/source',
            path.join(ROOT, 'content-api', 'src', 'server.ts'),
          ],
        ]
      : [process.execPath, [built]];
    run(
      'api',
      command,
      commandArgs,
      {
        HOST: bindHost,
        PORT: String(apiPort),
        CORS_ORIGINS: settings.CORS_ORIGINS || [...new Set(siteOrigins)].join(','),
        PUBLIC_HOSTS: apiPublicHosts(),
        SITE_URL: settings.SITE_URL || `http://localhost:${appPort(APPS[0])}`,
        // The browser reaches the API through the site's server (docs/decisions/101), which says
        // who asked in X-Forwarded-For: believed from loopback only (the stack's default).
        TRUST_PROXY: settings.TRUST_PROXY,
        FIREBASE_PROJECT_ID: settings.FIREBASE_PROJECT_ID,
        LOG_REQUESTS: logRequests,
        CONTENT_EVENTS_KEY: contentEventsKey,
        ...(useEmulator
          ? {
              FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
              NODE_ENV: settings.NODE_ENV || 'development',
            }
          : {}),
      },
      readableLogLine,
    );
    return waitFor(`http://127.0.0.1:${apiPort}/api/health`, 'Content API');
  }

  /**
   * The site's server as a child process (it starts its own SITE_WORKERS workers): `command`
   * and `args` run it (its build, or its sources under tsx in development). Resolves once it
   * answers; fails if it exits first (a port in use, a build missing).
   * @param {{ command: string, args: string[], env?: Record<string, string> }} how
   */
  async function startSiteServer(how) {
    // A remote's dev server puts its hot-update client in the server builds too, where it
    // only says it waits (harmless: nothing in Node ever signals it).
    const formatLine = (/** @type {string} */ line) => {
      const readable = readableLogLine(line);
      return readable?.startsWith('[HMR] ') ? null : readable;
    };
    const shell = APPS[0];
    const port = appPort(shell);
    const child = run(
      'site',
      how.command,
      how.args,
      {
        SHELL_PORT: String(port),
        HOST: bindHost,
        SITE_HOSTNAME: siteHostname,
        LOG_REQUESTS: logRequests,
        CONTENT_EVENTS_KEY: contentEventsKey,
        ...how.env,
      },
      formatLine,
    );
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const ready = await Promise.race([
      waitFor(`http://127.0.0.1:${port}/healthz`, 'Site'),
      exited.then((code) => {
        throw new Error(
          `the site's server exited (${code}) before it answered; is port ${port} free? Set ${shell.portEnv}`,
        );
      }),
    ]);
    if (!ready) throw new Error(`the site's server did not answer on port ${port}`);
    return child;
  }

  /**
   * A server of this process (a remote's): listening on the remote's port, closed on stop.
   * @param {import('@portfolio/platform/apps').AppInfo} app
   * @param {import('node:http').Server} server
   */
  function listen(app, server) {
    return new Promise((resolve, reject) => {
      server.once('error', (error) =>
        reject(
          new Error(
            `${app.name}: cannot listen on port ${appPort(app)} (${error.message}); set ${app.portEnv}`,
          ),
        ),
      );
      server.listen(appPort(app), bindHost, () => resolve(undefined));
      servers.push(server);
    });
  }

  /**
   * Something of this process to close when the stack stops (a dev server, a watcher).
   * @param {{ close(): unknown }} closable
   */
  function own(closable) {
    servers.push(closable);
  }

  async function stop(exitCode = 0) {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
            const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve(undefined);
            });
            // SIGINT lets the emulator export its accounts before it exits.
            child.kill('SIGINT');
          }),
      ),
    );
    process.exit(exitCode);
  }

  function banner(apiReady, emulatorReady) {
    const url = `http://${siteHostname}:${appPort(APPS[0])}`;
    console.log('');
    log(`site:          ${url}`);
    log(`content API:   http://${publicHost}:${apiPort}/api ${apiReady ? '' : '(not running)'}`);
    if (useEmulator) {
      log(
        `auth emulator: http://127.0.0.1:${emulatorPort} ${emulatorReady ? '' : '(not running)'}`,
      );
    }
    log('press Ctrl-C to stop');
  }

  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  return {
    settings: { bindHost, publicHost, siteHostname, apiPort },
    log,
    run,
    print,
    waitFor,
    startEmulator,
    startApi,
    startEmulatorAndApi,
    startSiteServer,
    listen,
    own,
    stop,
    banner,
  };
}
