// @ts-check
// The browser specs' stack: the site as `npm start` serves it (tools/start.ts, production
// build), with the content API and each remote reached through a fault gate (fault-gate.mjs)
// that the fault specs switch. With E2E_EDGE=on the production edge (nginx, tools/edge.ts) is
// in front of it all on EDGE_PORT, as in production, and the specs talk to the edge. Stops
// everything it started on SIGINT/SIGTERM.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, REMOTES, appPort } from '@portfolio/platform/apps';
import { startEdge } from '@portfolio/tools/edge';
import { startFaultGate } from './fault-gate.mjs';
import { restartListener, stopRestarted } from './restart-process.mjs';

export const REMOTE_GATE_OFFSET = 10;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const apiPort = Number(process.env.API_PORT || 4000);
const gatePort = Number(process.env.API_GATE_PORT || apiPort + 10);

const gates = [
  await startFaultGate({
    target: `http://127.0.0.1:${apiPort}`,
    port: gatePort,
    // The content API stopped and started again, for real (a restart during a newsletter's send).
    restart: () =>
      restartListener({ port: apiPort, healthUrl: `http://127.0.0.1:${apiPort}/api/health` }),
  }),
];
/** @type {NodeJS.ProcessEnv} */
const env = {
  ...process.env,
  API_BASE_URL: `http://localhost:${gatePort}/api`,
  // A page not rendered whole within its budget is a 503 drawn in the browser (ADR 117). The
  // default second is the product's; beside two browsers and every other spec's work on CI's two
  // cores a render may take longer, and turn a spec about something else into one about that.
  // The slow API of the fault specs (fault-gate.mjs SLOW_MS) is slower than this still.
  SSR_RENDER_BUDGET_MS: process.env.SSR_RENDER_BUDGET_MS || '3000',
};
// Each remote behind its own gate, on its port + REMOTE_GATE_OFFSET (e2e/fixtures.ts agrees).
for (const app of REMOTES) {
  const port = appPort(app, process.env);
  gates.push(
    await startFaultGate({ target: `http://127.0.0.1:${port}`, port: port + REMOTE_GATE_OFFSET }),
  );
  env[`REMOTE_${app.name.toUpperCase()}_URL`] =
    `http://localhost:${port + REMOTE_GATE_OFFSET}/mf-manifest.json`;
}
const withEdge = process.env.E2E_EDGE === 'on';
const edgePort = Number(process.env.EDGE_PORT || 8080);
// The site's public address is the edge's when one is in front.
if (withEdge) env.SITE_URL = `http://localhost:${edgePort}`;
// The same Node options this process runs with (the TypeScript loader: package.json).
const site = spawn(
  process.execPath,
  [...process.execArgv, path.join(root, 'tools', 'start.ts'), '--no-build'],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
);
/**
 * The edge, when one is in front (started below).
 * @type {import('@portfolio/tools/edge').Edge | undefined}
 */
let edge;
/** @param {NodeJS.Signals} signal */
const stop = (signal) => {
  for (const gate of gates) gate.close();
  stopRestarted(signal);
  site.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
// The edge goes with the site: nginx is a process of its own, stopped before this one exits.
site.on('exit', (code) => {
  stopRestarted('SIGTERM');
  void Promise.resolve(edge?.stop()).finally(() => process.exit(code ?? 0));
});
// The edge, started once the site answers (so its log holds no refused connections).
if (withEdge) {
  const shell = /** @type {import('@portfolio/platform/apps').AppInfo} */ (APPS[0]);
  const siteUrl = `http://127.0.0.1:${appPort(shell, process.env)}/healthz`;
  for (let answered = false; !answered;) {
    answered = await fetch(siteUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (!answered) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  edge = await startEdge({
    port: edgePort,
    site: `127.0.0.1:${appPort(shell, process.env)}`,
    api: `127.0.0.1:${gatePort}`,
    remotes: Object.fromEntries(
      REMOTES.map((app) => [
        app.name,
        `http://127.0.0.1:${appPort(app, process.env) + REMOTE_GATE_OFFSET}/`,
      ]),
    ),
  });
}
