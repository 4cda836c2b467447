// @ts-check
// Runs a command with test ports in its environment, on a block of ports no other process uses
// (docs/decisions/126): the browser specs' `npm run e2e`, the CI's runs.
//   node tools/free-ports.mjs <command> [args…]
// A port setting given in the environment (SHELL_PORT, …) is kept, and then no block is chosen.
// The blocks and their claims are test support (@portfolio/testing/free-ports), re-exported here
// for the tools and specs that import them from @portfolio/tools/free-ports. Imported by path:
// plain node runs this before anything is installed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freeBlock, portsEnv } from '../testing/src/free-ports.mjs';

export * from '../testing/src/free-ports.mjs';

/**
 * Runs `command` with the ports of a block it holds until the command exits.
 * @param {string} command
 * @param {string[]} args
 */
async function runWithPorts(command, args) {
  const given = process.env.SHELL_PORT !== undefined;
  const env = given ? process.env : { ...process.env, ...portsEnv(await freeBlock()) };
  if (!given) console.log(`[e2e] ports ${env.SHELL_PORT}–${Number(env.SHELL_PORT) + 59}`);
  const child = spawn(command, args, {
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32',
  });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
const [command, ...args] = isMain ? process.argv.slice(2) : [];
if (command) {
  runWithPorts(command, args).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
