// The five front-end apps and the ports they are served on (each overridable by env).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @typedef {{ name: string, dir: string, portEnv: string, defaultPort: number }} AppInfo */

/** @type {AppInfo[]} */
export const APPS = [
  { name: 'shell', dir: 'shell', portEnv: 'SHELL_PORT', defaultPort: 3000 },
  { name: 'portfolio', dir: 'remote-portfolio', portEnv: 'PORTFOLIO_PORT', defaultPort: 3001 },
  { name: 'blog', dir: 'remote-blog', portEnv: 'BLOG_PORT', defaultPort: 3002 },
  { name: 'auth', dir: 'remote-auth', portEnv: 'AUTH_PORT', defaultPort: 3003 },
  { name: 'shop', dir: 'remote-shop', portEnv: 'SHOP_PORT', defaultPort: 3004 },
];

export const REMOTES = APPS.filter((app) => app.name !== 'shell');

/** @param {string} envName @param {number} fallback */
export function portFromEnv(envName, fallback, env = process.env) {
  const raw = env[envName];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${envName} must be a port number (1-65535), got "${raw}"`);
  }
  return port;
}

/** @param {AppInfo} app */
export function appPort(app, env = process.env) {
  return portFromEnv(app.portEnv, app.defaultPort, env);
}

export const API_PORT_ENV = 'API_PORT';
export const DEFAULT_API_PORT = 4000;
export const AUTH_EMULATOR_PORT_ENV = 'AUTH_EMULATOR_PORT';
export const DEFAULT_AUTH_EMULATOR_PORT = 9099;
export const FIREBASE_PROJECT_ID = 'demo-portfolio';
