// @ts-check
// Ports for tests, browser specs and benches that start servers of their own: a block of 100 no
// other process uses, which stays theirs across a restart of what listens on it
// (docs/decisions/126).
//
// Why a block cannot be lost between a stop and a restart:
// - Linux gives ports to outgoing connections and to listen(0) only from its ephemeral range
//   (/proc/sys/net/ipv4/ip_local_port_range, 32768–60999 by default). Blocks are chosen outside
//   it, so no connection of another test, of Chromium or of npm can be handed one of their ports.
// - A port outside that range is taken only by a process that names it. Every process of this
//   project that names a test port claims its block here first, by listening on the block's last
//   port (its claim port) for as long as it holds the block: the kernel lets one socket listen
//   there, so two processes (Jest workers, Playwright workers, a second `npm test`) never hold the
//   same block, and a claim ends with its process, however it ends. The block's other ports are
//   also checked free on loopback when claimed, for servers outside the project.
// - The default ports of `npm start` (3000–3004, 4000, 9099–9101, the mail catcher's 1025 and
//   1080) and the CI's Postgres and Redis (5540, 6340) are below the blocks.
//
// The browser specs' layout, from a block's first port B: the five apps B to B+4 (their fault
// gates B+11 to B+14), the edge B+5 (when the specs run through it), the content API B+20 (its
// gate B+30), the Auth emulator B+40 (B+41, B+42: its hub and logging), the mail catcher B+43
// (SMTP) and B+44 (its page and JSON API), the redeploy specs' own small site B+50 to B+59.
//
// Test support (@portfolio/testing/free-ports), below every folder whose tests start servers, so
// a test imports it whatever its layer (docs/decisions/149). Plain JavaScript with no dependency:
// tools/free-ports.mjs, the command that runs the browser specs on a block, imports it by path
// before anything is installed.
import { readFileSync } from 'node:fs';
import net from 'node:net';

/** The size of a block; callers use offsets 0 to 98 from its first port. */
export const BLOCK_SIZE = 100;
/** The port that holds a block's claim, from its first port. */
export const CLAIM_OFFSET = BLOCK_SIZE - 1;
/** Where blocks may start: above every default port of the project. */
const FIRST = 20_000;
/** Where blocks must end (exclusive): below the highest port. */
const LAST = 65_500;
/** Linux's own default, where the range cannot be read. */
const DEFAULT_EPHEMERAL = { low: 32_768, high: 60_999 };

/**
 * The range the kernel hands out for outgoing connections and listen(0).
 * @param {string} [file] the kernel's setting (a test may pass another file)
 * @returns {{ low: number, high: number }}
 */
export function ephemeralRange(file = '/proc/sys/net/ipv4/ip_local_port_range') {
  try {
    // A missing number reads as NaN, which no check below lets through.
    const [low = NaN, high = NaN] = readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high) && low <= high) return { low, high };
  } catch {
    // not Linux, or not readable: assume Linux's default
  }
  return DEFAULT_EPHEMERAL;
}

/**
 * The first ports of every block that lies wholly outside `ephemeral`.
 * @param {{ low: number, high: number }} [ephemeral]
 * @returns {number[]}
 */
export function candidateBlocks(ephemeral = ephemeralRange()) {
  const bases = [];
  for (let base = FIRST; base + BLOCK_SIZE <= LAST; base += BLOCK_SIZE) {
    const last = base + BLOCK_SIZE - 1;
    if (last < ephemeral.low || base > ephemeral.high) bases.push(base);
  }
  return bases;
}

/**
 * Whether nothing listens on `port` on loopback.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function isFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The claim of each block this process holds: a server listening on its claim port.
 * @type {Map<number, net.Server>}
 */
const held = new Map();

/**
 * Listens on `port` (the kernel refuses a second listener); the server, or null if taken.
 * @param {number} port
 * @returns {Promise<net.Server | null>}
 */
function listenOn(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      // A claim does not keep its process alive.
      server.unref();
      resolve(server);
    });
  });
}

/**
 * Claims a block of ports for this process until it exits or calls release(): outside the
 * ephemeral range, claimed by no other live process, and each port of `offsets` free on loopback.
 * @param {{ offsets?: number[], ephemeral?: { low: number, high: number } }} [options]
 * @returns {Promise<number>} the block's first port
 */
export async function claimBlock({
  offsets = Array.from({ length: CLAIM_OFFSET }, (_, i) => i),
  ephemeral = ephemeralRange(),
} = {}) {
  if (offsets.some((offset) => offset < 0 || offset >= CLAIM_OFFSET)) {
    throw new Error(`A block's ports are its first port + 0 to ${CLAIM_OFFSET - 1}`);
  }
  const bases = candidateBlocks(ephemeral);
  if (bases.length === 0) {
    throw new Error(
      `No test ports outside the ephemeral range ${ephemeral.low}–${ephemeral.high}` +
        ` (net.ipv4.ip_local_port_range): leave ${FIRST}–${FIRST + BLOCK_SIZE - 1} outside it`,
    );
  }
  const start = process.pid % bases.length;
  for (let tried = 0; tried < bases.length; tried += 1) {
    const base = /** @type {number} */ (bases[(start + tried) % bases.length]);
    if (held.has(base)) continue;
    const claim = await listenOn(base + CLAIM_OFFSET);
    if (!claim) continue;
    const free = await Promise.all(offsets.map((offset) => isFree(base + offset)));
    if (free.every(Boolean)) {
      held.set(base, claim);
      return base;
    }
    claim.close();
  }
  throw new Error(
    `No free block of ${BLOCK_SIZE} ports in ${FIRST}–${LAST} outside ${ephemeral.low}–${ephemeral.high}`,
  );
}

/**
 * Gives a block back (a claim also ends with its process).
 * @param {number} base
 * @returns {Promise<void>}
 */
export function release(base) {
  const claim = held.get(base);
  held.delete(base);
  return new Promise((resolve) => (claim ? claim.close(() => resolve()) : resolve()));
}

/** The offsets of a block the browser specs use, from its first port. */
const SPEC_OFFSETS = [
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
  43,
  44,
  ...Array.from({ length: 10 }, (_, i) => 50 + i),
];

/**
 * A block for the browser specs' stack, claimed for this process.
 * @returns {Promise<number>}
 */
export function freeBlock() {
  return claimBlock({ offsets: SPEC_OFFSETS });
}

/**
 * The environment the specs read their ports from.
 * @param {number} base
 * @returns {Record<string, string>}
 */
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
    MAIL_SMTP_PORT: String(base + 43),
    MAIL_WEB_PORT: String(base + 44),
    DEPLOY_SPEC_PORT: String(base + 50),
  };
}
