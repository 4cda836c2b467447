/** @jest-environment node */
// Test ports cannot be lost between a stop and a restart (@portfolio/testing/free-ports, ADR 126): they lie
// outside the range the kernel hands to other connections, and a block is held by one live process.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  BLOCK_SIZE,
  CLAIM_OFFSET,
  candidateBlocks,
  claimBlock,
  ephemeralRange,
  release,
} from '@portfolio/testing/free-ports';

const FREE_PORTS = path.join(__dirname, '..', 'testing', 'src', 'free-ports.mjs');
/** The command that runs the browser specs on a block (e2e/package.json, tools/ci/node24.sh). */
const COMMAND = path.join(__dirname, 'free-ports.mjs');

/** Runs a Node script that claims `count` blocks and prints their first ports, one a line. */
function claimInChild(count: number, holdMs = 0) {
  const script = `
    import { claimBlock } from ${JSON.stringify(FREE_PORTS)};
    const bases = [];
    for (let i = 0; i < ${count}; i += 1) bases.push(await claimBlock({ offsets: [0] }));
    console.log(bases.join('\\n'));
    await new Promise((resolve) => setTimeout(resolve, ${holdMs}));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const printed = new Promise<number[]>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.trim().split('\n').filter(Boolean);
      if (lines.length === count) resolve(lines.map(Number));
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) after printing ${out}`)));
  });
  return { child, printed };
}

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const close = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('test ports', () => {
  it('reads the ephemeral range and chooses no block that touches it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'port-range-'));
    try {
      const file = path.join(dir, 'range');
      writeFileSync(file, '20050\t30999\n');
      const range = ephemeralRange(file);
      expect(range).toEqual({ low: 20_050, high: 30_999 });
      const bases = candidateBlocks(range);
      expect(bases.length).toBeGreaterThan(0);
      for (const base of bases) {
        expect(base + BLOCK_SIZE - 1 < range.low || base > range.high).toBe(true);
      }
      // 20000–20099 overlaps 20050: not offered.
      expect(bases).not.toContain(20_000);
      // Unreadable: Linux's default.
      expect(ephemeralRange(path.join(dir, 'missing'))).toEqual({ low: 32_768, high: 60_999 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // With no room outside the range, claiming says which setting is in the way.
    return expect(claimBlock({ ephemeral: { low: 1024, high: 65_535 } })).rejects.toThrow(
      /ip_local_port_range/,
    );
  });

  it('never hands out a port the kernel gives to listen(0) or to an outgoing connection', async () => {
    const blocks = new Set(candidateBlocks());
    const inBlock = (port: number) => blocks.has(port - (port % BLOCK_SIZE));
    const servers = await Promise.all(Array.from({ length: 50 }, () => listen(0)));
    const sockets: net.Socket[] = [];
    try {
      const { port } = servers.at(0)?.address() as net.AddressInfo;
      for (let i = 0; i < 100; i += 1) {
        sockets.push(
          await new Promise<net.Socket>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
          }),
        );
      }
      const given = [
        ...servers.map((server) => (server.address() as net.AddressInfo).port),
        ...sockets.map((socket) => socket.localPort ?? 0),
      ];
      expect(given.filter(inBlock)).toEqual([]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map(close));
    }
  });

  it('gives a block to one process at a time, and to another once its process is gone', async () => {
    // Four processes claim three blocks each at the same time: twelve different blocks.
    const runs = Array.from({ length: 4 }, () => claimInChild(3, 60_000));
    try {
      const claimed = (await Promise.all(runs.map((run) => run.printed))).flat();
      expect(new Set(claimed).size).toBe(12);
      // This process cannot claim any of them while they are held…
      const mine = await claimBlock({ offsets: [0] });
      expect(claimed).not.toContain(mine);
      await release(mine);
      // …and a held block's claim port refuses a second listener.
      await expect(listen(Number(claimed.at(0)) + CLAIM_OFFSET)).rejects.toThrow(/EADDRINUSE/);
      // A claim ends with its process, however it ends.
      const first = runs.at(0);
      if (!first) throw new Error('no run');
      const exited = new Promise((resolve) => first.child.once('exit', resolve));
      first.child.kill('SIGKILL');
      await exited;
      const freed = await first.printed;
      await close(await listen(Number(freed.at(0)) + CLAIM_OFFSET));
    } finally {
      for (const run of runs) run.child.kill('SIGKILL');
    }
  }, 60_000);

  it('keeps a stopped server’s port for its restart while other connections come and go', async () => {
    const base = await claimBlock({ offsets: [0] });
    try {
      const first = await listen(base);
      const { port: other } = first.address() as net.AddressInfo;
      await close(first);
      // Other tests' connections meanwhile: none of them can be given the stopped server's port.
      const echo = await listen(0);
      const { port: echoPort } = echo.address() as net.AddressInfo;
      const sockets = await Promise.all(
        Array.from(
          { length: 200 },
          () =>
            new Promise<net.Socket>((resolve) => {
              const socket = net.connect(echoPort, '127.0.0.1', () => resolve(socket));
            }),
        ),
      );
      expect(sockets.map((socket) => socket.localPort)).not.toContain(other);
      for (const socket of sockets) socket.destroy();
      await close(echo);
      await close(await listen(other));
    } finally {
      await release(base);
    }
  });

  it('runs a command with the ports of a block, or with the ports it is given', async () => {
    const run = (env: NodeJS.ProcessEnv) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            COMMAND,
            process.execPath,
            '-e',
            'console.log(process.env.SHELL_PORT, process.env.API_PORT)',
          ],
          { env, stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.once('exit', (code) =>
          code === 0 ? resolve(out) : reject(new Error(`exited ${code}`)),
        );
      });
    const { SHELL_PORT: _shell, API_PORT: _api, ...rest } = process.env;
    const [shell, api] = (await run(rest)).trim().split('\n').at(-1)!.split(' ').map(Number);
    expect(shell).toBeGreaterThanOrEqual(20_000);
    expect(api).toBe(shell! + 20);
    expect((await run({ ...rest, SHELL_PORT: '3000', API_PORT: '4000' })).trim()).toBe('3000 4000');
  });
});
