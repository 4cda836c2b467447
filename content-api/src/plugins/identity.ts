// Who is asking: the guards that check a request's Firebase ID token (and role), and the
// session cookies the site's server signs visitors in with; firebase-admin's for the project
// unless the caller gives its own (tests give fakes).
import { createFirebaseVerifier } from '../auth/firebase.js';
import type { AuthGuards, VerifyIdToken } from '../auth/identity.js';
import { createAuthGuards } from '../auth/identity.js';
import type { SessionCookies } from '../auth/session-cookies.js';
import { createFirebaseSessionCookies } from '../auth/session-cookies.js';
import { apiPlugin } from './api-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    readonly authGuards: AuthGuards;
    readonly sessionCookies: SessionCookies;
  }
}

export interface IdentityPluginOptions {
  verifyIdToken?: VerifyIdToken;
  sessionCookies?: SessionCookies;
  /** The Firebase project of the default verifier and session cookies. */
  firebaseProjectId?: string;
}

const DEMO_PROJECT_ID = 'demo-portfolio';

export default apiPlugin<IdentityPluginOptions>(
  async (app, options) => {
    const projectId = options.firebaseProjectId ?? DEMO_PROJECT_ID;
    app.decorate(
      'authGuards',
      createAuthGuards(options.verifyIdToken ?? createFirebaseVerifier(projectId)),
    );
    app.decorate(
      'sessionCookies',
      options.sessionCookies ?? createFirebaseSessionCookies(projectId),
    );
  },
  { name: 'api-identity' },
);
