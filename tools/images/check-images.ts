// `npm run check:images`: the deploy proven on real containers (docs/decisions/210,
// docs/deployment.md "The images, checked on this machine"). With Debian's podman and
// podman-compose, as root:
//   1. base images: Debian, Node, nginx, PostgreSQL, Redis made on this machine where missing
//      (base-images.ts), kept by tag in the check's own store (podman.ts);
//   2. images: every service of deploy/compose.yaml built from deploy/Dockerfile, the base images
//      passed as its build arguments (podman-compose build);
//   3. start: deploy/compose.yaml as it is, on its own network, with the check's settings (a demo
//      Firebase project, a random Postgres password) and the edge published on loopback only;
//   4. healthy: every container running, the images' health checks passing, the site ready
//      through the edge;
//   5. edge cache: a page kept by the edge (its second answer a HIT) and the API behind it;
//   6. smoke: the browser smoke (e2e/ssr.spec.ts) through the containers' edge, the tests that
//      need the Auth emulator skipped (E2E_STACK=external);
//   then everything it started is stopped and removed (containers, network, volumes, the site's
//   images and their build layers; the base images stay), and a summary is printed.
// It takes long (an npm ci and a whole production build inside the image): it is not part of CI.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { claimBlock } from '@portfolio/testing/free-ports';
import { ROOT } from '../root';
import { ensureBaseImages } from './base-images';
import type { BaseImages } from './base-images';
import { imageExists, lines, podman, run, running } from './podman';

export const USAGE = `Usage: npm run check:images [-- --rebuild-base] [--keep-images]

Builds deploy/Dockerfile's images on base images made on this machine, starts
deploy/compose.yaml with podman-compose and runs the browser smoke (e2e/ssr.spec.ts)
through the containers' edge; then removes all it started. As root, with Debian's podman,
podman-compose, runc, debootstrap and the CNI dnsname plugin:
  apt-get install podman podman-compose runc debootstrap \\
    golang-github-containernetworking-plugin-dnsname

  --rebuild-base   make the base images again (kept by tag otherwise: localhost/portfolio-base/…)
  --keep-images    keep the site's images and their build layers (a later run builds from them)
  --help           this text`;

export interface CheckOptions {
  rebuildBase: boolean;
  keepImages: boolean;
  help: boolean;
}

/** The command line's options; an unknown option or an argument is a usage error (throws). */
export function parseCheckArgs(argv: readonly string[]): CheckOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      'rebuild-base': { type: 'boolean', default: false },
      'keep-images': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  return {
    rebuildBase: values['rebuild-base'],
    keepImages: values['keep-images'],
    help: values.help,
  };
}

/** The compose project: its containers, network, volumes and images are named after it. */
export const PROJECT = 'portfolio-check';
const COMPOSE_FILE = path.join(ROOT, 'deploy', 'compose.yaml');
/** Where the run's lock is: one check at a time uses the check's store. */
const LOCK_FILE = '/run/portfolio-check-images/check.lock';
/** The edge's port: the browser specs' edge offset in a block of test ports (free-ports). */
const EDGE_OFFSET = 5;
/** Bounds only, for a busy machine: each service's first start, and a page through the edge. */
const HEALTHY_TIMEOUT_MS = 600_000;
/** The compose file's services. */
const SERVICES = [
  'edge',
  'site',
  'api',
  'portfolio',
  'blog',
  'auth',
  'shop',
  'postgres',
  'redis',
] as const;
/** The services whose images carry a health check (deploy/Dockerfile, compose's postgres). */
const CHECKED_SERVICES = ['postgres', 'api', 'site'] as const;

/**
 * The check's settings for the compose file (deploy/.env's, in production), and nothing of the
 * caller's environment but what finds programs: a demo Firebase project (the smoke tests only
 * what works offline), a Postgres password and content-events key of this run's own, the public
 * address the edge's on loopback.
 */
export function composeEnvironment(
  edgePort: number,
  base: BaseImages,
  secret: (bytes: number) => string = (bytes) => randomBytes(bytes).toString('hex'),
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: 'C.UTF-8',
    POSTGRES_IMAGE: base.POSTGRES_IMAGE,
    REDIS_IMAGE: base.REDIS_IMAGE,
    EDGE_PUBLISHED_PORT: `127.0.0.1:${edgePort}`,
    SITE_URL: `http://localhost:${edgePort}`,
    PUBLIC_HOSTS: 'localhost',
    POSTGRES_PASSWORD: secret(18),
    CONTENT_EVENTS_KEY: secret(32),
    FIREBASE_API_KEY: 'demo-api-key',
    FIREBASE_AUTH_DOMAIN: 'demo-portfolio.firebaseapp.com',
    FIREBASE_PROJECT_ID: 'demo-portfolio',
  };
}

/** podman-compose on deploy/compose.yaml as the check's project. */
function compose(args: readonly string[], env: NodeJS.ProcessEnv, show = true) {
  return run('podman-compose', ['-p', PROJECT, '-f', COMPOSE_FILE, ...args], { env, show });
}

/** The container of a service (podman-compose's name for it). */
const containerOf = (service: string) => `${PROJECT}_${service}_1`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the check refuses to start without, each with what to do. */
function preflight(): string[] {
  const problems: string[] = [];
  if (process.getuid?.() !== 0) problems.push('run it as root (podman, debootstrap)');
  for (const program of ['podman', 'podman-compose', 'runc', 'debootstrap']) {
    const found = (process.env.PATH ?? '')
      .split(':')
      .some((dir) => existsSync(path.join(dir, program)));
    if (!found) problems.push(`${program} is not installed`);
  }
  if (!existsSync('/usr/lib/cni/dnsname')) {
    problems.push(
      "the CNI dnsname plugin is not installed: compose's services find each other by name",
    );
  }
  // podman-compose 1.0.3 reads deploy/.env over the environment: the check's settings would lose.
  if (existsSync(path.join(ROOT, 'deploy', '.env'))) {
    problems.push(
      "deploy/.env exists: podman-compose would read its settings over the check's; " +
        'move it aside while the check runs',
    );
  }
  return problems;
}

/** Takes the check's lock, or says who holds it. */
function takeLock(): void {
  mkdirSync(path.dirname(LOCK_FILE), { recursive: true });
  if (existsSync(LOCK_FILE)) {
    const holder = Number(readFileSync(LOCK_FILE, 'utf8'));
    let alive = false;
    try {
      process.kill(holder, 0);
      alive = Number.isInteger(holder) && holder > 0;
    } catch {
      alive = false;
    }
    if (alive) throw new Error(`another check:images runs (pid ${holder})`);
  }
  writeFileSync(LOCK_FILE, String(process.pid));
}

function releaseLock(): void {
  if (existsSync(LOCK_FILE) && readFileSync(LOCK_FILE, 'utf8') === String(process.pid)) {
    rmSync(LOCK_FILE);
  }
}

/** Each service's container and its state (running, exited…). */
async function containerStates(): Promise<Map<string, string>> {
  const { stdout } = await podman([
    'ps',
    '-a',
    '--filter',
    `label=io.podman.compose.project=${PROJECT}`,
    '--format',
    '{{.Names}} {{.State}}',
  ]);
  return new Map(lines(stdout).map((line) => line.split(' ') as [string, string]));
}

/** The last lines a container wrote. */
async function logTail(container: string): Promise<string> {
  const { stdout, stderr } = await podman(['logs', '--tail', '30', container], {
    allowFailure: true,
  });
  return `${stdout}${stderr}`.trim();
}

/**
 * Waits until every service's container runs, each health check passes (run by hand: podman's
 * timers need systemd), and the site says it is ready through the edge.
 */
async function waitHealthy(origin: string): Promise<string[]> {
  const deadline = Date.now() + HEALTHY_TIMEOUT_MS;
  const notes: string[] = [];
  const pending = new Set<string>(CHECKED_SERVICES);
  while (pending.size > 0) {
    const states = await containerStates();
    for (const service of SERVICES) {
      const state = states.get(containerOf(service));
      // A container that stopped is restarted by its policy; one that is gone is a failure.
      if (state === undefined) {
        throw new Error(`${service} has no container:\n${await logTail(containerOf(service))}`);
      }
    }
    for (const service of [...pending]) {
      const checked = await podman(['healthcheck', 'run', containerOf(service)], {
        allowFailure: true,
      });
      if (checked.code === 0) {
        pending.delete(service);
        notes.push(`${service} healthy`);
      } else if (/no defined healthcheck/.test(checked.stderr)) {
        throw new Error(`${service}'s image has no health check: ${checked.stderr.trim()}`);
      }
    }
    if (pending.size === 0) break;
    if (Date.now() > deadline) {
      const tails = await Promise.all(
        [...pending].map(async (service) => `${service}:\n${await logTail(containerOf(service))}`),
      );
      throw new Error(`not healthy in time: ${[...pending].join(', ')}\n${tails.join('\n')}`);
    }
    await sleep(3000);
  }
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5000) });
      last = `${response.status} ${(await response.text()).trim()}`;
      if (response.ok) {
        notes.push(`the site ready through the edge (/readyz: ${last})`);
        return notes;
      }
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(2000);
  }
  throw new Error(`the site was not ready through the edge: ${last}`);
}

/** The edge keeps a page for visitors without a session, and routes /api to the API. */
async function checkEdge(origin: string): Promise<string[]> {
  const page = `${origin}/blog`;
  const first = await fetch(page);
  const second = await fetch(page);
  const statuses = [first, second].map((response) => response.headers.get('x-cache-status'));
  if (!first.ok || !second.ok || statuses[1] !== 'HIT') {
    throw new Error(
      `/blog twice through the edge: ${first.status} ${statuses[0]}, ${second.status} ${statuses[1]} (a HIT expected)`,
    );
  }
  const health = await fetch(`${origin}/api/health`);
  if (!health.ok) throw new Error(`/api/health through the edge: ${health.status}`);
  return [`/blog: ${statuses.join(' then ')}`, `/api/health: ${health.status}`];
}

/** One Playwright result, as its JSON reporter writes it. */
interface SpecResult {
  title: string;
  status: string;
  annotations: { type: string; description?: string }[];
}

/** The titles and outcomes of a Playwright JSON report's tests. */
export function reportedTests(report: unknown): SpecResult[] {
  interface Suite {
    title: string;
    suites?: Suite[];
    specs?: {
      title: string;
      tests: {
        status: string;
        annotations?: SpecResult['annotations'];
        results: { status: string }[];
      }[];
    }[];
  }
  const results: SpecResult[] = [];
  const walk = (suite: Suite, titles: string[]) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const status = test.results.at(-1)?.status ?? test.status;
        results.push({
          title: [...here, spec.title].join(' › '),
          status,
          annotations: test.annotations ?? [],
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of (report as { suites?: Suite[] }).suites ?? []) walk(suite, []);
  return results;
}

/** The browser smoke through the containers' edge: its tests' outcomes. */
async function runSmoke(origin: string): Promise<{ tests: SpecResult[]; code: number }> {
  const reportFile = path.join(os.tmpdir(), `portfolio-check-images-${process.pid}.json`);
  const { code } = await run(
    path.join(ROOT, 'node_modules', '.bin', 'playwright'),
    ['test', 'ssr.spec.ts', '--project', 'chromium', '--fully-parallel', '--reporter', 'list,json'],
    {
      cwd: path.join(ROOT, 'e2e'),
      env: {
        ...process.env,
        // The specs import the apps' texts from their sources, whose packages need no build.
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=@portfolio/source`.trim(),
        E2E_STACK: 'external',
        E2E_BASE_URL: origin,
        PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
      },
      show: true,
      allowFailure: true,
    },
  );
  const tests = existsSync(reportFile)
    ? reportedTests(JSON.parse(readFileSync(reportFile, 'utf8')))
    : [];
  rmSync(reportFile, { force: true });
  return { tests, code };
}

/**
 * Removes what the run started: compose's containers and volumes (podman-compose down), then
 * anything of the project left (a container, the network), and unless kept, the site's images and
 * the build layers no image uses any more. All of it is in the check's own store, but the network.
 */
async function cleanUp(env: NodeJS.ProcessEnv, keepImages: boolean): Promise<string[]> {
  const notes: string[] = [];
  await compose(['down', '-v'], env, false).catch((error: unknown) => {
    notes.push(`podman-compose down: ${error instanceof Error ? error.message : String(error)}`);
  });
  const label = `label=io.podman.compose.project=${PROJECT}`;
  const left = lines((await podman(['ps', '-a', '-q', '--filter', label])).stdout);
  if (left.length) await podman(['rm', '-f', '-v', ...left]);
  // Anonymous volumes (the images' VOLUMEs compose names no volume for) and compose's own.
  await podman(['volume', 'prune', '-f']);
  const networks = lines((await podman(['network', 'ls', '-q', '--filter', label])).stdout);
  if (networks.length) await podman(['network', 'rm', ...networks]);
  if (!keepImages) {
    const images = lines(
      (await podman(['images', '-q', '--filter', `reference=localhost/${PROJECT}_*`])).stdout,
    );
    if (images.length) await podman(['rmi', '-f', ...new Set(images)]);
    await podman(['image', 'prune', '-f']);
  }
  const { stdout } = await run('du', ['-sh', '/var/lib/portfolio-check-images'], {
    allowFailure: true,
  });
  notes.push(`containers, network and volumes removed${keepImages ? '' : ', the site images too'}`);
  notes.push(`the check's store now: ${stdout.split('\t')[0] ?? '?'}`);
  return notes;
}

interface Stage {
  name: string;
  seconds: number;
  ok: boolean;
  notes: string[];
}

/** Runs one stage, timing it; its error ends the run (after cleaning up). */
async function stage(stages: Stage[], name: string, body: () => Promise<string[]>): Promise<void> {
  const started = Date.now();
  console.log(`\n[check:images] ${name}…`);
  const entry: Stage = { name, seconds: 0, ok: false, notes: [] };
  stages.push(entry);
  try {
    entry.notes = await body();
    entry.ok = true;
  } catch (error) {
    entry.notes = [error instanceof Error ? error.message : String(error)];
    throw error;
  } finally {
    entry.seconds = Math.round((Date.now() - started) / 1000);
  }
}

/** The summary: when, where, each stage's time and what it found. */
export function summary(stages: Stage[], startedAt: Date, load: number[]): string {
  const total = stages.reduce((sum, entry) => sum + entry.seconds, 0);
  return [
    '',
    `check:images ${stages.every((entry) => entry.ok) ? 'passed' : 'FAILED'} on ` +
      `${startedAt.toISOString()} (${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, ` +
      `load ${load.map((value) => value.toFixed(2)).join(' ')} at the start), ${total} s in all`,
    ...stages.map(
      (entry) =>
        `  ${entry.ok ? 'ok    ' : 'FAILED'} ${entry.name} (${entry.seconds} s)` +
        entry.notes
          .map((note) => `\n           ${note.split('\n').join('\n           ')}`)
          .join(''),
    ),
  ].join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
  let options: CheckOptions;
  try {
    options = parseCheckArgs(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const problems = preflight();
  if (problems.length) {
    console.error(`check:images cannot run:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    console.error(`\n${USAGE}`);
    return 2;
  }
  takeLock();
  const startedAt = new Date();
  const load = os.loadavg();
  const stages: Stage[] = [];
  const block = await claimBlock({ offsets: [EDGE_OFFSET] });
  const edgePort = block + EDGE_OFFSET;
  const origin = `http://localhost:${edgePort}`;
  let env: NodeJS.ProcessEnv | undefined;
  let interrupted = false;
  const interrupt = (signal: NodeJS.Signals) => {
    interrupted = true;
    console.error(`\n[check:images] ${signal}: stopping, then cleaning up`);
    for (const child of running) child.kill(signal);
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  let failed = false;
  try {
    let base: BaseImages | undefined;
    await stage(stages, 'base images', async () => {
      const result = await ensureBaseImages({ rebuild: options.rebuildBase });
      base = result.tags;
      const { stdout } = await podman(['run', '--rm', result.tags.NODE_IMAGE, 'node', '--version']);
      return [
        ...(result.made.length ? [`made: ${result.made.join(', ')}`] : []),
        ...(result.kept.length ? [`kept: ${result.kept.join(', ')}`] : []),
        `Node ${stdout.trim()}`,
      ];
    });
    if (!base) throw new Error('no base images');
    const images = base;
    env = composeEnvironment(edgePort, images);
    const composeEnv = env;
    // What an earlier run left (one killed before it cleaned up) goes first.
    await cleanUp(composeEnv, true);
    await stage(stages, 'images', async () => {
      await compose(
        [
          'build',
          '--build-arg',
          `NODE_IMAGE=${images.NODE_IMAGE}`,
          '--build-arg',
          `NGINX_IMAGE=${images.NGINX_IMAGE}`,
        ],
        composeEnv,
      );
      // podman-compose 1.0.3 goes on after a build that failed: each image must be there.
      const built = SERVICES.filter((service) => !['postgres', 'redis'].includes(service));
      for (const service of built) {
        if (!(await imageExists(`localhost/${PROJECT}_${service}`))) {
          throw new Error(`the ${service} image was not built (its build's output is above)`);
        }
      }
      const { stdout } = await podman([
        'images',
        '--filter',
        `reference=localhost/${PROJECT}_*`,
        '--format',
        '{{.Repository}} {{.Size}}',
      ]);
      return lines(stdout);
    });
    await stage(stages, 'start', async () => {
      await compose(['up', '-d'], composeEnv);
      return [`the edge on ${origin} (published on 127.0.0.1 only)`];
    });
    await stage(stages, 'healthy', () => waitHealthy(origin));
    await stage(stages, 'edge cache', () => checkEdge(origin));
    await stage(stages, 'smoke', async () => {
      const { tests, code } = await runSmoke(origin);
      const count = (status: string) => tests.filter((test) => test.status === status);
      const notes = [
        `e2e/ssr.spec.ts through the edge: ${count('passed').length} passed, ` +
          `${count('skipped').length} skipped, ${tests.length - count('passed').length - count('skipped').length} failed`,
        ...tests.map((test) => {
          const reason = test.annotations.find((note) => note.type === 'skip')?.description;
          return `${test.status}: ${test.title}${reason ? ` (${reason})` : ''}`;
        }),
      ];
      if (code !== 0 || tests.length === 0) throw new Error(notes.join('\n'));
      return notes;
    });
  } catch (error) {
    failed = true;
    if (!stages.some((entry) => !entry.ok)) {
      console.error(error instanceof Error ? error.message : error);
    }
  } finally {
    const startedWith = env;
    if (startedWith) {
      await stage(stages, 'clean up', () => cleanUp(startedWith, options.keepImages)).catch(() => {
        failed = true;
      });
    }
    releaseLock();
  }
  console.log(summary(stages, startedAt, load));
  return failed || interrupted ? 1 : 0;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
