/** @jest-environment node */
// The kept-warm build process's protocol (tools/build-server.ts, docs/decisions/196), with a
// build function of the test's own in place of webpack: what a client sees, one build at a time,
// a client made from other inputs ending the process, and the idle end storing the caches.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildServerFingerprint,
  buildThroughServer,
  serveBuilds,
  stopBuildServer,
} from './build-server';
import type { BuildServer, BuildServerOptions } from './build-server';

/** The server's idle time in these tests. */
const IDLE_MS = 60_000;

/** The idle timers the server arms (by their time), while they are pending. */
function watchIdleTimers() {
  const pending = new Set<NodeJS.Timeout>();
  const { setTimeout: realSet, clearTimeout: realClear } = global;
  const set = jest.spyOn(global, 'setTimeout').mockImplementation(((
    callback: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    if (ms !== IDLE_MS) return realSet(callback, ms, ...args);
    const timer = realSet(() => {
      pending.delete(timer);
      callback(...args);
    }, ms);
    pending.add(timer);
    return timer;
  }) as typeof setTimeout);
  const clear = jest.spyOn(global, 'clearTimeout').mockImplementation((timer) => {
    if (timer) pending.delete(timer as NodeJS.Timeout);
    realClear(timer);
  });
  return {
    pending,
    restore() {
      for (const timer of pending) realClear(timer);
      set.mockRestore();
      clear.mockRestore();
    },
  };
}

let dir: string;
let socketPath: string;
const servers: BuildServer[] = [];

beforeEach(() => {
  // A short path: a Unix socket's path is limited to about 100 bytes.
  dir = mkdtempSync(path.join(os.tmpdir(), 'bs-'));
  socketPath = path.join(dir, 's.sock');
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.end()));
  rmSync(dir, { recursive: true, force: true });
});

async function serve(options: Partial<BuildServerOptions> = {}) {
  const server = await serveBuilds({
    socketPath,
    fingerprint: 'inputs-1',
    idleMs: IDLE_MS,
    build: async () => {},
    close: async () => {},
    ...options,
  });
  servers.push(server);
  return server;
}

/** A client that must never start a process itself. */
const noStart = { startServer: () => Promise.reject(new Error('started a process')) };

/** What the client printed, line by line, while `during` ran. */
async function printed(during: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
  const error = jest
    .spyOn(console, 'error')
    .mockImplementation((line: string) => lines.push(`err: ${line}`));
  try {
    await during();
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
  return lines;
}

it("builds the apps asked for and gives the client the build's output", async () => {
  const built: string[][] = [];
  await serve({
    build: async (apps) => {
      built.push(apps);
      console.log(`Built ${apps.join(', ')} in 1.0 s`);
      console.error('a warning\non two lines');
    },
  });
  const lines = await printed(() =>
    buildThroughServer(['shop', 'blog'], 'inputs-1', { socketPath, ...noStart }),
  );
  expect(built).toEqual([['shop', 'blog']]);
  expect(lines).toEqual(['Built shop, blog in 1.0 s', 'err: a warning', 'err: on two lines']);
  expect(statSync(socketPath).mode & 0o777).toBe(0o600);
});

it("fails the client's build with the build's message, and serves the next one", async () => {
  let calls = 0;
  await serve({
    build: async () => {
      calls += 1;
      if (calls === 1) throw new Error('Front-end build failed');
    },
  });
  await expect(
    printed(() => buildThroughServer(['shop'], 'inputs-1', { socketPath, ...noStart })),
  ).rejects.toThrow('Front-end build failed');
  await expect(
    printed(() => buildThroughServer(['shop'], 'inputs-1', { socketPath, ...noStart })),
  ).resolves.toEqual([]);
});

it('runs one build at a time, in the order asked', async () => {
  const events: string[] = [];
  let release!: () => void;
  const first = new Promise<void>((resolve) => (release = resolve));
  await serve({
    build: async ([app]) => {
      events.push(`start ${app}`);
      if (app === 'shop') await first;
      events.push(`end ${app}`);
    },
  });
  const shop = buildThroughServer(['shop'], 'inputs-1', { socketPath, ...noStart });
  while (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  const blog = buildThroughServer(['blog'], 'inputs-1', { socketPath, ...noStart });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(events).toEqual(['start shop']);
  release();
  await Promise.all([shop, blog]);
  expect(events).toEqual(['start shop', 'end shop', 'start blog', 'end blog']);
});

it('ends when a client was made from other inputs, and the client builds in a new process', async () => {
  const old = await serve({ build: async () => console.log('old') });
  const startServer = jest.fn(async (at: string) => {
    await serve({ fingerprint: 'inputs-2', build: async () => console.log('new') });
    expect(at).toBe(socketPath);
  });
  const lines = await printed(() =>
    buildThroughServer(['shop'], 'inputs-2', { socketPath, startServer }),
  );
  expect(lines).toEqual(['new']);
  expect(startServer).toHaveBeenCalledTimes(1);
  await expect(old.ended).resolves.toBeUndefined();
});

it('starts a process when none listens, a socket file left behind included', async () => {
  writeFileSync(socketPath, '');
  const startServer = jest.fn(async () => {
    await serve({ build: async () => console.log('fresh') });
  });
  const lines = await printed(() =>
    buildThroughServer(['shop'], 'inputs-1', { socketPath, startServer }),
  );
  expect(lines).toEqual(['fresh']);
});

it('refuses to serve where another process serves', async () => {
  await serve();
  await expect(
    serveBuilds({
      socketPath,
      fingerprint: 'inputs-1',
      idleMs: IDLE_MS,
      build: async () => {},
      close: async () => {},
    }),
  ).rejects.toThrow('already listens');
});

it('stores the caches and ends once idle for its idle time, never during a build', async () => {
  const close = jest.fn(async () => {});
  // The build outlasts the idle time: the time counts from the build's end.
  const server = await serve({
    idleMs: 1_500,
    close,
    build: () => new Promise((resolve) => setTimeout(resolve, 2_000)),
  });
  await buildThroughServer(['shop'], 'inputs-1', { socketPath, ...noStart });
  const builtAt = Date.now();
  expect(close).not.toHaveBeenCalled();
  await server.ended;
  expect(close).toHaveBeenCalledTimes(1);
  expect(Date.now() - builtAt).toBeGreaterThanOrEqual(1_400);
});

it('ends when told to, once its build is done and its caches stored; nothing to stop after', async () => {
  const idleTimers = watchIdleTimers();
  const events: string[] = [];
  let release!: () => void;
  const running = new Promise<void>((resolve) => (release = resolve));
  const server = await serve({
    build: async () => {
      events.push('building');
      await running;
      events.push('built');
    },
    close: async () => {
      events.push('caches stored');
    },
  });
  const build = buildThroughServer(['shop'], 'inputs-1', { socketPath, ...noStart });
  while (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  const stopped = stopBuildServer(socketPath).then((was) => {
    events.push('stopped');
    return was;
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  await build;
  await expect(stopped).resolves.toBe(true);
  await server.ended;
  expect(events).toEqual(['building', 'built', 'caches stored', 'stopped']);
  await expect(stopBuildServer(socketPath)).resolves.toBe(false);
  // Nothing left to keep the process up: the build that ended after the stop armed no idle time
  // (the process would otherwise stay, its compilers in memory, for its whole idle time).
  const left = idleTimers.pending.size;
  idleTimers.restore();
  expect(left).toBe(0);
});

it('answers a line that is not a request with an error, and builds nothing', async () => {
  const build = jest.fn(async () => {});
  await serve({ build });
  const net = await import('node:net');
  const answer = await new Promise<string>((resolve) => {
    const socket = net.connect(socketPath, () => socket.write('{"apps":"shop"}\n'));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
  });
  expect(JSON.parse(answer)).toEqual({ done: true, ok: false, message: 'Not a build request' });
  expect(build).not.toHaveBeenCalled();
});

describe('buildServerFingerprint', () => {
  const { NODE_ENV } = process.env;
  afterEach(() => {
    process.env.NODE_ENV = NODE_ENV;
  });

  it('is the same for the same inputs, and another when the environment the configs read changes', () => {
    const first = buildServerFingerprint();
    expect(buildServerFingerprint()).toBe(first);
    process.env.NODE_ENV = 'development';
    expect(buildServerFingerprint()).not.toBe(first);
  });
});
