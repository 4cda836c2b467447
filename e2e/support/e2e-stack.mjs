// The browser specs' stack: the site as `npm start` serves it (tools/start.mjs, production
// build), with the content API reached through a fault gate (fault-gate.mjs) that the fault
// specs switch. Stops everything it started on SIGINT/SIGTERM.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFaultGate } from './fault-gate.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const apiPort = Number(process.env.API_PORT || 4000);
const gatePort = Number(process.env.API_GATE_PORT || apiPort + 10);

const gate = await startFaultGate({ target: `http://127.0.0.1:${apiPort}`, port: gatePort });
const site = spawn(process.execPath, [path.join(root, 'tools', 'start.mjs'), '--no-build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, API_BASE_URL: `http://localhost:${gatePort}/api` },
});
const stop = (signal) => {
  gate.close();
  site.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
site.on('exit', (code) => process.exit(code ?? 0));
