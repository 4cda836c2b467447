// The site's session cookie (docs/decisions/037), from the browser's side: the site's server
// (shell/server/plugins/session.ts) mints it from an ID token at sign-in and clears it at sign-out, so the
// pages it renders already know who is signed in. The cookie is httpOnly: this module only asks
// for it. A page served without that server (a remote run standalone, `npm run dev`) answers
// 404, and the site works as before: signed in through the Auth SDK alone.
import type { User } from 'firebase/auth';

export const SITE_SESSION_PATH = '/session';

async function send(init: RequestInit): Promise<void> {
  try {
    await fetch(SITE_SESSION_PATH, { credentials: 'same-origin', ...init });
  } catch {
    // Offline, or no site server: the next page is rendered signed out and corrects itself.
  }
}

/** After a sign-in or a change to the profile: a fresh ID token carries the current name. */
export async function startSiteSession(user: Pick<User, 'getIdToken'>): Promise<void> {
  let idToken: string;
  try {
    idToken = await user.getIdToken(true);
  } catch {
    return;
  }
  await send({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
}

export function endSiteSession(): Promise<void> {
  return send({ method: 'DELETE' });
}
