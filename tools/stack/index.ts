// The local stack both `npm start` (tools/start.ts, production builds) and `npm run dev`
// (tools/dev.ts, development builds with hot reload) run: the Firebase Auth emulator, the mail
// catcher, the content API, the remotes and the site's server, each a child process or server of
// this one, their output printed under their names. `stop()` ends everything this stack started,
// and only that. Composed of a process supervisor (supervisor.ts) and one launcher per service
// (emulator.ts, mail.ts, api.ts, remotes.ts, site.ts), plus the banner (docs/decisions/151, 205).
import type { ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import type { AppInfo } from '@portfolio/platform/apps';
import { SettingsError, loadSettingsFile } from '@portfolio/platform/settings';
// By path: the platform's package names no entry for it (docs/decisions/147).
import { readStackSettings } from './settings';
import type { StackSettings } from './settings';
import { ROOT } from '../root';
import { launchContentApi } from './api';
import { bannerLines } from './banner';
import { launchAuthEmulator } from './emulator';
import type { FormatLine } from './log-lines';
import { launchMailCatcher } from './mail';
import { listenRemote } from './remotes';
import { stackSetup } from './setup';
import { launchSiteServer } from './site';
import type { SiteServerCommand } from './site';
import { createSupervisor } from './supervisor';
import type { Closable, RunOptions } from './supervisor';

export { readableLogLine } from './log-lines';
export type { FormatLine } from './log-lines';
export { ChildExitedError, createSupervisor } from './supervisor';
export type { Closable, RunOptions, Supervisor, SupervisorOptions } from './supervisor';
export type { SiteServerCommand } from './site';

/** The Node options under which a tool runs the repo's TypeScript (see package.json). */
export const TYPESCRIPT_NODE_OPTIONS = [
  '--conditions=@portfolio/source',
  '--import',
  'tsx',
] as const;

export interface Stack {
  /** Where the stack's services listen, as the tools that add their own need it. */
  settings: { bindHost: string; publicHost: string; siteHostname: string; apiPort: number };
  log(message: string): void;
  run(name: string, command: string, args: readonly string[], options?: RunOptions): ChildProcess;
  print(name: string, stream: 'stdout' | 'stderr', text: string, formatLine?: FormatLine): void;
  waitFor(url: string, name: string, timeoutMs?: number): Promise<boolean>;
  /** The Auth emulator (when the stack uses it); resolves whether it is ready. */
  startEmulator(): Promise<boolean>;
  /** The mail catcher (docs/decisions/205); resolves whether it is ready. */
  startMailCatcher(): Promise<boolean>;
  /**
   * The content API; resolves whether it is ready. Its SMTP_URL is the mail catcher when this
   * stack's catcher is ready by then.
   */
  startApi(options?: { watch?: boolean }): Promise<boolean>;
  /** The Auth emulator and the mail catcher, then the content API: whether each is ready. */
  startEmulatorAndApi(options?: { watch?: boolean }): Promise<[boolean, boolean]>;
  /** The site's server; resolves once it answers, rejects if it exits first. */
  startSiteServer(how: SiteServerCommand): Promise<ChildProcess>;
  /** A remote's server of this process, on the remote's port, closed on stop. */
  listen(app: AppInfo, server: Server): Promise<void>;
  /** Something of this process to close when the stack stops (a dev server, a watcher). */
  own(closable: Closable): void;
  /** Ends everything the stack started, and only that, then exits with `exitCode`. */
  stop(exitCode?: number): Promise<void>;
  /** Where everything is, once started (the mail catcher too, when this stack started it). */
  banner(apiReady: boolean, emulatorReady: boolean): void;
}

export function createStack({
  label,
  env = process.env,
}: {
  label: string;
  env?: NodeJS.ProcessEnv;
}): Stack {
  // Settings from the environment, or a .env file at the root (ENV_FILE): .env.example. Read
  // once, by the stack's schema (tools/stack/settings.ts): a wrong value stops here.
  let settings: StackSettings;
  try {
    loadSettingsFile(env);
    settings = readStackSettings(env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(`[${label}] ${error.message}`);
    process.exit(1);
  }
  const setup = stackSetup(settings);
  const supervisor = createSupervisor({ label, cwd: ROOT, env });

  /** Whether the mail catcher answered; undefined until this stack has tried to start it. */
  let mailReady: boolean | undefined;
  const startEmulator = () => launchAuthEmulator(supervisor, setup);
  const startMailCatcher = async () => {
    mailReady = await launchMailCatcher(supervisor, setup);
    return mailReady;
  };
  const startApi = (options?: { watch?: boolean }) =>
    launchContentApi(supervisor, setup, { ...options, mailCaught: mailReady === true });

  return {
    settings: {
      bindHost: setup.bindHost,
      publicHost: setup.publicHost,
      siteHostname: setup.siteHostname,
      apiPort: setup.apiPort,
    },
    log: supervisor.log,
    run: supervisor.run,
    print: supervisor.print,
    waitFor: supervisor.waitFor,
    startEmulator,
    startMailCatcher,
    startApi,
    /**
     * Not both at once: the API makes sure of its dev admin as soon as it starts, and before the
     * emulator has imported its accounts it would create the admin anew, under a new uid, losing
     * the old one's sessions (ADR 113). The mail catcher starts beside the emulator: the API is
     * told of it when it starts (SMTP_URL).
     */
    async startEmulatorAndApi(options) {
      const [emulatorReady] = await Promise.all([startEmulator(), startMailCatcher()]);
      const apiReady = await startApi(options);
      return [emulatorReady, apiReady];
    },
    startSiteServer: (how) => launchSiteServer(supervisor, setup, how),
    listen: (app, server) => listenRemote(supervisor, setup, app, server),
    own: supervisor.own,
    stop: supervisor.stop,
    banner(apiReady, emulatorReady) {
      console.log('');
      for (const line of bannerLines(setup, { apiReady, emulatorReady, mailReady })) {
        supervisor.log(line);
      }
    },
  };
}
