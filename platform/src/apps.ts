// The five front-end apps and the ports they are served on (each overridable by env).
import { portFromEnv } from './settings';

export type AppName = 'shell' | 'portfolio' | 'blog' | 'auth' | 'shop';

export interface AppInfo {
  name: AppName;
  /** The app's folder in the repository. */
  dir: string;
  portEnv: string;
  defaultPort: number;
}

export const APPS: readonly AppInfo[] = [
  { name: 'shell', dir: 'shell', portEnv: 'SHELL_PORT', defaultPort: 3000 },
  { name: 'portfolio', dir: 'remote-portfolio', portEnv: 'PORTFOLIO_PORT', defaultPort: 3001 },
  { name: 'blog', dir: 'remote-blog', portEnv: 'BLOG_PORT', defaultPort: 3002 },
  { name: 'auth', dir: 'remote-auth', portEnv: 'AUTH_PORT', defaultPort: 3003 },
  { name: 'shop', dir: 'remote-shop', portEnv: 'SHOP_PORT', defaultPort: 3004 },
];

export const REMOTES: readonly AppInfo[] = APPS.filter((app) => app.name !== 'shell');

export function appPort(app: AppInfo, env: NodeJS.ProcessEnv = process.env): number {
  return portFromEnv(app.portEnv, app.defaultPort, env);
}

export const API_PORT_ENV = 'API_PORT';
export const DEFAULT_API_PORT = 4000;
export const AUTH_EMULATOR_PORT_ENV = 'AUTH_EMULATOR_PORT';
export const DEFAULT_AUTH_EMULATOR_PORT = 9099;
export const FIREBASE_PROJECT_ID = 'demo-portfolio';
