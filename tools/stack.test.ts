/** @jest-environment node */
// The local stack (tools/stack/, docs/decisions/151): how a service's log reads, where the
// banner says everything is, and the process supervisor alone, on real child processes: a child
// that exits early is named, a child that never answers is waited for no longer than it lives,
// and stop() ends the supervisor's own children (by PID: SIGINT, then SIGKILL) and nothing else;
// a Ctrl-C typed in a terminal reaches each child once.
// The launchers' refusals name the setting to change.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { REMOTES } from '@portfolio/platform/apps';
import { readStackSettings } from './stack/settings';
import { claimBlock, release } from '@portfolio/testing/free-ports';
import { apiEnv, apiPublicHosts } from './stack/api';
import { bannerLines } from './stack/banner';
import { ChildExitedError, createSupervisor, readableLogLine } from './stack/index';
import { inTerminalForeground } from './stack/supervisor';
import type { Supervisor } from './stack/index';
import { listenRemote } from './stack/remotes';
import { stackSetup } from './stack/setup';
import { launchSiteServer } from './stack/site';

describe('readableLogLine', () => {
  it("shows a server's message, and what went wrong for a warning or an error", () => {
    expect(readableLogLine('{"level":30,"msg":"Server listening"}')).toBe('Server listening');
    expect(
      readableLogLine(
        '{"level":40,"source":"content-api","failure":"unreachable","error":"fetch failed (ECONNREFUSED)","msg":"content-api: unreachable"}',
      ),
    ).toBe('content-api: unreachable: fetch failed (ECONNREFUSED)');
    expect(
      readableLogLine('{"level":50,"err":{"type":"Error","message":"boom","stack":"…"},"msg":"x"}'),
    ).toBe('x: boom');
    // Requests are shown only when they are warnings; anything else as it is.
    expect(readableLogLine('{"level":30,"req":{},"msg":"incoming request"}')).toBeNull();
    expect(readableLogLine('plain text')).toBe('plain text');
  });
});

describe("the stack's setup, API hosts and banner", () => {
  const setup = (env: Record<string, string> = {}) =>
    stackSetup(readStackSettings(env), () => 'fresh-key');

  it('follows the settings: loopback by default, a key made for the run unless one is set', () => {
    const local = setup();
    expect(local).toMatchObject({
      bindHost: '127.0.0.1',
      publicHost: '127.0.0.1',
      siteHostname: 'localhost',
      apiPort: 4000,
      useEmulator: true,
      logRequests: 'off',
      contentEventsKey: 'fresh-key',
    });
    expect(local.mailCatcher).toEqual({ smtpPort: 1025, webPort: 1080 });
    expect(setup({ MAIL_SMTP_PORT: '2525', MAIL_WEB_PORT: '2580' }).mailCatcher).toEqual({
      smtpPort: 2525,
      webPort: 2580,
    });
    expect(setup({ CONTENT_EVENTS_KEY: 'given' }).contentEventsKey).toBe('given');
    expect(setup({ HOST: '0.0.0.0' })).toMatchObject({ publicHost: 'localhost' });
  });

  it('lets the API answer loopback names, and on a wildcard bind this machine by name', () => {
    expect(apiPublicHosts(setup()).split(',')).toContain('127.0.0.1');
    const lan = apiPublicHosts(setup({ HOST: '0.0.0.0' }), {
      hostname: 'Laptop',
      interfaces: {
        eth0: [
          { address: '192.168.1.20', family: 'IPv4' },
          { address: 'fe80::1%eth0', family: 'IPv6' },
        ],
      },
    }).split(',');
    expect(lan).toEqual(expect.arrayContaining(['laptop', '192.168.1.20', '[fe80::1]']));
    expect(apiPublicHosts(setup({ PUBLIC_HOSTS: 'example.org' }))).toBe('example.org');
  });

  it('says where each service is, and which is not running', () => {
    expect(bannerLines(setup(), { apiReady: true, emulatorReady: false })).toEqual([
      'site:          http://localhost:3000',
      'content API:   http://127.0.0.1:4000/api ',
      'auth emulator: http://127.0.0.1:9099 (not running)',
      'press Ctrl-C to stop',
    ]);
    // The mail catcher, once this stack has tried to start it (docs/decisions/205).
    const mail = (mailReady: boolean, env: Record<string, string> = {}) =>
      bannerLines(setup(env), { apiReady: true, emulatorReady: true, mailReady }).filter((line) =>
        line.startsWith('mail catcher:'),
      );
    expect(mail(true)).toEqual(['mail catcher:  http://127.0.0.1:1080 (SMTP 127.0.0.1:1025)']);
    expect(mail(true, { HOST: '0.0.0.0', MAIL_WEB_PORT: '2580' })).toEqual([
      'mail catcher:  http://127.0.0.1:2580 (SMTP 127.0.0.1:1025)',
    ]);
    expect(mail(false)).toEqual(['mail catcher:  not running: mail the site sends is not caught']);
  });

  it('gives the API the mail catcher as its SMTP server while it runs, on 127.0.0.1', () => {
    expect(apiEnv(setup({ HOST: '0.0.0.0' }), { mailCaught: true }).SMTP_URL).toBe(
      'smtp://127.0.0.1:1025',
    );
    expect(apiEnv(setup(), { mailCaught: false })).not.toHaveProperty('SMTP_URL');
  });
});

describe('the process supervisor', () => {
  /** A Node child that runs `code`. */
  const node = (code: string) => [process.execPath, ['-e', code]] as const;
  const FOREVER = 'setInterval(() => {}, 1000)';
  let lines: string[];
  let exits: number[];
  let outsiders: ChildProcess[];
  let supervisor: Supervisor;

  const supervise = (killAfterMs = 10_000) =>
    createSupervisor({
      label: 'test',
      cwd: os.tmpdir(),
      output: { log: (line) => lines.push(line), error: (line) => lines.push(`!${line}`) },
      exit: (code) => exits.push(code),
      handleSignals: false,
      killAfterMs,
      readyTimeoutMs: 20_000,
    });

  const exited = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });

  /** Whether a process of this PID is alive (signal 0 checks without sending anything). */
  const alive = (pid: number | undefined) => {
    try {
      process.kill(pid!, 0);
      return true;
    } catch {
      return false;
    }
  };

  /** Waits until `check()` holds, for up to `timeoutMs`; fails with what it last saw. */
  const until = async (check: () => boolean, what: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeEach(() => {
    lines = [];
    exits = [];
    outsiders = [];
    supervisor = supervise();
  });
  afterEach(async () => {
    await supervisor.stop();
    for (const child of outsiders) child.kill('SIGKILL');
    await Promise.all(outsiders.map(exited));
  });

  it("prints a child's output under its name, a line at a time, formatted", async () => {
    const [command, args] = node(
      'console.log("one\\n\\ntwo"); console.error("oops"); console.log("skip me")',
    );
    const child = supervisor.run('svc', command, args, {
      formatLine: (line) => (line === 'skip me' ? null : line.toUpperCase()),
    });
    // 'close': its output read to the end ('exit' can come before the last of it).
    await new Promise((resolve) => child.once('close', resolve));
    // One line each, though the child wrote the first two in one chunk.
    expect(lines).toEqual(expect.arrayContaining(['[svc] ONE', '[svc] TWO', '![svc] OOPS']));
    expect(lines.join('\n')).not.toMatch(/skip me|SKIP ME/);
  });

  it('reports a child that exits early with its name, while the rest keeps running', async () => {
    const [command, args] = node('process.exit(3)');
    const early = supervisor.run('early-service', command, args);
    await exited(early);
    expect(lines).toContain('[test] early-service exited (3); the rest of the site keeps running');
    // A readiness wait on it gives up at once, naming it, instead of waiting its time out.
    const started = Date.now();
    const waiting = supervisor.whenReady(early, 'http://127.0.0.1:9/', 'Early service');
    await expect(waiting).rejects.toThrow(ChildExitedError);
    await expect(waiting).rejects.toThrow('Early service exited (3) before it answered');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('gives up a readiness wait as soon as the child exits while it waits', async () => {
    const [command, args] = node('setTimeout(() => process.exit(4), 700)');
    const child = supervisor.run('late', command, args);
    await expect(supervisor.whenReady(child, 'http://127.0.0.1:9/', 'Late')).rejects.toThrow(
      'Late exited (4) before it answered',
    );
  });

  it('stop() ends only its own children, by PID, closes what it owns, then exits', async () => {
    const [command, args] = node(FOREVER);
    // Started beside the supervisor, not by it: stop() must leave it running.
    const outsider = spawn(command, args, { stdio: 'ignore' });
    outsiders.push(outsider);
    const own = [supervisor.run('a', command, args), supervisor.run('b', command, args)];
    const closed = jest.fn();
    supervisor.own({ close: closed });
    await supervisor.stop(2);
    for (const child of own) {
      expect(child.signalCode ?? child.exitCode).not.toBeNull();
      expect(alive(child.pid)).toBe(false);
    }
    expect(alive(outsider.pid)).toBe(true);
    expect(outsider.exitCode).toBeNull();
    expect(closed).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([2]);
    // Its own children ending on stop is no news, and stop() runs once.
    expect(lines.filter((line) => line.includes('exited'))).toEqual([]);
    await supervisor.stop(5);
    expect(exits).toEqual([2]);
  });

  it('ends what is started while it stops, before it exits (a launcher that was waiting)', async () => {
    const [command, args] = node(FOREVER);
    const first = supervisor.run('emulator', command, args);
    const stopped = supervisor.stop(3);
    // The API's launcher, which waited for the emulator, goes on once the stop has begun.
    const late = supervisor.run('api', command, args);
    const closed = jest.fn(() => Promise.resolve());
    supervisor.own({ close: closed });
    await stopped;
    for (const child of [first, late]) {
      expect(child.signalCode ?? child.exitCode).not.toBeNull();
      expect(alive(child.pid)).toBe(false);
    }
    expect(closed).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([3]);
  });

  it('kills a child that ignores SIGINT once its time is up', async () => {
    supervisor = supervise(500);
    const [command, args] = node(
      `process.on('SIGINT', () => {}); console.log('ignoring SIGINT'); ${FOREVER}`,
    );
    const stubborn = supervisor.run('stubborn', command, args);
    // Its SIGINT handler must be in place before the stack stops: it says so once it is (a
    // fixed wait was too short for a child starting on a busy machine).
    await until(
      () => lines.some((line) => line.includes('ignoring SIGINT')),
      'its SIGINT handler is in place',
      30_000,
    );
    await supervisor.stop();
    expect(stubborn.signalCode).toBe('SIGKILL');
  });

  it("passes a terminal's Ctrl-C to each child once", async () => {
    // A stack in a terminal of its own (a pseudo-terminal, made by util-linux's script), stopped
    // by the Ctrl-C typed into it: the terminal sends SIGINT to its whole foreground group.
    const child = `process.on('SIGINT', () => { console.log('child got SIGINT'); setTimeout(() => process.exit(0), 500); }); console.log('child ready'); ${FOREVER}`;
    const stackCode = `import { createSupervisor } from ${JSON.stringify(path.join(__dirname, 'stack', 'supervisor.ts'))};
      const supervisor = createSupervisor({ label: 'stack', cwd: process.cwd() });
      supervisor.run('svc', process.execPath, ['-e', ${JSON.stringify(child)}]);`;
    const command = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', stackCode]
      .map((word) => `'${word.replaceAll("'", "'\\''")}'`)
      .join(' ');
    const terminal = spawn('script', ['--quiet', '--return', '--command', command, '/dev/null'], {
      cwd: path.join(__dirname, '..'),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    outsiders.push(terminal);
    let printed = '';
    terminal.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    terminal.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    await until(() => printed.includes('[svc] child ready'), 'the child is ready', 30_000);
    terminal.stdin.write('\x03');
    await exited(terminal);
    expect(printed.match(/child got SIGINT/g)).toEqual(['child got SIGINT']);
    expect(printed).toContain('[stack] stopping...');
  });

  it('signals its children itself when the SIGINT came to it alone', async () => {
    // Not in a terminal's foreground group (a test runner, a service manager): nobody else told them.
    expect(inTerminalForeground('/nonexistent/stat')).toBe(false);
    const [command, args] = node(
      `process.on('SIGINT', () => { console.log('got SIGINT'); process.exit(0); }); console.log('ready'); ${FOREVER}`,
    );
    const own = supervisor.run('svc', command, args);
    await until(() => lines.join('\n').includes('[svc] ready'), 'the child is ready');
    await supervisor.stop();
    await exited(own);
    expect(lines.join('\n')).toContain('[svc] got SIGINT');
  });
});

describe("the launchers' refusals", () => {
  let base: number;
  let lines: string[];
  let supervisor: Supervisor;
  beforeAll(async () => {
    base = await claimBlock({ offsets: [0, 1] });
  });
  afterAll(() => release(base));
  beforeEach(() => {
    lines = [];
    supervisor = createSupervisor({
      label: 'test',
      cwd: os.tmpdir(),
      output: { log: (line) => lines.push(line), error: (line) => lines.push(line) },
      exit: () => undefined,
      handleSignals: false,
    });
  });
  afterEach(() => supervisor.stop());

  it("names a remote's port setting when its port is taken", async () => {
    const shop = REMOTES.find((app) => app.name === 'shop')!;
    const setup = stackSetup(readStackSettings({ SHOP_PORT: String(base) }));
    const taken = http.createServer();
    await new Promise<void>((resolve) => taken.listen(base, '127.0.0.1', resolve));
    try {
      await expect(listenRemote(supervisor, setup, shop, http.createServer())).rejects.toThrow(
        new RegExp(`^shop: cannot listen on port ${base} \\(.*EADDRINUSE.*\\); set SHOP_PORT$`),
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it("stops at once when the site's server exits before it answers, naming its port", async () => {
    const setup = stackSetup(readStackSettings({ SHELL_PORT: String(base + 1) }));
    const started = Date.now();
    await expect(
      launchSiteServer(supervisor, setup, {
        command: process.execPath,
        args: ['-e', 'process.exit(7)'],
      }),
    ).rejects.toThrow(
      `the site's server exited (7) before it answered; is port ${base + 1} free? Set SHELL_PORT`,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(lines).toContain('[test] site exited (7); the rest of the site keeps running');
  });
});
