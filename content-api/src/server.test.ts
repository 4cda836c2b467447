// The real entry point, run as its own process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageRoot } from './paths.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const SERVER = [
  process.execPath,
  '--conditions=@portfolio/source',
  '--import',
  'tsx',
  'src/server.ts',
];

interface StartOptions {
  /** A shell command run before the server, in the same process (`ulimit -f 128`). */
  before?: string;
  /**
   * Run without the capabilities that let root ignore file permissions (util-linux's `setpriv`),
   * so that a root test run meets a folder's mode as anyone else would. The server keeps root's
   * user, so it still reads a checkout only root may read (one cloned into `mktemp -d`).
   */
  withoutOverride?: boolean;
}

const WITHOUT_OVERRIDE = ['setpriv', '--bounding-set', '-dac_override,-dac_read_search', '--'];

function startServer(env: Record<string, string>, { before, withoutOverride }: StartOptions = {}) {
  const server = withoutOverride ? [...WITHOUT_OVERRIDE, ...SERVER] : SERVER;
  const [command, ...args] = before
    ? ['sh', '-c', `${before} && exec "$@"`, 'sh', ...server]
    : server;
  const child = spawn(command as string, args, {
    cwd: packageRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Run>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, exited, output: () => stdout };
}

/** The address a started server listens at, once it says so (it exiting first is a failure). */
function listening(server: ReturnType<typeof startServer>): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output());
      if (match?.[1]) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 50);
    void server.exited.then((run) => {
      clearInterval(timer);
      reject(new Error(`server exited early: ${run.stderr}`));
    });
  });
}

describe('src/server.ts', () => {
  it.each(['127.0.0.1:9099', ' '])(
    'refuses to start in production with FIREBASE_AUTH_EMULATOR_HOST=%j',
    async (host) => {
      const { exited } = startServer({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: host });
      const run = await exited;
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set/);
      expect(run.stdout).not.toMatch(/Server listening/);
    },
  );

  it('refuses the Auth emulator on a network address (HOST=0.0.0.0)', async () => {
    const run = await startServer({
      HOST: '0.0.0.0',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    }).exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Refusing to start: .*HOST 0\.0\.0\.0 is not a loopback address/);
    expect(run.stderr).toMatch(/ALLOW_AUTH_EMULATOR_ON_NETWORK=i-understand-anyone-can-be-admin/);
    expect(run.stdout).not.toMatch(/Server listening/);
  });

  it('exits 1 with a clear message on an invalid setting', async () => {
    const run = await startServer({ PORT: 'eighty' }).exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/PORT must be an integer/);
  });

  it('refuses TRUST_PROXY=true at start, naming the variable and what it accepts', async () => {
    const run = await startServer({ TRUST_PROXY: 'true' }).exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^TRUST_PROXY must say which proxies stand in front of the API/);
    expect(run.stderr).toMatch(/a hop count, 1 to 10/);
    expect(run.stdout).not.toMatch(/Server listening/);
  });

  it('starts, seeds, answers /api/health and stops on SIGTERM', async () => {
    const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'content-api-server-'));
    try {
      const server = startServer({ PORT: '0', DATA_DIR: path.join(dataRoot, 'pglite') });
      const address = await listening(server);
      const health = await fetch(`${address}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const projects = (await (await fetch(`${address}/api/projects`)).json()) as unknown[];
      expect(projects).toHaveLength(6);
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
      expect(fs.existsSync(path.join(dataRoot, 'pglite.lock'))).toBe(false);
    } finally {
      fs.rmSync(dataRoot, { recursive: true, force: true });
    }
    // A cold start (a new database, the seed, the warm-up) took over 30 s beside a busy loop on
    // both cores of a CI host (2026-12-03).
  }, 120_000);

  it('stopped while it starts, it finishes the step under way, closes and exits 0', async () => {
    const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'content-api-server-'));
    const dataDir = path.join(dataRoot, 'pglite');
    try {
      const server = startServer({ PORT: '0', DATA_DIR: dataDir });
      // The database is being made (PGlite writes its folder): a Ctrl-C now, as in the first
      // seconds of npm run dev, used to end the process in the middle of it.
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (fs.existsSync(dataDir)) {
            clearInterval(timer);
            resolve();
          }
        }, 20);
        void server.exited.then((run) => {
          clearInterval(timer);
          reject(new Error(`server exited early: ${run.stderr}`));
        });
      });
      server.child.kill('SIGINT');
      // A second signal changes nothing: the first one's shutdown goes on.
      setTimeout(() => server.child.kill('SIGINT'), 100);
      const run = await server.exited;
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('SIGINT received, shutting down');
      expect(run.stdout).not.toMatch(/Server listening/);
      // What it wrote is whole: the next start opens it and serves the seeded content.
      const again = startServer({ PORT: '0', DATA_DIR: dataDir });
      const address = await listening(again);
      const projects = (await (await fetch(`${address}/api/projects`)).json()) as unknown[];
      expect(projects).toHaveLength(6);
      again.child.kill('SIGTERM');
      expect((await again.exited).code).toBe(0);
    } finally {
      fs.rmSync(dataRoot, { recursive: true, force: true });
    }
    // Two starts of the API, each making or opening a database: on a loaded CI host, more than
    // the 30 s a test has by default.
  }, 120_000);

  describe('a data directory it cannot use: exits at once, saying what, where and what to do', () => {
    let root: string;
    beforeEach(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'content-api-data-dir-'));
    });
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

    const expectExplained = (run: Run, dataDir: string, problem: RegExp) => {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`The content API cannot use its data directory ${dataDir}`);
      expect(run.stderr).toMatch(problem);
      expect(run.stderr).toMatch(/then start the API again\./);
      expect(run.stderr).not.toMatch(/ErrnoError|Aborted|PGlite failed/);
    };

    it('a file where the folder should be', async () => {
      const dataDir = path.join(root, 'pglite');
      fs.writeFileSync(dataDir, 'a file');
      const run = await startServer({ PORT: '0', DATA_DIR: dataDir }).exited;
      expectExplained(run, dataDir, /is a file, where a folder is expected\. Move that file away/);
    });

    it('a disk that takes no more bytes (a file size limit: the kernel refuses the writes)', async () => {
      const dataDir = path.join(root, 'pglite');
      // 128 blocks of 512 bytes (dash) or 1 KiB (bash): less than the check writes.
      const run = await startServer({ PORT: '0', DATA_DIR: dataDir }, { before: 'ulimit -f 128' })
        .exited;
      expectExplained(run, dataDir, /a file may grow no larger \(the file size limit, ulimit -f\)/);
    });

    it('a folder this process may not write in', async () => {
      const dataDir = path.join(root, 'pglite');
      fs.mkdirSync(dataDir, { mode: 0o555 });
      // As root, permissions stop a write only without the capability to override them.
      const asRoot = process.getuid?.() === 0;
      const run = await startServer({ PORT: '0', DATA_DIR: dataDir }, { withoutOverride: asRoot })
        .exited;
      fs.chmodSync(dataDir, 0o755);
      expectExplained(run, dataDir, /this process may not write there \(permission denied\)/);
    });
  });
});
