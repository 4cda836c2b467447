// `npm run serve -w <app>`: serves that app's production build alone on its port, bound to HOST
// (127.0.0.1 by default; 0.0.0.0 in a container or on a LAN), settings from a .env file too.
import path from 'node:path';
import { APPS, appPort } from '@portfolio/platform/apps';
import { loadSettingsFile } from '@portfolio/platform/settings';
import { createStaticServer } from '@portfolio/platform/static-server';

loadSettingsFile();

const dir = path.basename(process.cwd());
const app = APPS.find((candidate) => candidate.dir === dir);
if (!app)
  throw new Error(`Run this from an app folder (one of ${APPS.map((a) => a.dir).join(', ')})`);
const port = appPort(app);
const host = process.env.HOST || '127.0.0.1';
createStaticServer({ root: path.join(process.cwd(), 'dist'), cors: app.name !== 'shell' }).listen(
  port,
  host,
  () => {
    console.log(`${app.name} (production build) on http://${host}:${port}`);
  },
);
