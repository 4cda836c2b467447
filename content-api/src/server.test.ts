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

function startServer(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--conditions=@portfolio/source', '--import', 'tsx', 'src/server.ts'],
    {
      cwd: packageRoot,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Run>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, exited, output: () => stdout };
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

  it('starts, seeds, answers /api/health and stops on SIGTERM', async () => {
    const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'content-api-server-'));
    try {
      const server = startServer({ PORT: '0', DATA_DIR: path.join(dataRoot, 'pglite') });
      const address = await new Promise<string>((resolve, reject) => {
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
  });
});
