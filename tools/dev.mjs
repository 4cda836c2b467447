// `npm run dev`: webpack dev servers with hot reload for the five apps, the content API in watch
// mode and the Auth emulator. Ctrl-C stops everything it started.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { APPS, ROOT } from './apps.mjs';

const children = APPS.map((app) =>
  spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/webpack/bin/webpack.js'), 'serve', '--mode', 'development'],
    {
      cwd: path.join(ROOT, app.dir),
      stdio: 'inherit',
    },
  ),
);
// The API and the emulator run as in `npm start`, without the production front-end build.
children.push(
  spawn(process.execPath, [path.join(ROOT, 'tools/start.mjs'), '--no-build', '--services-only'], {
    cwd: ROOT,
    stdio: 'inherit',
  }),
);

const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
  setTimeout(() => process.exit(0), 16_000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
