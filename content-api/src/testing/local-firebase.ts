// firebase-admin's real verifyIdToken, offline: Google's signing-key endpoint is answered by a
// local server (through the app's `httpAgent`), and tests mint ID tokens signed with a local key
// pair. Signature, `kid`, `alg`, `aud`, `iss`, `exp` and `sub` are all checked by firebase-admin
// itself, which rejects with its own `auth/…` error codes.
import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { createFirebaseVerifier } from '../auth/firebase.js';
import type { VerifyIdToken } from '../auth/identity.js';

export interface TokenOptions {
  /** Seconds from now; negative for a token that has already expired. */
  expiresIn?: number;
  audience?: string;
  issuer?: string;
  /** Sign with a key the key endpoint does not publish (a forged token). */
  foreignKey?: boolean;
  kid?: string | null;
  alg?: 'RS256' | 'none';
  /** `iat`, in seconds from now (default: now, or a minute before `exp` if that is earlier). */
  issuedAt?: number;
  /** `auth_time`, in seconds from now (default: `iat`). */
  authTime?: number;
}

export interface Identity {
  uid: string;
  email?: string;
  role?: string;
}

export interface LocalFirebase {
  projectId: string;
  verifyIdToken: VerifyIdToken;
  /** An ID token as Firebase Auth would issue it for this identity, or a bad one by `options`. */
  sign(identity: Identity, options?: TokenOptions): string;
  /** How many times firebase-admin fetched the public keys. */
  keyFetches(): number;
  /** From now on the key endpoint fails, as during an outage. */
  breakKeyEndpoint(): void;
  close(): Promise<void>;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function rsaKeyPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/**
 * The signing key and the forger's, made once per test file: an RSA key takes from 0.1 s to
 * nearly a second to make on a busy machine, and a suite makes a stand-in per driver or per
 * block. Each stand-in still has a project and a key id of its own, so that one's tokens are
 * never good at another (audience, issuer, key id).
 */
let keyPairs:
  { keys: ReturnType<typeof rsaKeyPair>; foreign: ReturnType<typeof rsaKeyPair> } | undefined;

export async function createLocalFirebase(
  projectId = `demo-local-${randomBytes(3).toString('hex')}`,
): Promise<LocalFirebase> {
  keyPairs ??= { keys: rsaKeyPair(), foreign: rsaKeyPair() };
  const { keys, foreign } = keyPairs;
  const kid = randomBytes(20).toString('hex');
  let fetches = 0;
  let keyEndpointBroken = false;

  // Stands in for https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com
  const keyServer = http.createServer((_request, response) => {
    fetches += 1;
    if (keyEndpointBroken) {
      // A 500, not a dropped connection, which firebase-admin would retry for seconds.
      response.statusCode = 500;
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ error: 'backend_error' }));
      return;
    }
    response.setHeader('Content-Type', 'application/json; charset=UTF-8');
    response.setHeader('Cache-Control', 'public, max-age=3600');
    response.end(JSON.stringify({ [kid]: keys.publicKey }));
  });
  await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
  const { port } = keyServer.address() as AddressInfo;

  /** Every connection firebase-admin opens goes to the local key server, in plain HTTP. */
  class LocalAgent extends https.Agent {
    override createConnection() {
      return net.connect(port, '127.0.0.1');
    }
  }
  const httpAgent = new LocalAgent({ keepAlive: false });
  const app = initializeApp({ projectId, httpAgent }, `local-${projectId}`);

  // firebase-admin decides emulator mode (which skips signature checks) when Auth is created.
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const auth = getAuth(app);
  if (emulatorHost !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;

  function sign(identity: Identity, options: TokenOptions = {}): string {
    const now = Math.floor(Date.now() / 1000);
    const expiresIn = options.expiresIn ?? 3600;
    const alg = options.alg ?? 'RS256';
    const header: Record<string, string> = { alg, typ: 'JWT' };
    const headerKid = options.kid === undefined ? kid : options.kid;
    if (headerKid !== null) header.kid = headerKid;
    const issuedAt =
      options.issuedAt === undefined ? Math.min(now, now + expiresIn - 60) : now + options.issuedAt;
    const payload = {
      iss: options.issuer ?? `https://securetoken.google.com/${projectId}`,
      aud: options.audience ?? projectId,
      auth_time: options.authTime === undefined ? issuedAt : now + options.authTime,
      user_id: identity.uid,
      sub: identity.uid,
      iat: issuedAt,
      exp: now + expiresIn,
      ...(identity.email ? { email: identity.email, email_verified: true } : {}),
      ...(identity.role ? { role: identity.role } : {}),
      firebase: { identities: {}, sign_in_provider: 'password' },
    };
    const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
    if (alg === 'none') return `${unsigned}.`;
    const signer = createSign('RSA-SHA256');
    signer.update(unsigned);
    return `${unsigned}.${signer.sign(options.foreignKey ? foreign.privateKey : keys.privateKey, 'base64url')}`;
  }

  return {
    projectId,
    // This Auth was created outside emulator mode, whatever the environment says.
    verifyIdToken: createFirebaseVerifier(projectId, async () => auth, { emulator: false }),
    sign,
    keyFetches: () => fetches,
    breakKeyEndpoint() {
      keyEndpointBroken = true;
    },
    async close() {
      await deleteApp(app);
      httpAgent.destroy();
      await new Promise<void>((resolve) => keyServer.close(() => resolve()));
    },
  };
}
