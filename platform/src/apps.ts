// The five front-end apps, the content API and the Auth emulator, and the ports they are served
// on: each a setting of AppPortsSchema (docs/decisions/147), which every server's schema that
// needs a port takes its setting from.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { Setting, portFromEnv } from './settings';
import type { Env } from './settings';

export type AppName = 'shell' | 'portfolio' | 'blog' | 'auth' | 'shop';

/** Every local port's setting, with its default. */
export const AppPortsSchema = Type.Object({
  SHELL_PORT: Setting.port(3000),
  PORTFOLIO_PORT: Setting.port(3001),
  BLOG_PORT: Setting.port(3002),
  AUTH_PORT: Setting.port(3003),
  SHOP_PORT: Setting.port(3004),
  API_PORT: Setting.port(4000),
  AUTH_EMULATOR_PORT: Setting.port(9099),
});
export type AppPorts = Static<typeof AppPortsSchema>;

export interface AppInfo {
  name: AppName;
  /** The app's folder in the repository. */
  dir: string;
  portEnv: 'SHELL_PORT' | 'PORTFOLIO_PORT' | 'BLOG_PORT' | 'AUTH_PORT' | 'SHOP_PORT';
  defaultPort: number;
}

const app = (name: AppName, dir: string, portEnv: AppInfo['portEnv']): AppInfo => ({
  name,
  dir,
  portEnv,
  defaultPort: AppPortsSchema.properties[portEnv].default as number,
});

export const APPS: readonly AppInfo[] = [
  app('shell', 'shell', 'SHELL_PORT'),
  app('portfolio', 'remote-portfolio', 'PORTFOLIO_PORT'),
  app('blog', 'remote-blog', 'BLOG_PORT'),
  app('auth', 'remote-auth', 'AUTH_PORT'),
  app('shop', 'remote-shop', 'SHOP_PORT'),
];

export const REMOTES: readonly AppInfo[] = APPS.filter((app) => app.name !== 'shell');

/** An app's port from settings already read. */
export function portOf(app: AppInfo, ports: Pick<AppPorts, AppInfo['portEnv']>): number {
  return ports[app.portEnv];
}

/** An app's port read from an environment its caller gives (the tools, which have no settings object). */
export function appPort(app: AppInfo, env: Env): number {
  return portFromEnv(app.portEnv, app.defaultPort, env);
}

export const API_PORT_ENV = 'API_PORT';
export const DEFAULT_API_PORT = AppPortsSchema.properties.API_PORT.default as number;
export const AUTH_EMULATOR_PORT_ENV = 'AUTH_EMULATOR_PORT';
export const DEFAULT_AUTH_EMULATOR_PORT = AppPortsSchema.properties.AUTH_EMULATOR_PORT
  .default as number;
export const FIREBASE_PROJECT_ID = 'demo-portfolio';
