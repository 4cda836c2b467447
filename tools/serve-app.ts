// `npm run serve -w <app>`: serves that app's production build alone on its port, bound to HOST
// (127.0.0.1 by default; 0.0.0.0 in a container or on a LAN), settings from a .env file too.
import path from 'node:path';
import { APPS, portOf } from '@portfolio/platform/apps';
import { loadSettingsFile } from '@portfolio/platform/settings';
import { createStaticServer } from '@portfolio/platform/static-server';
// By path: the platform's package names no entry for it (docs/decisions/147).
import { readStackSettings } from './stack/settings';

import { readCommandLine } from './command-line';

readCommandLine({ usage: 'Usage: npm run serve -w <app> (no arguments)' });
loadSettingsFile();

const dir = path.basename(process.cwd());
const app = APPS.find((candidate) => candidate.dir === dir);
if (!app)
  throw new Error(`Run this from an app folder (one of ${APPS.map((a) => a.dir).join(', ')})`);
// The stack's settings (its host and the apps' ports), read once, after the settings file.
const settings = readStackSettings(process.env);
const port = portOf(app, settings);
const host = settings.HOST;
createStaticServer({
  root: path.join(process.cwd(), 'dist'),
  cors: app.name !== 'shell',
  env: process.env,
}).listen(port, host, () => {
  console.log(`${app.name} (production build) on http://${host}:${port}`);
});
