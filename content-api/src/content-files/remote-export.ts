// An export while the site runs (docs/decisions/145). The embedded database (PGlite) serves one
// process: while the content API runs, its data folder is locked (db/data-dir-lock.ts) and the
// export command cannot open it. It asks that API instead: GET /content/export on loopback, as
// the dev admin (signed in at the Auth emulator, as `npm start` runs it) or with the admin ID
// token in CONTENT_API_TOKEN, and writes the answer with the same writer as a direct export.
// Its settings (ContentExportSettingsSchema) are read by the command, once, at its start.
import { CONTENT_EXPORT_PATH, ContentExportSchema, check } from '@portfolio/contract';
import type {
  ExportedComment,
  SiteSettings,
  StoredContactMessage,
  Subscriber,
} from '@portfolio/contract';
import { isLoopbackHost } from '@portfolio/contract/hosts';
import type { ContentExportSettings } from '../settings.js';
import type { ExportedContent } from './folder.js';

/** A reason the running API could not give the export, said to the owner as it is. */
export class RemoteExportError extends Error {
  override name = 'RemoteExportError';
}

/** The Auth emulator takes any API key; the site's runtime config names this one. */
const EMULATOR_API_KEY = 'demo-api-key';
/** An export of many images takes a while; a hung API does not hang the command for ever. */
const EXPORT_TIMEOUT_MS = 120_000;
const SIGN_IN_TIMEOUT_MS = 10_000;

type Fetch = typeof fetch;

/**
 * The running API's base: CONTENT_API_URL, else this machine's API_PORT (npm start's, default
 * 4000). Only on loopback: an admin's token goes with the request.
 */
export function runningApiUrl({
  CONTENT_API_URL,
  API_PORT,
}: Pick<ContentExportSettings, 'CONTENT_API_URL' | 'API_PORT'>): string {
  const url = (CONTENT_API_URL ?? `http://127.0.0.1:${API_PORT}/api`).replace(/\/+$/, '');
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    throw new RemoteExportError(`CONTENT_API_URL is not a URL (got "${url}").`);
  }
  if (!isLoopbackHost(host)) {
    throw new RemoteExportError(
      `CONTENT_API_URL must be on this machine (localhost, 127.0.0.1 or ::1): an admin's ` +
        `credentials are sent to it (got ${url}).`,
    );
  }
  return url;
}

const messageOf = async (response: Response): Promise<string> => {
  try {
    const body = (await response.json()) as { message?: unknown; error?: { message?: unknown } };
    const message = body.message ?? body.error?.message;
    // Said inside a sentence of the command's own: without its final full stop.
    return typeof message === 'string' ? message.replace(/\.$/, '') : `HTTP ${response.status}`;
  } catch {
    return `HTTP ${response.status}`;
  }
};

/**
 * An admin's ID token for the export: CONTENT_API_TOKEN when set, else the dev admin's
 * (DEV_ADMIN_EMAIL / DEV_ADMIN_PASSWORD, as the API reads them), signed in at the Auth emulator
 * npm start runs (FIREBASE_AUTH_EMULATOR_HOST, else 127.0.0.1:AUTH_EMULATOR_PORT, default 9099).
 */
export async function adminTokenFor(
  settings: ContentExportSettings,
  devAdmin: { email: string; password: string },
  fetchImpl: Fetch = fetch,
): Promise<string> {
  if (settings.CONTENT_API_TOKEN) return settings.CONTENT_API_TOKEN;
  const emulator =
    settings.FIREBASE_AUTH_EMULATOR_HOST ||
    (settings.FIREBASE_API_KEY ? undefined : `127.0.0.1:${settings.AUTH_EMULATOR_PORT}`);
  if (!emulator) {
    throw new RemoteExportError(
      'The site runs with a Firebase project (FIREBASE_API_KEY), not the Auth emulator: set ' +
        "CONTENT_API_TOKEN to an admin's ID token, or stop the API and run this again.",
    );
  }
  if (!isLoopbackHost(emulator)) {
    throw new RemoteExportError(
      `The Auth emulator must be on this machine to sign the dev admin in (got ${emulator}).`,
    );
  }
  const url =
    `http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword` +
    `?key=${EMULATOR_API_KEY}`;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...devAdmin, returnSecureToken: true }),
      signal: AbortSignal.timeout(SIGN_IN_TIMEOUT_MS),
    });
  } catch (error) {
    throw new RemoteExportError(
      `The Auth emulator does not answer at ${emulator} (${reasonOf(error)}), so the dev admin ` +
        'cannot sign in. Set AUTH_EMULATOR_PORT to the port npm start uses.',
    );
  }
  if (!response.ok) {
    throw new RemoteExportError(
      `The dev admin (${devAdmin.email}) could not sign in at the Auth emulator (${emulator}): ` +
        `${await messageOf(response)}. Set DEV_ADMIN_EMAIL and DEV_ADMIN_PASSWORD as npm start has them.`,
    );
  }
  const { idToken } = (await response.json()) as { idToken?: unknown };
  if (typeof idToken !== 'string') {
    throw new RemoteExportError(`The Auth emulator at ${emulator} answered without an ID token.`);
  }
  return idToken;
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (typeof cause === 'string') return cause;
  return error instanceof Error ? error.message : String(error);
}

export interface RemoteExport {
  content: ExportedContent;
  messages?: StoredContactMessage[];
  settings?: SiteSettings;
  comments?: ExportedComment[];
  subscribers?: Subscriber[];
  /** Where it came from. */
  url: string;
}

/**
 * The export, from the API that runs on the embedded database: `ownerPid` is the process that
 * holds its data folder, and the answer must come from it (not from another stack's API that
 * happens to listen on the port).
 */
export async function exportFromRunningApi({
  settings,
  ownerPid,
  withMessages,
  withSettings = false,
  withSubscribers = false,
  token,
  fetchImpl = fetch,
}: {
  settings: ContentExportSettings;
  ownerPid: number;
  withMessages: boolean;
  withSettings?: boolean;
  withSubscribers?: boolean;
  /** The admin's ID token (adminTokenFor). */
  token: () => Promise<string>;
  fetchImpl?: Fetch;
}): Promise<RemoteExport> {
  const url = runningApiUrl(settings);
  const query = new URLSearchParams({
    ...(withMessages && { messages: 'true' }),
    ...(withSettings && { settings: 'true' }),
    ...(withSubscribers && { subscribers: 'true' }),
  }).toString();
  const address = `${url}${CONTENT_EXPORT_PATH}${query ? `?${query}` : ''}`;
  const bearer = await token();
  let response: Response;
  try {
    response = await fetchImpl(address, {
      headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
      signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new RemoteExportError(
      `No content API answers at ${url} (${reasonOf(error)}). Set API_PORT to the port npm ` +
        'start uses, or stop whatever holds the database and run this again.',
    );
  }
  if (!response.ok) {
    throw new RemoteExportError(
      `The content API at ${url} refused the export: ${await messageOf(response)}.`,
    );
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!check(ContentExportSchema, body)) {
    throw new RemoteExportError(
      `The content API at ${url} answered something other than an export: is it this site's?`,
    );
  }
  if (body.pid !== ownerPid) {
    throw new RemoteExportError(
      `The content API at ${url} is process ${body.pid}, but process ${ownerPid} holds the ` +
        'database: another copy of the site answers there. Set API_PORT to the port of the one ' +
        'that runs on this database.',
    );
  }
  return {
    content: {
      articles: body.articles,
      projects: body.projects,
      images: body.images.map((image) => ({
        name: image.name,
        data: Buffer.from(image.data, 'base64'),
      })),
    },
    ...(body.messages && { messages: body.messages }),
    // The contract types the settings' answer loosely (an open object): they are SiteSettings.
    ...(body.settings && { settings: body.settings as SiteSettings }),
    ...(body.comments && { comments: body.comments }),
    ...(body.subscribers && { subscribers: body.subscribers }),
    url,
  };
}
