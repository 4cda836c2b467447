// `npm run serve -w <app>`: serves that app's production build alone on its port.
import path from 'node:path';
import { APPS, appPort } from '@portfolio/platform/apps';
import { createStaticServer } from '@portfolio/platform/static-server';

const dir = path.basename(process.cwd());
const app = APPS.find((candidate) => candidate.dir === dir);
if (!app)
  throw new Error(`Run this from an app folder (one of ${APPS.map((a) => a.dir).join(', ')})`);
const port = appPort(app);
createStaticServer({ root: path.join(process.cwd(), 'dist'), cors: app.name !== 'shell' }).listen(
  port,
  '127.0.0.1',
  () => {
    console.log(`${app.name} (production build) on http://localhost:${port}`);
  },
);
