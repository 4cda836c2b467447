/** @jest-environment node */
// Development sessions across a restart of the stack, for real (docs/decisions/113): the Auth
// emulator (its accounts in a folder, as `npm start` runs it) and the content API (from its
// sources, with its dev admin) are started, the dev admin signs in and gets a session cookie,
// both are stopped and started again, and the cookie and the ID token still work; and the
// emulator's CLI sends nothing outside the machine while it does.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { bareHost, isLoopbackHost, splitHost } from '@portfolio/contract/hosts';
import { authEmulatorCommand, exportedAccounts, keepSessions } from './auth-emulator';
import { claimBlock, ephemeralRange, release } from '@portfolio/testing/free-ports';
import { ROOT } from './root';

const PROJECT_ID = 'demo-portfolio';
const DEV_ADMIN = { email: 'admin@portfolio.local', password: 'admin-password-123' };
/** The emulator and the API start slowly on a busy machine. */
const START_TIMEOUT_MS = 120_000;

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: its process exited (${child.exitCode})`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * A proxy on 127.0.0.1 through which the emulator's CLI sends every request (it uses
 * HTTPS_PROXY for all, its own hub's included): a request to this machine (isLoopbackHost, the
 * project's one rule for it) is passed on, any
 * other is answered 502 and recorded, where the CLI would have gone outside the machine.
 */
function outsideRequestRecorder() {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? '', 'http://invalid');
    if (!isLoopbackHost(target.host)) {
      requests.push(`${request.method ?? ''} ${request.url ?? ''}`);
      response.writeHead(502).end();
      return;
    }
    const forwarded = http.request(
      target,
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  server.on('connect', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const target = splitHost(request.url);
    if (!target || !isLoopbackHost(request.url)) {
      requests.push(`CONNECT ${request.url ?? ''}`);
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    const host = bareHost(target.name);
    const upstream = net.connect(Number(target.port || 443), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  const listening = new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    requests,
    listening,
    get url() {
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the Auth emulator and the content API restarted', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stack-restart-'));
  const home = path.join(dir, 'home');
  const emulatorData = path.join(dir, 'emulator');
  const proxy = outsideRequestRecorder();
  const apiData = path.join(dir, 'pglite');
  let emulatorPort: number;
  let apiPort: number;
  const running: ChildProcess[] = [];
  let block: number;
  beforeAll(async () => {
    // The stack is stopped and started again on the same ports: a block claimed for this process
    // outside the ephemeral range (@portfolio/testing/free-ports), which no other connection or test can take
    // in between. The emulator's hub and logging ports follow its own.
    block = await claimBlock({ offsets: [0, 1, 2, 10] });
    emulatorPort = block;
    apiPort = block + 10;
    await proxy.listening;
  });
  afterAll(async () => {
    await proxy.close();
    await Promise.all(running.map((child) => stop(child, 'SIGKILL')));
    await release(block);
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * As the stack starts them (tools/stack/emulator.ts, then tools/stack/api.ts): the emulator
   * with its accounts, then the API.
   */
  async function startStack(): Promise<{ output: () => string; stop(): Promise<void> }> {
    const accounts = exportedAccounts(emulatorData) ?? [];
    const emulator = authEmulatorCommand({
      port: emulatorPort,
      projectId: PROJECT_ID,
      dataDir: emulatorData,
    });
    const { CI: _ci, ...outsideCi } = process.env;
    const emulatorProcess = spawn(emulator.command, emulator.args, {
      cwd: ROOT,
      env: {
        // As a developer's `npm start` runs it (no CI, a config store that never fetched), with
        // every request the CLI would send out going to a loopback proxy that records it.
        ...outsideCi,
        HOME: home,
        XDG_CONFIG_HOME: path.join(home, '.config'),
        HTTPS_PROXY: proxy.url,
        HTTP_PROXY: proxy.url,
        https_proxy: proxy.url,
        http_proxy: proxy.url,
        ...emulator.env,
      },
      stdio: 'ignore',
    });
    running.push(emulatorProcess);
    const origin = `http://127.0.0.1:${emulatorPort}`;
    await waitFor(`${origin}/`, emulatorProcess);
    await keepSessions({ origin, projectId: PROJECT_ID, accounts });

    let output = '';
    const api = spawn(
      process.execPath,
      ['--conditions=@portfolio/source', '--import', 'tsx', 'src/server.ts'],
      {
        cwd: path.join(ROOT, 'content-api'),
        env: {
          PATH: process.env.PATH ?? '',
          HOST: '127.0.0.1',
          PORT: String(apiPort),
          DATA_DIR: apiData,
          FIREBASE_PROJECT_ID: PROJECT_ID,
          FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
          NODE_ENV: 'development',
          LOG_REQUESTS: 'off',
        },
      },
    );
    running.push(api);
    api.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    api.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(`http://127.0.0.1:${apiPort}/api/health`, api);
    // The API makes sure of its dev admin once it listens.
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!output.includes('Dev admin ready')) {
      if (Date.now() > deadline) throw new Error(`no dev admin: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return {
      output: () => output,
      // SIGINT lets the emulator export its accounts, as the stack's supervisor stops it
      // (tools/stack/supervisor.ts).
      stop: () => Promise.all([stop(api, 'SIGTERM'), stop(emulatorProcess, 'SIGINT')]).then(),
    };
  }

  const apiUrl = (route: string) => `http://127.0.0.1:${apiPort}/api${route}`;

  async function signIn(): Promise<string> {
    const response = await fetch(
      `http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=emulator`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...DEV_ADMIN, returnSecureToken: true }),
      },
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { idToken: string }).idToken;
  }

  const verify = (session: string) =>
    fetch(apiUrl('/sessions/verify'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ session }),
    });

  /** What the Firebase SDK asks when a page loads with a stored user: is the token still good? */
  const lookup = (idToken: string) =>
    fetch(
      `http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=emulator`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ idToken }),
      },
    );

  it(
    'keeps the session cookie and the ID token of before the restart',
    async () => {
      const { low, high } = ephemeralRange();
      for (const port of [emulatorPort, emulatorPort + 2, apiPort]) {
        expect(port < low || port > high).toBe(true);
      }
      let stack = await startStack();
      const idToken = await signIn();
      const minted = await fetch(apiUrl('/sessions'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(minted.status).toBe(201);
      const mintedAt = Date.now();
      const { session } = (await minted.json()) as { session: string };
      expect((await verify(session)).status).toBe(200);
      await stack.stop();
      // Tokens minted in the same second as the import would pass anyway: the restart is later
      // (counted from the minting, so the time the stop took counts too).
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, mintedAt + 1100 - Date.now())),
      );

      stack = await startStack();
      try {
        const checked = await verify(session);
        expect(checked.status).toBe(200);
        expect(await checked.json()).toMatchObject({ email: DEV_ADMIN.email, role: 'admin' });
        expect((await lookup(idToken)).status).toBe(200);
        const me = await fetch(apiUrl('/users/me'), {
          headers: { Authorization: `Bearer ${idToken}` },
        });
        expect(me.status).toBe(200);
      } finally {
        await stack.stop();
      }
      // Two starts and stops of the emulator asked nothing of the world outside this machine.
      expect(proxy.requests).toEqual([]);
    },
    6 * START_TIMEOUT_MS,
  );
});
