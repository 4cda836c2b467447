// `npm run e2e` (and so `npm test`) on ports of its own: a block no other process listens on, so
// the browser specs run beside a developer's `npm start` or `npm run dev` with no setting at all.
// The block's layout, from its first port B: the five apps B to B+4 (their fault gates B+11 to
// B+14), the edge B+5 (when the specs run through it), the content API B+20 (its gate B+30), the Auth emulator B+40 (B+41, B+42: its hub and
// logging), the redeploy specs' own small site B+50 to B+59. A port setting given in the
// environment (SHELL_PORT, …) is kept, and then no block is chosen.
//   node tools/free-ports.mjs <command> [args…]   runs the command with the ports in its env
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The offsets of a block the specs use, from its first port. */
const OFFSETS = [
  0,
  1,
  2,
  3,
  4,
  5,
  11,
  12,
  13,
  14,
  20,
  30,
  40,
  41,
  42,
  ...Array.from({ length: 10 }, (_, i) => 50 + i),
];
const FIRST = 20_000;
const LAST = 60_000;
const STEP = 100;

/** Whether nothing listens on `port` on loopback. */
function isFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A block every port of which is free; tried from a place that depends on this process. */
export async function freeBlock() {
  const slots = (LAST - FIRST) / STEP;
  const start = process.pid % slots;
  for (let tried = 0; tried < slots; tried += 1) {
    const base = FIRST + ((start + tried) % slots) * STEP;
    const free = await Promise.all(OFFSETS.map((offset) => isFree(base + offset)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('No free block of ports for the browser specs');
}

/** The environment the specs read their ports from. */
export function portsEnv(base) {
  return {
    SHELL_PORT: String(base),
    PORTFOLIO_PORT: String(base + 1),
    BLOG_PORT: String(base + 2),
    AUTH_PORT: String(base + 3),
    SHOP_PORT: String(base + 4),
    EDGE_PORT: String(base + 5),
    API_PORT: String(base + 20),
    AUTH_EMULATOR_PORT: String(base + 40),
    DEPLOY_SPEC_PORT: String(base + 50),
  };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
const [command, ...args] = isMain ? process.argv.slice(2) : [];
if (command) {
  const given = process.env.SHELL_PORT !== undefined;
  const env = given ? process.env : { ...process.env, ...portsEnv(await freeBlock()) };
  if (!given) console.log(`[e2e] ports ${env.SHELL_PORT}–${Number(env.SHELL_PORT) + 59}`);
  const child = spawn(command, args, {
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
