// The local stack's process supervisor (docs/decisions/151): it runs each service as a child
// process, prints the child's output a line at a time under the service's name, waits for a
// service to answer, reports a child that exits while the stack runs, and on stop() (Ctrl-C,
// SIGTERM, SIGHUP) ends what it started and only that: its own children, by their PIDs, and the
// servers of this process it was given. A Ctrl-C in the terminal reaches the children as it
// reaches the supervisor (one process group): each gets that one SIGINT, not a second from the
// supervisor, which would make a launcher that runs the service as its own child (tsx watch) kill
// the service in the middle of its shutdown. What each service is and how it is started is its
// launcher's (tools/stack/*.ts); this file knows none of them.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { FormatLine } from './log-lines';

/** Something of this process to close when the stack stops (a server, a dev server, a watcher). */
export interface Closable {
  close(): unknown;
}

/** Where the supervisor's lines go: the terminal (console), or a test's own. */
export interface Output {
  log(line: string): void;
  error(line: string): void;
}

export interface SupervisorOptions {
  /** The stack's own name in its lines: `[start] …`, `[dev] …`. */
  label: string;
  /** The children's working folder. */
  cwd: string;
  /** The children's environment, to which each run() adds its own. */
  env?: NodeJS.ProcessEnv;
  output?: Output;
  /** How stop() ends: the process exits with the code, unless a test says otherwise. */
  exit?: (code: number) => void;
  /** Whether SIGINT, SIGTERM and SIGHUP to this process stop the stack (default: true). */
  handleSignals?: boolean;
  /** How long a child has to end on SIGINT before it is killed. */
  killAfterMs?: number;
  /** How long waitFor() and whenReady() wait by default. */
  readyTimeoutMs?: number;
}

export interface RunOptions {
  /** Added to the supervisor's environment for this child. */
  env?: Record<string, string>;
  /** How each line of its output reads (null: left out). */
  formatLine?: FormatLine;
}

/** A child exited before it answered: whenReady()'s refusal. */
export class ChildExitedError extends Error {
  override name = 'ChildExitedError';
  constructor(
    readonly service: string,
    /** Its exit code, or the signal that ended it. */
    readonly exit: number | NodeJS.Signals | null,
  ) {
    super(`${service} exited (${exit}) before it answered`);
  }
}

/** A readiness wait where the child's early exit means not ready (the supervisor said it exited). */
export async function readyOrExited(ready: Promise<boolean>): Promise<boolean> {
  try {
    return await ready;
  } catch (error) {
    if (error instanceof ChildExitedError) return false;
    throw error;
  }
}

export interface Supervisor {
  /** Whether stop() has begun: a child exiting now is expected, and no wait goes on. */
  readonly stopping: boolean;
  /** A line of the stack's own. */
  log(message: string): void;
  /** A service's output, a line at a time, under its name. */
  print(name: string, stream: 'stdout' | 'stderr', text: string, formatLine?: FormatLine): void;
  /** Starts a child; its output is printed under `name`, its exit reported while the stack runs. */
  run(name: string, command: string, args: readonly string[], options?: RunOptions): ChildProcess;
  /** Whether `url` answered 2xx before the time was up (false at once when the stack stops). */
  waitFor(url: string, name: string, timeoutMs?: number): Promise<boolean>;
  /**
   * Whether `child`'s service answered at `url` in time; rejects with a ChildExitedError as soon
   * as the child exits first (a port in use, a build missing), instead of waiting the time out.
   */
  whenReady(child: ChildProcess, url: string, name: string, timeoutMs?: number): Promise<boolean>;
  /** Something of this process to close on stop. */
  own(closable: Closable): void;
  /** Ends what the stack started, then exits with `exitCode`. Once: later calls do nothing. */
  stop(exitCode?: number): Promise<void>;
}

/** How a child ended, as the stack's lines say it. */
function exitOf(child: ChildProcess): number | NodeJS.Signals | null {
  return child.signalCode ?? child.exitCode;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Ctrl-C, a stop asked for, the terminal closed. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Whether this process is in its terminal's foreground process group (Linux: the pgrp and tpgid
 * fields of /proc/self/stat): then a Ctrl-C in that terminal reached every process of the group,
 * the supervisor's children with it. Anywhere else, false: the supervisor signals them itself.
 */
export function inTerminalForeground(stat = '/proc/self/stat'): boolean {
  try {
    const text = readFileSync(stat, 'utf8');
    // After "pid (command) ": state, ppid, pgrp, session, tty_nr, tpgid, …
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const pgrp = Number(fields[2]);
    const tpgid = Number(fields[5]);
    return tpgid > 0 && tpgid === pgrp;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSupervisor({
  label,
  cwd,
  env = process.env,
  output = console,
  exit = (code) => process.exit(code),
  handleSignals = true,
  killAfterMs = 15_000,
  readyTimeoutMs = 90_000,
}: SupervisorOptions): Supervisor {
  const children: { name: string; child: ChildProcess }[] = [];
  const owned: Closable[] = [];
  let stopping = false;
  /**
   * The ends stop() waits for besides those it began: of a child started, or something owned,
   * while it stopped (a launcher that was waiting for another service when the stop came, as
   * the API waits for the emulator): ended at once, so nothing outlives the stack.
   */
  const lateEnds: Promise<unknown>[] = [];

  function log(message: string): void {
    output.log(`[${label}] ${message}`);
  }

  function print(
    name: string,
    stream: 'stdout' | 'stderr',
    text: string,
    formatLine: FormatLine = (line) => line,
  ): void {
    // Line by line, whatever a chunk of the child's output held: one call per line.
    const lines = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(formatLine)
      .filter((line): line is string => line !== null)
      .map((line) => `[${name}] ${line}`);
    for (const line of lines) {
      if (stream === 'stderr') output.error(line);
      else output.log(line);
    }
  }

  function run(
    name: string,
    command: string,
    args: readonly string[],
    { env: extraEnv = {}, formatLine }: RunOptions = {},
  ): ChildProcess {
    const child = spawn(command, args, {
      cwd,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => print(name, 'stdout', chunk.toString(), formatLine));
    child.stderr.on('data', (chunk: Buffer) => print(name, 'stderr', chunk.toString(), formatLine));
    // A command that cannot start at all (not found): said under its name, as an exit is.
    child.on('error', (error) => {
      if (!stopping) log(`${name} could not be started: ${error.message}`);
    });
    child.on('exit', (code, signal) => {
      if (!stopping) log(`${name} exited (${signal ?? code}); the rest of the site keeps running`);
    });
    children.push({ name, child });
    if (stopping) lateEnds.push(end(child, false));
    return child;
  }

  /** Polls `url` until it answers 2xx, the time is up, the stack stops or `gaveUp()` says so. */
  async function poll(
    url: string,
    name: string,
    timeoutMs: number,
    gaveUp: () => boolean,
  ): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && !stopping && !gaveUp()) {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return true;
      } catch {
        // not up yet
      }
      await sleep(500);
    }
    if (!stopping && !gaveUp()) log(`${name} did not become ready at ${url}`);
    return false;
  }

  function waitFor(url: string, name: string, timeoutMs = readyTimeoutMs): Promise<boolean> {
    return poll(url, name, timeoutMs, () => false);
  }

  function whenReady(
    child: ChildProcess,
    url: string,
    name: string,
    timeoutMs = readyTimeoutMs,
  ): Promise<boolean> {
    if (hasExited(child)) return Promise.reject(new ChildExitedError(name, exitOf(child)));
    let onExit = () => {};
    const exited = new Promise<never>((_resolve, reject) => {
      onExit = () => reject(new ChildExitedError(name, exitOf(child)));
      child.once('exit', onExit);
    });
    // The polling ends with the child too, rather than going on for the rest of its time.
    const answered = poll(url, name, timeoutMs, () => hasExited(child));
    return Promise.race([answered, exited]).finally(() => child.off('exit', onExit));
  }

  function own(closable: Closable): void {
    owned.push(closable);
    if (stopping) lateEnds.push(Promise.resolve(closable.close()));
  }

  /**
   * SIGINT (the emulator exports its accounts on it) unless the child has had one already (the
   * terminal's Ctrl-C), and SIGKILL if it has not ended when its time is up.
   */
  function end(child: ChildProcess, interrupted: boolean): Promise<void> {
    return new Promise((resolve) => {
      if (hasExited(child) || child.pid === undefined) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      if (!interrupted) child.kill('SIGINT');
    });
  }

  async function stop(exitCode = 0, interrupted = false): Promise<void> {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    // At once, not one after the other: a dev server still compiling can take a minute to close,
    // and the children need not wait for it.
    await Promise.all([
      ...owned.map((closable) => closable.close()),
      ...children.map(({ child }) => end(child, interrupted)),
    ]);
    while (lateEnds.length > 0) await Promise.all(lateEnds.splice(0));
    if (handleSignals) for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
    exit(exitCode);
  }

  function onSignal(signal: NodeJS.Signals): void {
    void stop(0, signal === 'SIGINT' && inTerminalForeground());
  }

  if (handleSignals) for (const signal of STOP_SIGNALS) process.on(signal, onSignal);

  return {
    get stopping() {
      return stopping;
    },
    log,
    print,
    run,
    waitFor,
    whenReady,
    own,
    stop,
  };
}
