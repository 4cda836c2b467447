// The browser specs' stack: the site as `npm start` serves it (tools/start.mjs, production
// build), with the content API and each remote reached through a fault gate (fault-gate.mjs)
// that the fault specs switch. Stops everything it started on SIGINT/SIGTERM.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES, appPort } from '@portfolio/platform/apps';
import { startFaultGate } from './fault-gate.mjs';

export const REMOTE_GATE_OFFSET = 10;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const apiPort = Number(process.env.API_PORT || 4000);
const gatePort = Number(process.env.API_GATE_PORT || apiPort + 10);

const gates = [await startFaultGate({ target: `http://127.0.0.1:${apiPort}`, port: gatePort })];
const env = { ...process.env, API_BASE_URL: `http://localhost:${gatePort}/api` };
// Each remote behind its own gate, on its port + REMOTE_GATE_OFFSET (e2e/fixtures.ts agrees).
for (const app of REMOTES) {
  const port = appPort(app);
  gates.push(
    await startFaultGate({ target: `http://127.0.0.1:${port}`, port: port + REMOTE_GATE_OFFSET }),
  );
  env[`REMOTE_${app.name.toUpperCase()}_URL`] =
    `http://localhost:${port + REMOTE_GATE_OFFSET}/mf-manifest.json`;
}
// The same Node options this process runs with (the TypeScript loader: package.json).
const site = spawn(
  process.execPath,
  [...process.execArgv, path.join(root, 'tools', 'start.mjs'), '--no-build'],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
);
const stop = (signal) => {
  for (const gate of gates) gate.close();
  site.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
site.on('exit', (code) => process.exit(code ?? 0));
