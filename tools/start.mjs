// `npm start`: builds what is stale, then runs the whole composed site on this machine:
// the five apps' production builds, the content API and the Firebase Auth emulator.
// Ctrl-C stops everything it started.
//   --no-build   serve what is already built
// The shell is served by its own server (shell/server.mjs, on SITE_WORKERS processes), which
// renders every page; the remotes' builds are served as static files (their browser and server
// code).
import { LOOPBACK_HOST_NAMES } from '@portfolio/contract/hosts';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  API_PORT_ENV,
  APPS,
  AUTH_EMULATOR_PORT_ENV,
  DEFAULT_API_PORT,
  DEFAULT_AUTH_EMULATOR_PORT,
  FIREBASE_PROJECT_ID,
  ROOT,
  appPort,
  portFromEnv,
} from './apps.mjs';
import { deployBuild } from './deploy.mjs';
import { siteWorkerCount, startSiteWorkers } from '../shell/site-workers.mjs';
import { createStaticServer } from './static-server.mjs';

const args = process.argv.slice(2);
const env = process.env;
const bindHost = env.HOST || '127.0.0.1';
const publicHost = bindHost === '0.0.0.0' || bindHost === '::' ? 'localhost' : bindHost;
const apiPort = portFromEnv(API_PORT_ENV, DEFAULT_API_PORT);
const emulatorPort = portFromEnv(AUTH_EMULATOR_PORT_ENV, DEFAULT_AUTH_EMULATOR_PORT);
const useEmulator = !env.FIREBASE_API_KEY || Boolean(env.AUTH_EMULATOR_URL);
const emulatorDataDir = path.resolve(ROOT, env.EMULATOR_DATA_DIR || '.firebase-emulator-data');
/** The host name in the site's own addresses. */
const siteHostname = publicHost === '127.0.0.1' ? 'localhost' : publicHost;
// The API's and the site's info line per request would only be dropped here (readableLogLine).
const logRequests = env.LOG_REQUESTS || 'off';

/** @type {{ name: string, child: import('node:child_process').ChildProcess }[]} */
const children = [];
/** @type {import('node:http').Server[]} */
const servers = [];
let stopping = false;
/** @type {ReturnType<typeof startSiteWorkers> | undefined} */
let siteWorkers;

function log(message) {
  console.log(`[start] ${message}`);
}

/**
 * The API and the site's server log JSON: show their messages, and per-request lines only when
 * they are warnings.
 */
function readableLogLine(line) {
  try {
    const entry = JSON.parse(line);
    if ((entry.req || entry.res) && entry.level < 40) return null;
    return entry.msg ?? line;
  } catch {
    return line;
  }
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

async function waitFor(url, name, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  log(`${name} did not become ready at ${url}`);
  return false;
}

function startEmulator() {
  const configDir = path.join(ROOT, 'node_modules', '.cache', 'portfolio-emulator');
  mkdirSync(configDir, { recursive: true });
  mkdirSync(emulatorDataDir, { recursive: true });
  const configFile = path.join(configDir, 'firebase.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: emulatorPort },
        // Hub and logging ports follow the emulator's, so two stacks can run side by side.
        hub: { host: '127.0.0.1', port: emulatorPort + 1 },
        logging: { host: '127.0.0.1', port: emulatorPort + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const firebaseCli = path.join(
    ROOT,
    'node_modules',
    'firebase-tools',
    'lib',
    'bin',
    'firebase.js',
  );
  const cliArgs = [
    firebaseCli,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    env.FIREBASE_PROJECT_ID || FIREBASE_PROJECT_ID,
    '--config',
    configFile,
  ];
  // Accounts are kept across restarts: imported at start, exported on exit.
  if (existsSync(path.join(emulatorDataDir, 'firebase-export-metadata.json')))
    cliArgs.push('--import', emulatorDataDir);
  cliArgs.push('--export-on-exit', emulatorDataDir);
  run('auth-emulator', process.execPath, cliArgs, { NO_UPDATE_NOTIFIER: '1' });
  return waitFor(`http://127.0.0.1:${emulatorPort}/`, 'Auth emulator');
}

/**
 * The host names the API answers for (it refuses others: DNS rebinding). Loopback names always;
 * on a wildcard bind also this machine's name and addresses, which LAN browsers use.
 */
function apiPublicHosts() {
  if (env.PUBLIC_HOSTS) return env.PUBLIC_HOSTS;
  const hosts = [...LOOPBACK_HOST_NAMES, publicHost];
  if (env.API_BASE_URL) hosts.push(new URL(env.API_BASE_URL).hostname);
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

function startApi() {
  const server = path.join(ROOT, 'content-api', 'dist', 'server.js');
  if (!existsSync(server)) {
    log(
      'content API not built (content-api/dist/server.js missing): pages that need it show their error state',
    );
    return Promise.resolve(false);
  }
  // The API answers the apps on whatever ports they run, by either local host name.
  const siteOrigins = APPS.flatMap((app) =>
    ['localhost', '127.0.0.1', publicHost].map((host) => `http://${host}:${appPort(app)}`),
  );
  run(
    'api',
    process.execPath,
    [server],
    {
      HOST: bindHost,
      PORT: String(apiPort),
      CORS_ORIGINS: env.CORS_ORIGINS || [...new Set(siteOrigins)].join(','),
      PUBLIC_HOSTS: apiPublicHosts(),
      SITE_URL: env.SITE_URL || `http://localhost:${appPort(APPS[0])}`,
      FIREBASE_PROJECT_ID: env.FIREBASE_PROJECT_ID || FIREBASE_PROJECT_ID,
      LOG_REQUESTS: logRequests,
      ...(useEmulator
        ? {
            FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
            NODE_ENV: env.NODE_ENV || 'development',
          }
        : {}),
    },
    readableLogLine,
  );
  return waitFor(`http://127.0.0.1:${apiPort}/api/health`, 'Content API');
}

/** The shell's server, on SITE_WORKERS processes (shell/site-workers.mjs). */
async function startSiteServer(app) {
  siteWorkers = startSiteWorkers({
    script: path.join(ROOT, 'shell', 'server.mjs'),
    count: siteWorkerCount(env),
    env: {
      SHELL_PORT: String(appPort(app)),
      HOST: bindHost,
      SITE_HOSTNAME: siteHostname,
      LOG_REQUESTS: logRequests,
    },
    onOutput: (stream, text) => print('site', stream, text, readableLogLine),
    log,
  });
  try {
    await siteWorkers.ready;
  } catch (error) {
    throw new Error(
      `${app.name}: cannot listen on port ${appPort(app)} (${error.message}); set ${app.portEnv}`,
    );
  }
}

async function startApps() {
  // The remotes first: the shell's server reads their published routes when it starts.
  await Promise.all(APPS.filter((app) => app.name !== 'shell').map(startStaticApp));
  await startSiteServer(APPS[0]);
}

/**
 * A remote is served from its deploy folder (tools/deploy.mjs): the fresh build becomes the
 * current version (unchanged builds are not deployed twice), and a team's later
 * `node tools/deploy.mjs <remote>` switches it while the site runs.
 */
function startStaticApp(app) {
  const deployRoot = path.join(ROOT, app.dir, 'deploys');
  const { version, changed } = deployBuild({
    buildDir: path.join(ROOT, app.dir, 'dist'),
    deployRoot,
  });
  if (changed) log(`${app.name}: deployed build ${version}`);
  return new Promise((resolve, reject) => {
    const server = createStaticServer({ deployRoot, cors: true });
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

async function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping...');
  for (const server of servers) server.close();
  await siteWorkers?.stop();
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

process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

async function main() {
  if (!args.includes('--no-build') && !args.includes('--services-only')) {
    const { execFileSync } = await import('node:child_process');
    execFileSync(process.execPath, [path.join(ROOT, 'tools', 'build.mjs'), '--if-stale'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  const [emulatorReady, apiReady] = await Promise.all([
    useEmulator ? startEmulator() : Promise.resolve(true),
    // The API seeds its dev admin into the emulator and retries while it starts.
    startApi(),
  ]);
  // The site answers last, so a readiness check on it means every service is up.
  // `--services-only` (used by `npm run dev`): the dev servers serve the apps instead.
  if (!args.includes('--services-only')) await startApps();
  const url = `http://${siteHostname}:${appPort(APPS[0])}`;
  console.log('');
  log(`site:          ${url}`);
  log(`content API:   http://${publicHost}:${apiPort}/api ${apiReady ? '' : '(not running)'}`);
  if (useEmulator)
    log(`auth emulator: http://127.0.0.1:${emulatorPort} ${emulatorReady ? '' : '(not running)'}`);
  log('press Ctrl-C to stop');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  void stop(1);
});
