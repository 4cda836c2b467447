// @ts-check
// A real restart of one of the stack's servers for the fault specs (a restart of the content API
// during a newsletter's send): the process listening on a port of loopback is found through
// /proc (Linux, where the specs run), stopped with SIGTERM as a service manager stops it, and
// started again with the same command, environment and directory once it has exited. The new
// process is this one's child: `stopRestarted()` ends it with the stack. Started by
// e2e-stack.mjs, switched by the API gate's POST /__restart (fault-gate.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';

/** @type {Set<import('node:child_process').ChildProcess>} */
const restarted = new Set();

/**
 * The inodes of the sockets listening on `port` (IPv4 and IPv6).
 * @param {number} port
 */
function listeningInodes(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  /** @type {Set<string>} */
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local address "ADDR:PORT", state 0A: LISTEN; the inode is the tenth field.
      const [, local, , state, , , , , , inode] = fields;
      if (local?.endsWith(`:${hexPort}`) && state === '0A' && inode) inodes.add(inode);
    }
  }
  return inodes;
}

/**
 * The process listening on `port`, or undefined.
 * @param {number} port
 */
function pidListeningOn(port) {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return undefined;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let descriptors;
    try {
      descriptors = fs.readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    for (const descriptor of descriptors) {
      let target;
      try {
        target = fs.readlinkSync(`/proc/${entry}/fd/${descriptor}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return Number(entry);
    }
  }
  return undefined;
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the process listening on `port` (SIGTERM, then waits for it to exit) and starts it again
 * as it was; resolves once `healthUrl` answers 2xx.
 * @param {{ port: number, healthUrl: string, timeoutMs?: number }} options
 * @returns {Promise<{ stopped: number, started: number }>}
 */
export async function restartListener({ port, healthUrl, timeoutMs = 60_000 }) {
  const pid = pidListeningOn(port);
  if (pid === undefined) throw new Error(`nothing listens on port ${port}`);
  const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  const env = Object.fromEntries(
    fs
      .readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );
  const cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
  const [command, ...args] = argv;
  if (!command) throw new Error(`process ${pid} has no command line`);
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} did not exit after SIGTERM`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
  restarted.add(child);
  child.on('exit', () => restarted.delete(child));
  while (
    !(await fetch(healthUrl).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null)
      throw new Error(`the restarted process exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`${healthUrl} did not answer after the restart`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { stopped: pid, started: child.pid ?? 0 };
}

/**
 * Ends the processes restartListener() started (with the stack).
 * @param {NodeJS.Signals} signal
 */
export function stopRestarted(signal) {
  for (const child of restarted) child.kill(signal);
}
