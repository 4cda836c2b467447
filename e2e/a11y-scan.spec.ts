// The accessibility check every spec uses (fixtures.ts, expectNoA11yViolations) finds what is
// wrong in the page's own document, and in a frame of another origin: the one case where it
// leaves axe's in-page mode for its default, which scans such frames (docs/decisions/007).
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, expectNoA11yViolations, test } from './fixtures';

/** A picture with no text alternative: axe's `image-alt`. */
const UNNAMED_PICTURE = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
const NAMED_PICTURE = '<img alt="A dot" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';

const documentOf = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Scan</title></head><body><main><h1>Scan</h1>${body}</main></body></html>`;

/** Two loopback servers, two origins: the page's and its frame's. */
let pageHost: Server;
let frameHost: Server;
let pageOrigin = '';
let frameOrigin = '';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Answers every address with a document whose body is the query's `body`. */
const documents = (request: IncomingMessage, response: ServerResponse) => {
  const url = new URL(request.url ?? '/', 'http://loopback');
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(documentOf(url.searchParams.get('body') ?? ''));
};

test.beforeAll(async () => {
  pageHost = createServer(documents);
  frameHost = createServer(documents);
  pageOrigin = await listen(pageHost);
  frameOrigin = await listen(frameHost);
});

test.afterAll(async () => {
  await Promise.all(
    [pageHost, frameHost].map(
      (server) => new Promise<void>((resolve) => server.close(() => resolve())),
    ),
  );
});

const pageWith = (body: string) => `${pageOrigin}/page?body=${encodeURIComponent(body)}`;
const frameOf = (body: string) =>
  `<iframe title="Another origin" src="${frameOrigin}/frame?body=${encodeURIComponent(body)}"></iframe>`;

test('finds a violation in the page itself', async ({ page }) => {
  await page.goto(pageWith(UNNAMED_PICTURE));
  await expect(expectNoA11yViolations(page)).rejects.toThrow(/image-alt/);
});

test('finds a violation in a frame of another origin, and none where the frame has none', async ({
  page,
}) => {
  await page.goto(pageWith(frameOf(UNNAMED_PICTURE)));
  await expect(page.frameLocator('iframe').locator('img')).toHaveCount(1);
  await expect(expectNoA11yViolations(page)).rejects.toThrow(/image-alt/);

  await page.goto(pageWith(frameOf(NAMED_PICTURE)));
  await expect(page.frameLocator('iframe').locator('img')).toHaveCount(1);
  await expectNoA11yViolations(page);
});
