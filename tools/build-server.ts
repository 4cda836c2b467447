// The kept-warm build process (docs/decisions/196). `npm run build -- <app…> --keep-warm` hands
// the apps' production build to a process that keeps each app's webpack compiler between builds
// (tools/build-server-process.ts): a build after a small change skips starting Node, tsx and
// webpack, making the configs and compilers, and reading the persistent cache, and the cache is
// written while nobody waits (webpack's idle store, as in watch mode). It is started by the first
// such build, serves one build at a time on a Unix socket only its user may open, and ends after
// 15 minutes without a build (PORTFOLIO_BUILD_SERVER_IDLE_SECONDS; storing the caches), or at
// once when what its configs were made from has changed (the next build starts a new one).
//
// The protocol, one JSON object a line: the client sends `{ apps, fingerprint }`; the process
// answers `{ log, stream }` for each line the build prints, then `{ done, ok, message? }`, or
// `{ restart: true }` when the fingerprint is not its own. `{ stop: true }` ends the process (once
// its build, if one runs, is done and its caches are stored), then answers `{ done, ok }`.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { format } from 'node:util';
import { APPS } from '@portfolio/platform/apps';
import { ROOT } from './root';
import { configInputs } from './webpack/persistent-cache';

const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache');
export const BUILD_SERVER_SOCKET = path.join(CACHE_DIR, 'build-server.sock');
export const BUILD_SERVER_LOG = path.join(CACHE_DIR, 'build-server.log');
/** The log as a message names it. */
const LOG_NAME = path.relative(ROOT, BUILD_SERVER_LOG);
/** How long the process waits for another build before it stores its caches and ends. */
export const BUILD_SERVER_IDLE_SECONDS = Number(
  process.env.PORTFOLIO_BUILD_SERVER_IDLE_SECONDS ?? 15 * 60,
);
/** How long a client waits for a process it started to listen. */
const START_TIMEOUT_MS = 120_000;

interface BuildRequest {
  apps: string[];
  fingerprint: string;
}

interface StopRequest {
  stop: true;
}

type ServerMessage =
  | { log: string; stream: 'out' | 'err' }
  | { done: true; ok: boolean; message?: string }
  | { restart: true };

/**
 * What the configs are made from, beyond the sources webpack checks module by module: the files
 * the persistent cache's version is made from (the lock file, the shared package's versions and
 * exports, each app's routes), the project's build code and what it imports (tools/, the
 * platform's app list, the shared package, the contract, the drawings' rasteriser), every
 * package.json, each app's island files, Node and the environment the configs read.
 * Any change of it makes a kept process end, so a build never runs on configs made from
 * something else (each file by path, size and time: cheap enough for every build).
 */
export function buildServerFingerprint(): string {
  const hash = createHash('sha256');
  hash.update(`${process.version}\0${process.execArgv.join(' ')}\0`);
  for (const name of ['NODE_ENV', 'SHARED_STATELESS', 'PORTFOLIO_WEBPACK_CACHE']) {
    hash.update(`${name}=${process.env[name] ?? ''}\0`);
  }
  const visit = (relative: string): void => {
    const file = path.join(ROOT, relative);
    if (!existsSync(file)) {
      hash.update(`${relative}: absent\0`);
      return;
    }
    const info = statSync(file);
    if (!info.isDirectory()) {
      hash.update(`${relative}:${info.size}:${info.mtimeMs}\0`);
      return;
    }
    for (const entry of readdirSync(file).sort()) {
      if (entry === 'node_modules' || entry === 'dist' || /\.test\.tsx?$/.test(entry)) continue;
      visit(path.join(relative, entry));
    }
  };
  const inputs = [
    ...configInputs().map((file) => path.relative(ROOT, file)),
    'package.json',
    'tools',
    'platform/src',
    'shared/src',
    'contract/src',
    'content-api/src/features/images',
    'types',
    ...APPS.flatMap((app) => [
      `${app.dir}/package.json`,
      `${app.dir}/src/islands.ts`,
      `${app.dir}/src/island-scripts.ts`,
    ]),
  ];
  for (const input of inputs) visit(input);
  return hash.digest('hex');
}

export interface BuildServerOptions {
  socketPath: string;
  /** This process's buildServerFingerprint(): a request with another makes it end. */
  fingerprint: string;
  idleMs: number;
  /** Builds the named apps; what it prints with console.log and console.error is the client's. */
  build(apps: string[]): Promise<void>;
  /** Ends the compilers (storing their caches), once no build runs. */
  close(): Promise<void>;
}

export interface BuildServer {
  /** Settles once the process has stopped listening, finished its build and closed. */
  ended: Promise<void>;
  /** Stops listening, lets a running build finish, then closes. */
  end(): Promise<void>;
}

/** A request line read, or undefined when it is not one. */
function requestOf(line: string): BuildRequest | StopRequest | undefined {
  try {
    const value = JSON.parse(line) as Partial<BuildRequest & StopRequest>;
    if (value.stop === true) return { stop: true };
    const { apps, fingerprint } = value;
    if (!Array.isArray(apps) || !apps.every((app) => typeof app === 'string')) return undefined;
    return typeof fingerprint === 'string' ? { apps, fingerprint } : undefined;
  } catch {
    return undefined;
  }
}

/** A connection to `socketPath`, or undefined when nothing listens there. */
function connect(socketPath: string): Promise<net.Socket | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => resolve(socket));
    socket.once('error', () => resolve(undefined));
  });
}

/** Whether something listens on `socketPath`. */
async function listening(socketPath: string): Promise<boolean> {
  const socket = await connect(socketPath);
  socket?.destroy();
  return socket !== undefined;
}

/** Calls `handle` with each line `socket` receives (the protocol's), until it returns false. */
function onLines(socket: net.Socket, handle: (line: string) => boolean | void): void {
  let received = '';
  socket.setEncoding('utf8');
  const onData = (chunk: string) => {
    received += chunk;
    let newline: number;
    while ((newline = received.indexOf('\n')) >= 0) {
      const line = received.slice(0, newline);
      received = received.slice(newline + 1);
      if (handle(line) === false) {
        socket.off('data', onData);
        return;
      }
    }
  };
  socket.on('data', onData);
}

/** Serves builds on `socketPath` until idle or told to end. Refuses when another one serves. */
export async function serveBuilds(options: BuildServerOptions): Promise<BuildServer> {
  if (await listening(options.socketPath)) {
    throw new Error(`A kept-warm build process already listens on ${options.socketPath}`);
  }
  // A socket file left by a process that did not end well.
  if (existsSync(options.socketPath)) unlinkSync(options.socketPath);

  let queue: Promise<void> = Promise.resolve();
  let idleTimer: NodeJS.Timeout | undefined;
  let ending: Promise<void> | undefined;
  let markEnded!: () => void;
  const ended = new Promise<void>((resolve) => (markEnded = resolve));

  const send = (socket: net.Socket, message: ServerMessage) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
  };

  const end = (): Promise<void> => {
    ending ??= (async () => {
      clearTimeout(idleTimer);
      // No new connection from here; the open ones (a build's, the stop's own) are answered.
      server.close();
      await queue;
      try {
        await options.close();
      } finally {
        markEnded();
      }
    })();
    return ending;
  };

  const armIdle = () => {
    clearTimeout(idleTimer);
    // Ending: a build that finishes after the stop must not keep the process up for its idle time.
    if (ending) return;
    idleTimer = setTimeout(
      () => end().catch((failure: unknown) => console.error(failure)),
      options.idleMs,
    );
  };

  const run = async (socket: net.Socket, request: BuildRequest) => {
    if (ending) {
      send(socket, { restart: true });
      socket.end();
      return;
    }
    const { log, error } = console;
    const forward =
      (stream: 'out' | 'err') =>
      (...args: unknown[]) => {
        for (const line of format(...args).split('\n')) send(socket, { log: line, stream });
      };
    console.log = forward('out');
    console.error = forward('err');
    try {
      await options.build(request.apps);
      send(socket, { done: true, ok: true });
    } catch (failure) {
      send(socket, {
        done: true,
        ok: false,
        message: failure instanceof Error ? failure.message : String(failure),
      });
    } finally {
      console.log = log;
      console.error = error;
      socket.end();
      armIdle();
    }
  };

  // One request a connection: its first line.
  const answer = (socket: net.Socket, line: string) => {
    const request = requestOf(line);
    if (!request) {
      send(socket, { done: true, ok: false, message: 'Not a build request' });
      socket.end();
      return;
    }
    if ('stop' in request) {
      end()
        .then(
          () => send(socket, { done: true, ok: true }),
          (failure: unknown) => send(socket, { done: true, ok: false, message: String(failure) }),
        )
        .finally(() => socket.end());
      return;
    }
    if (request.fingerprint !== options.fingerprint) {
      send(socket, { restart: true });
      socket.end();
      // A failure to store the caches is the process's log's; the next build starts afresh.
      end().catch((failure: unknown) => console.error(failure));
      return;
    }
    clearTimeout(idleTimer);
    queue = queue.then(() => run(socket, request));
  };

  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    onLines(socket, (line) => {
      answer(socket, line);
      return false;
    });
  });
  // The socket is made for its user only, from the start (not opened, then narrowed).
  const umask = process.umask(0o077);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.socketPath, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(options.socketPath, 0o600);
  armIdle();
  return { ended, end };
}

/** Sends `request` and prints what comes back; the last answer. */
function exchange(socket: net.Socket, request: BuildRequest | StopRequest): Promise<ServerMessage> {
  return new Promise((resolve, reject) => {
    let last: ServerMessage | undefined;
    onLines(socket, (line) => {
      const message = JSON.parse(line) as ServerMessage;
      if ('log' in message) (message.stream === 'err' ? console.error : console.log)(message.log);
      else last = message;
    });
    socket.once('error', reject);
    socket.once('close', () =>
      last
        ? resolve(last)
        : reject(
            new Error(`The kept-warm build process ended during the build (its log: ${LOG_NAME})`),
          ),
    );
    socket.write(`${JSON.stringify(request)}\n`);
  });
}

/** Starts the process (detached, its output in BUILD_SERVER_LOG); resolves once it listens. */
export async function startBuildServerProcess(socketPath = BUILD_SERVER_SOCKET): Promise<void> {
  mkdirSync(path.dirname(BUILD_SERVER_LOG), { recursive: true });
  const output = openSync(BUILD_SERVER_LOG, 'a');
  const child = spawn(
    process.execPath,
    [...process.execArgv, path.join(ROOT, 'tools', 'build-server-process.ts')],
    { cwd: ROOT, detached: true, stdio: ['ignore', output, output], env: process.env },
  );
  let exited = false;
  child.once('exit', () => (exited = true));
  child.unref();
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await listening(socketPath))) {
    if (exited || Date.now() > deadline) {
      throw new Error(`The kept-warm build process did not start (its log: ${LOG_NAME})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface BuildClientOptions {
  socketPath?: string;
  /** Starts a process that listens on `socketPath` (startBuildServerProcess). */
  startServer?: (socketPath: string) => Promise<void>;
}

/**
 * Builds `apps` in the kept-warm process, starting one when none listens, or a new one when the
 * one listening was made from other inputs. Throws when the build fails, with its message.
 */
export async function buildThroughServer(
  apps: string[],
  fingerprint: string,
  {
    socketPath = BUILD_SERVER_SOCKET,
    startServer = startBuildServerProcess,
  }: BuildClientOptions = {},
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let socket = await connect(socketPath);
    if (!socket) {
      await startServer(socketPath);
      socket = await connect(socketPath);
      if (!socket) throw new Error('The kept-warm build process stopped listening');
    }
    const answer = await exchange(socket, { apps, fingerprint });
    if ('restart' in answer) {
      // It ends once its running build (another client's) is done: wait until it stops listening.
      while (await listening(socketPath)) await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    if ('done' in answer && answer.ok) return;
    throw new Error('done' in answer && answer.message ? answer.message : 'The build failed');
  }
  throw new Error('The kept-warm build process kept asking for a new one');
}

/**
 * Ends the kept-warm process listening on `socketPath`, once its build is done and its caches
 * are stored; whether one was listening.
 */
export async function stopBuildServer(socketPath = BUILD_SERVER_SOCKET): Promise<boolean> {
  const socket = await connect(socketPath);
  if (!socket) return false;
  const answer = await exchange(socket, { stop: true });
  if (!('done' in answer && answer.ok)) {
    throw new Error(`The kept-warm build process did not end (its log: ${LOG_NAME})`);
  }
  return true;
}
