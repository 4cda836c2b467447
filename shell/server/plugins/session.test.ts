/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildTestSite, testIdentity } from '../test-support';
import type { TestSite } from '../test-support';
import {
  CROSS_ORIGIN_REFUSED,
  SESSION_COOKIE,
  SESSION_COOKIE_PATTERN,
  SESSION_NOT_ENDED,
  SESSION_UNCHECKED,
  sessionCookieOf,
} from './session';

let site: TestSite;
beforeEach(async () => {
  site = await buildTestSite();
});
afterEach(() => site.close());

/** An ID token's shape (the emulator's are unsigned: an empty third part). */
const TOKEN = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1MSJ9.';
const SAME_ORIGIN = {
  host: 'localhost:3000',
  origin: 'http://localhost:3000',
  'sec-fetch-site': 'same-origin',
};

const signIn = (idToken: unknown, headers: Record<string, string> = SAME_ORIGIN) =>
  site.app.inject({ method: 'POST', url: '/session', headers, payload: { idToken } });

describe('the session cookie', () => {
  it("is set from the API's session, httpOnly and SameSite=Lax", async () => {
    site.api.on('POST', '/sessions', {
      status: 201,
      json: { session: 'cookie-value', expiresIn: 1209600 },
    });
    const response = await signIn(TOKEN);
    expect(response.statusCode).toBe(204);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=cookie-value`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // The ID token went to the API as a bearer token.
    expect(site.api.calls.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it.each([
    ['with a CR/LF', `${TOKEN}\r\nX-Injected: 1`],
    ['with a space', 'a.b c.d'],
    ['of two parts', 'abc.def'],
    ['that is not a string', 42],
    ['that is empty', ''],
  ])('refuses an ID token %s with 400, before calling the API', async (_what, token) => {
    const response = await signIn(token);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ message: expect.any(String) });
    expect(response.body).not.toContain('X-Injected');
    expect(site.api.calls.filter((call) => call.url.startsWith('/api/sessions'))).toEqual([]);
  });

  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['the site over another scheme', { origin: 'https://localhost:3000' }],
    ['the site on another port', { origin: 'http://localhost:3001' }],
    ['no Origin', { origin: '' }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a sign-in from %s', async (_what, change) => {
    const headers = Object.fromEntries(
      Object.entries({ ...SAME_ORIGIN, ...change }).filter(([, value]) => value !== ''),
    );
    const response = await signIn(TOKEN, headers);
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body)).toEqual({ message: CROSS_ORIGIN_REFUSED });
  });

  it('accepts the configured public origin (SITE_URL) as the same origin', async () => {
    await site.close();
    site = await buildTestSite({
      env: { SITE_URL: 'https://alex.example', PUBLIC_HOSTS: 'alex.example' },
    });
    site.api.on('POST', '/sessions', { status: 201, json: { session: 'v', expiresIn: 60 } });
    const response = await signIn(TOKEN, {
      host: 'alex.example',
      origin: 'https://alex.example',
      'sec-fetch-site': 'same-origin',
    });
    expect(response.statusCode).toBe(204);
    // Secure off loopback.
    expect(String(response.headers['set-cookie'])).toMatch(/Secure/);
  });

  it("passes the API's refusal on, and says so when the API cannot be reached", async () => {
    site.api.on('POST', '/sessions', {
      status: 401,
      json: { message: 'Invalid or expired ID token.' },
    });
    const refused = await signIn(TOKEN);
    expect(refused.statusCode).toBe(401);
    expect(JSON.parse(refused.body)).toEqual({ message: 'Invalid or expired ID token.' });
    await site.api.close();
    const unreachable = await signIn(TOKEN);
    expect(unreachable.statusCode).toBe(503);
    expect(JSON.parse(unreachable.body)).toEqual({ message: SESSION_UNCHECKED });
  });

  it('is cleared at sign-out, only from the site itself', async () => {
    const cross = await site.app.inject({
      method: 'DELETE',
      url: '/session',
      headers: { ...SAME_ORIGIN, origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
    const out = await site.app.inject({ method: 'DELETE', url: '/session', headers: SAME_ORIGIN });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
  });

  it('ends the session in the API at sign-out, so a copy of the cookie opens nothing', async () => {
    site.api.on('POST', '/sessions/revoke', { status: 204 });
    const out = await site.app.inject({
      method: 'DELETE',
      url: '/session',
      headers: { ...SAME_ORIGIN, cookie: `${SESSION_COOKIE}=signed-in` },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    const revoked = site.api.calls.filter((call) => call.url === '/api/sessions/revoke');
    expect(revoked.map((call) => JSON.parse(call.body) as unknown)).toEqual([
      { session: 'signed-in' },
    ]);
  });

  it('clears the cookie at sign-out even when the API cannot end the session, and says so', async () => {
    site.api.on('POST', '/sessions/revoke', { status: 503, json: { message: 'Down.' } });
    const failing = await site.app.inject({
      method: 'DELETE',
      url: '/session',
      headers: { ...SAME_ORIGIN, cookie: `${SESSION_COOKIE}=signed-in` },
    });
    expect(failing.statusCode).toBe(503);
    expect(JSON.parse(failing.body)).toEqual({ message: SESSION_NOT_ENDED });
    expect(String(failing.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    await site.api.close();
    const unreachable = await site.app.inject({
      method: 'DELETE',
      url: '/session',
      headers: { ...SAME_ORIGIN, cookie: `${SESSION_COOKIE}=signed-in` },
    });
    expect(unreachable.statusCode).toBe(503);
    expect(String(unreachable.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
  });

  it('a cookie the API no longer accepts is cleared, and the page is rendered without a session', async () => {
    site.api.on('POST', '/sessions/verify', { status: 401, json: { message: 'Session expired.' } });
    const response = await site.app.inject({
      url: '/blog',
      headers: { host: 'localhost:3000', cookie: `${SESSION_COOKIE}=stale` },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe("the API's answers, checked against the contract", () => {
  /** The session each render was given. */
  function sessionsRendered(): unknown[] {
    const sessions: unknown[] = [];
    const render = site.renderer.render.bind(site.renderer);
    site.renderer.render = (request, context) => {
      sessions.push(context.session);
      return render(request, context);
    };
    return sessions;
  }
  const IDENTITY = testIdentity();
  const getPage = () =>
    site.app.inject({
      url: '/blog',
      headers: { host: 'localhost:3000', cookie: `${SESSION_COOKIE}=signed-in` },
    });

  it("renders the page for the session's user when the check answers the contract's shape", async () => {
    const sessions = sessionsRendered();
    site.api.on('POST', '/sessions/verify', { json: IDENTITY });
    const response = await getPage();
    expect(response.statusCode).toBe(200);
    expect(sessions).toEqual([
      {
        user: { uid: 'u1', email: 'a@b.test', displayName: 'A', photoURL: null },
        role: 'user',
      },
    ]);
  });

  it.each<[string, { json?: unknown; text?: string }]>([
    ['a field missing', { json: { ...IDENTITY, issuedAt: undefined } }],
    ['a field of another type', { json: { ...IDENTITY, uid: 42 } }],
    ['a role the contract does not know', { json: { ...IDENTITY, role: 'owner' } }],
    ['null', { text: 'null' }],
    ['a list', { text: '[]' }],
    ['no JSON at all', { text: 'not json' }],
  ])(
    'takes a session check answered with %s as no answer: the page without a session, the cookie kept',
    async (_what, body) => {
      const sessions = sessionsRendered();
      site.api.on('POST', '/sessions/verify', {
        status: 200,
        ...body,
        ...(body.text !== undefined && { type: 'application/json' }),
      });
      const response = await getPage();
      expect(response.statusCode).toBe(200);
      // undefined: the API could not say (as when it cannot be reached), so the cookie stays.
      expect(sessions).toEqual([undefined]);
      expect(response.headers['set-cookie']).toBeUndefined();
    },
  );

  it.each<[string, { status: number; json?: unknown; text?: string }]>([
    ['a session that is not a string', { status: 201, json: { session: 42, expiresIn: 60 } }],
    ['no lifetime', { status: 201, json: { session: 'v' } }],
    ['null', { status: 201, text: 'null' }],
    ['a 200 instead of a 201', { status: 200, json: { session: 'v', expiresIn: 60 } }],
  ])(
    'answers a sign-in the API answered with %s as when it cannot be reached, no cookie set',
    async (_what, answer) => {
      site.api.on('POST', '/sessions', {
        ...answer,
        ...(answer.text !== undefined && { type: 'application/json' }),
      });
      const response = await signIn(TOKEN);
      expect(response.statusCode).toBe(503);
      expect(JSON.parse(response.body)).toEqual({ message: SESSION_UNCHECKED });
      expect(response.headers['set-cookie']).toBeUndefined();
    },
  );

  it("passes a refusal on with a message of its own when the API's has another shape", async () => {
    site.api.on('POST', '/sessions', { status: 401, text: 'null', type: 'application/json' });
    const response = await signIn(TOKEN);
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body)).toEqual({ message: 'Session refused.' });
  });
});

describe('the session endpoints, from another site', () => {
  it('refuse it before reading its body, whatever the body holds', async () => {
    const response = await signIn('not a token at all', {
      host: 'localhost:3000',
      origin: 'https://attacker.example',
    });
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body)).toEqual({ message: CROSS_ORIGIN_REFUSED });
  });
});

// The one rule for "has a session cookie" (security round 4, finding F): the edge's bypass of
// its page cache uses the same pattern, so no spelling is a session to one and not the other.
describe('the rule for a session cookie', () => {
  it.each<[string, string | undefined]>([
    ['__session=tok', 'tok'],
    ['  __session =tok', 'tok'],
    ['a=1 ; __session = tok ; b=2', 'tok'],
    ['a=1;\t__session\t=\ttok\t;b=2', 'tok'],
    ['a=1;__session=tok', 'tok'],
    ['__session=first; __session=second', 'first'],
    ['__session=%41b', 'Ab'],
    ['x__session=1', undefined],
    ['x__session=1; a=__session=2', undefined],
    ['__session2=1', undefined],
    ['__Session=1', undefined],
    ['a=1,__session=tok', undefined],
    ['__session=', undefined],
    ['__session= ; a=1', undefined],
    ['__session', undefined],
    ['', undefined],
  ])('reads %j as %j', (header, value) => {
    expect(sessionCookieOf(header)).toBe(value);
    expect(SESSION_COOKIE_PATTERN.test(header)).toBe(value !== undefined);
  });

  it("is the edge's rule too, word for word", () => {
    const template = readFileSync(
      path.join(__dirname, '../../../deploy/edge/site.conf.template'),
      'utf8',
    );
    const edgeRule = /map \$http_cookie \$site_session \{[^}]*"~([^"]+)" \$value;/.exec(
      template,
    )?.[1];
    expect(edgeRule?.replace('(?<value>', '(')).toBe(SESSION_COOKIE_PATTERN.source);
  });

  it.each([
    ['a=1 ;\t__session\t= tok ; b=2', 'tok'],
    ['x__session=1; theme=dark', undefined],
  ])('is what the page route asks the API about (%j)', async (cookie, asked) => {
    site.api.on('POST', '/sessions/verify', { status: 401, json: { message: 'Session expired.' } });
    const response = await site.app.inject({
      url: '/blog',
      headers: { host: 'localhost:3000', cookie },
    });
    expect(response.statusCode).toBe(200);
    const verify = site.api.calls.filter((call) => call.url === '/api/sessions/verify');
    expect(verify.map((call) => JSON.parse(call.body))).toEqual(
      asked === undefined ? [] : [{ session: asked }],
    );
  });
});
