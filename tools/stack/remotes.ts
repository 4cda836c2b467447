// The stack's launcher of a remote's server: a server of this process (a static server of the
// remote's deploys under `npm start`, tools/start.ts), listening on the remote's port and closed
// when the stack stops. A webpack dev server (`npm run dev`, tools/dev.ts) listens by itself and
// is handed to the supervisor as something to close.
import type { Server } from 'node:http';
import type { AppInfo } from '@portfolio/platform/apps';
import type { StackSetup } from './setup';
import type { Supervisor } from './supervisor';

/** Listens with `server` on `app`'s port; rejects, naming the port's setting, if it cannot. */
export function listenRemote(
  supervisor: Supervisor,
  setup: StackSetup,
  app: AppInfo,
  server: Server,
): Promise<void> {
  const port = setup.appPort(app);
  return new Promise((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        new Error(
          `${app.name}: cannot listen on port ${port} (${error.message}); set ${app.portEnv}`,
        ),
      ),
    );
    server.listen(port, setup.bindHost, () => resolve());
    supervisor.own(server);
  });
}
