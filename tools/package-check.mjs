// @ts-check
// The packages run without the repository (docs/decisions/103): dist-deploy/ (npm run package)
// copied into a folder of its own under the system's temp folder, laid out as deploy/Dockerfile
// lays each image out, and each service started there with the very command its image runs (the
// CMD of its stage, read from the Dockerfile), on loopback: the content API on PGlite, the four
// remotes, the site's server. They must serve the site: /readyz ready, pages with their content,
// a remote's files and the API through the site's origin. Node built-ins only; every process it
// starts is stopped by its pid.
//   node tools/package-check.mjs            (after npm run build && npm run package)
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { claimBlock } from './free-ports.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = path.join(ROOT, 'dist-deploy');
const DOCKERFILE = path.join(ROOT, 'deploy', 'Dockerfile');
const REMOTES = ['portfolio', 'blog', 'auth', 'shop'];
/**
 * How long each service may take to be ready, and a page to come whole: bounds only, for a busy
 * machine (CI runs this at the lowest priority beside the browser smoke: docs/decisions/154).
 */
const READY_TIMEOUT_MS = 300_000;
const PAGE_TIMEOUT_MS = 120_000;

/**
 * Each stage's CMD in deploy/Dockerfile: stage name → argv.
 * @returns {Record<string, string[]>}
 */
export function dockerCommands(text = readFileSync(DOCKERFILE, 'utf8')) {
  /** @type {Record<string, string[]>} */
  const commands = {};
  /** @type {string | undefined} */
  let stage;
  for (const line of text.split('\n')) {
    const from = /^FROM\s+\S+\s+AS\s+(\S+)/i.exec(line);
    if (from) stage = from[1];
    const cmd = /^CMD\s+(\[.*\])\s*$/.exec(line);
    if (cmd?.[1] && stage) commands[stage] = /** @type {string[]} */ (JSON.parse(cmd[1]));
  }
  return commands;
}

/**
 * A stage's CMD, which deploy/Dockerfile must have.
 * @param {Record<string, string[]>} commands
 * @param {string} stage
 */
function commandOf(commands, stage) {
  const argv = commands[stage];
  if (!argv?.[0]) throw new Error(`deploy/Dockerfile has no CMD for the ${stage} stage`);
  return argv;
}

/** Ports from a block this process holds outside the ephemeral range (free-ports.mjs). */
let nextPort;
async function freePort() {
  nextPort ??= await claimBlock();
  const port = nextPort;
  nextPort += 1;
  return port;
}

/**
 * @param {string} url
 * @param {(response: Response) => boolean} [ok]
 */
async function waitFor(url, ok = (response) => response.ok, timeoutMs = READY_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (ok(response)) return response;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer as expected in time (${last})`);
}

async function main() {
  if (!existsSync(PACKAGES))
    throw new Error('No dist-deploy/: run npm run build && npm run package');
  const commands = dockerCommands();
  const work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-packages-'));
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  /** @type {string[]} */
  const logs = [];
  /**
   * Starts `argv` (a stage's CMD) in `cwd` with only these settings (and PATH).
   * @param {string} name
   * @param {string[]} argv
   * @param {string} cwd
   * @param {Record<string, string>} env
   */
  function start(name, argv, cwd, env) {
    const [command = 'node', ...args] = argv;
    const child = spawn(command === 'node' ? process.execPath : command, args, {
      cwd,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => logs.push(`[${name}] ${chunk.toString().trimEnd()}`));
    }
    child.on('exit', (code, signal) => {
      if (!stopping) logs.push(`[${name}] exited (${signal ?? code})`);
    });
    children.push(child);
    return child;
  }
  let stopping = false;
  try {
    // The images' layouts: /app is the package (site, api); a remote's /app holds serve.mjs and
    // public/, its folder.
    cpSync(path.join(PACKAGES, 'site'), path.join(work, 'site'), { recursive: true });
    cpSync(path.join(PACKAGES, 'api'), path.join(work, 'api'), { recursive: true });
    for (const remote of REMOTES) {
      const dir = path.join(work, `remote-${remote}`);
      cpSync(path.join(PACKAGES, 'static', 'serve.mjs'), path.join(dir, 'serve.mjs'));
      cpSync(path.join(PACKAGES, `remote-${remote}`), path.join(dir, 'public'), {
        recursive: true,
      });
    }

    const apiPort = await freePort();
    start('api', commandOf(commands, 'api'), path.join(work, 'api'), {
      PORT: String(apiPort),
      DATA_DIR: path.join(work, 'data', 'pglite'),
      FIREBASE_PROJECT_ID: 'demo-portfolio',
      SITE_URL: 'http://localhost',
    });
    /** @type {Record<string, number>} */
    const remotePorts = {};
    for (const remote of REMOTES) {
      const port = await freePort();
      remotePorts[remote] = port;
      start(remote, commandOf(commands, 'remote'), path.join(work, `remote-${remote}`), {
        PORT: String(port),
      });
    }
    await waitFor(`http://127.0.0.1:${apiPort}/api/health`);
    for (const remote of REMOTES) {
      await waitFor(`http://127.0.0.1:${remotePorts[remote]}/mf-manifest.json`);
    }
    const sitePort = await freePort();
    const site = `http://localhost:${sitePort}`;
    start('site', commandOf(commands, 'site'), path.join(work, 'site'), {
      SHELL_PORT: String(sitePort),
      SITE_URL: site,
      SITE_WORKERS: '1',
      API_BASE_URL: `http://127.0.0.1:${apiPort}/api`,
      ...Object.fromEntries(
        REMOTES.map((remote) => [
          `REMOTE_${remote.toUpperCase()}_URL`,
          `http://127.0.0.1:${remotePorts[remote]}/mf-manifest.json`,
        ]),
      ),
    });
    await waitFor(`${site}/readyz`);

    /** @type {string[]} */
    const checks = [];
    /**
     * A page with its content: a 200 holds it, or it is a 503 that says when to ask again (a page
     * the site could not render whole in its budget on a busy machine, docs/decisions/117),
     * asked again as it says; anything else, or a 200 without it, fails.
     * @param {string} pathname
     * @param {string[]} texts
     */
    const expectPage = async (pathname, texts) => {
      const deadline = Date.now() + PAGE_TIMEOUT_MS;
      let unavailable = 0;
      for (;;) {
        const response = await fetch(`${site}${pathname}`);
        const body = await response.text();
        const retryAfter = Number(response.headers.get('retry-after'));
        if (response.status === 503 && retryAfter > 0 && Date.now() < deadline) {
          if (response.headers.get('cache-control') !== 'no-store') {
            throw new Error(`${pathname}: a 503 that a cache may keep`);
          }
          unavailable += 1;
          await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
          continue;
        }
        const missing = texts.filter((text) => !body.includes(text));
        if (response.status !== 200 || missing.length > 0) {
          throw new Error(`${pathname}: HTTP ${response.status}, missing ${missing.join(', ')}`);
        }
        checks.push(`${pathname} 200${unavailable ? ` (after ${unavailable} × 503)` : ''}`);
        return body;
      }
    };
    const articles = await (await fetch(`${site}/api/articles`)).json();
    if (!Array.isArray(articles) || articles.length === 0) {
      throw new Error('/api/articles through the site gave no articles');
    }
    checks.push(`/api/articles ${articles.length} articles`);
    await expectPage('/', ['<main', 'Alex Morgan']);
    await expectPage('/blog', [articles[0].title]);
    await expectPage(`/article/${articles[0]._id}`, [articles[0].title]);
    const manifest = await fetch(`${site}/remotes/blog/mf-manifest.json`);
    if (!manifest.ok) throw new Error(`/remotes/blog/mf-manifest.json: HTTP ${manifest.status}`);
    checks.push('/remotes/blog/mf-manifest.json 200');
    console.log(`The packages serve the site from ${work}:\n  ${checks.join('\n  ')}`);
  } catch (error) {
    console.error(logs.slice(-60).join('\n'));
    throw error;
  } finally {
    stopping = true;
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
            const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve(undefined);
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    rmSync(work, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
