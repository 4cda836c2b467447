// The bench's child processes: the content API (content-api/dist/server.js) and the ceiling
// server, each on a free loopback port, logging to a file in the run folder. Each is stopped by
// its own pid.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from '../../root';

const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first free port on 127.0.0.1 from `from` on, skipping `taken`. */
export async function freePort(from: number, taken: readonly number[] = []): Promise<number> {
  for (let port = from; port < from + 100; port += 1) {
    if (!taken.includes(port) && (await portIsFree(port))) return port;
  }
  throw new Error(`no free port in ${from}-${from + 99}`);
}

async function waitHealthy(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become healthy; see ${logFile}`);
}

/** A server started by startNodeServer: where it answers, its process, how to stop it. */
export interface NodeServer {
  base: string;
  pid: number | undefined;
  stop: () => Promise<void>;
}

/**
 * Starts `<script>` (relative to the repo root; run by this Node with this process's flags, so
 * a TypeScript script runs through the same tsx) with `env` on top of a clean environment (PATH
 * only: no FIREBASE_AUTH_EMULATOR_HOST or DATABASE_URL leaks in), and waits until `healthPath`
 * answers.
 */
export async function startNodeServer({
  name,
  script,
  port,
  env,
  healthPath,
  logDir,
}: {
  name: string;
  script: string;
  port: number;
  env: Record<string, string>;
  healthPath: string;
  logDir: string;
}): Promise<NodeServer> {
  const logFile = path.join(logDir, `${name}.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...process.execArgv, path.join(ROOT, script)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  void exited.then(() => fs.closeSync(log));
  const base = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitHealthy(`${base}${healthPath}`, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: child.pid, stop };
}
