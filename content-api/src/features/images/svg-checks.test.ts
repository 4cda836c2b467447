// SVG uploads are checked off the request thread and within bounds (issue 23, findings 3 and 4;
// docs/decisions/082): the API keeps answering while a large SVG is checked, and an SVG too
// deep, too large or too slow to check is a 4xx with a reason, never a 500.
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { adminHeaders } from '../../testing/fake-auth.js';
import type { TestApp } from '../../testing/test-app.js';
import { createTestApp } from '../../testing/test-app.js';
import {
  MAX_SVG_DEPTH,
  MAX_SVG_ELEMENTS,
  SVG_TOO_DEEP,
  SVG_TOO_MANY_ELEMENTS,
} from './image-type.js';
import { MAX_SVG_BYTES } from './routes.js';
import { SVG_CHECKS_BUSY, SVG_TOO_COMPLEX, createSvgChecks, workerModule } from './svg-checks.js';

const BOUNDARY = '----svg-checks-test';
const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">';

function multipart(svg: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.svg"\r\n` +
        'Content-Type: image/svg+xml\r\n\r\n',
    ),
    Buffer.from(svg),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/**
 * A drawing just under the upload limit and within the element limit: thousands of paths with
 * long outlines, seconds of parsing and sanitising.
 */
function largeSvg(): string {
  const count = MAX_SVG_ELEMENTS / 2;
  const room = MAX_SVG_BYTES - 4096 - SVG_OPEN.length;
  const outline = 'L1 2 '.repeat(Math.floor(room / count / 5) - 8);
  return `${SVG_OPEN}${`<path d="M0 0 ${outline}"/>`.repeat(count)}</svg>`;
}

describe('SVG uploads', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => t.close());

  const upload = (svg: string) =>
    fetch(`${base}/images`, {
      method: 'POST',
      headers: { ...adminHeaders, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: new Uint8Array(multipart(svg)),
    });

  it('answers /api/health again and again while a 2 MiB SVG is being checked', async () => {
    const svg = largeSvg();
    expect(svg.length).toBeGreaterThan(MAX_SVG_BYTES * 0.9);
    expect(svg.length).toBeLessThanOrEqual(MAX_SVG_BYTES);
    // A first upload starts the worker and loads jsdom there, so the next one measures the check.
    expect((await upload(`${SVG_OPEN}<rect width="1" height="1"/></svg>`)).status).toBe(201);

    let done = false;
    const uploaded = upload(svg).finally(() => {
      done = true;
    });
    // Health checks one after another for as long as the upload is in progress.
    let answered = 0;
    while (!done) {
      const health = await fetch(`${base}/health`);
      await health.arrayBuffer();
      expect(health.status).toBe(200);
      answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await uploaded).status).toBe(201);
    // Health answered again and again while the check ran: on the request thread, a check held
    // every request until it ended, and only one health check could have come back before the
    // upload's answer. Counted, not timed: the machine is shared, and how long each took says
    // more of its neighbours than of the API.
    expect(answered).toBeGreaterThanOrEqual(5);
  }, 120_000);

  it('refuses an SVG nested deeper than the limit with 415 and the reason, not a 500', async () => {
    const levels = MAX_SVG_DEPTH + 50;
    const response = await upload(
      `${SVG_OPEN}${'<g>'.repeat(levels)}${'</g>'.repeat(levels)}</svg>`,
    );
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: SVG_TOO_DEEP });
  });

  it('refuses an SVG of more elements than the limit with 415 and the reason', async () => {
    const response = await upload(`${SVG_OPEN}${'<rect/>'.repeat(MAX_SVG_ELEMENTS + 1)}</svg>`);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: SVG_TOO_MANY_ELEMENTS });
  });
});

describe('the SVG check pool', () => {
  const tiny = Buffer.from(`${SVG_OPEN}<circle r="4" onclick="x()"/></svg>`);
  const harmless = Buffer.from(`${SVG_OPEN}<circle r="4"/></svg>`);

  it('answers the allow-listed SVG, or the reason it is refused', async () => {
    const checks = createSvgChecks();
    try {
      await expect(checks.check(harmless)).resolves.toEqual({
        ok: true,
        type: expect.objectContaining({ contentType: 'image/svg+xml' }),
        data: expect.any(Buffer),
      });
      await expect(checks.check(tiny)).resolves.toEqual({
        ok: false,
        reason: expect.stringMatching(/event handlers/),
      });
    } finally {
      await checks.close();
    }
  });

  it('fails the checks of a worker that cannot start, at once, and starts a new one next time', async () => {
    const failures: Error[] = [];
    const missing = path.join(os.tmpdir(), 'no-such-folder', 'svg-worker.js');
    const checks = createSvgChecks({
      worker: { filename: missing, execArgv: [] },
      onWorkerError: (error) => failures.push(error),
    });
    try {
      // Not the image's fault, and not its time limit (a minute): the check fails as the pool
      // hears of it, and the process goes on.
      await expect(checks.check(harmless)).rejects.toThrow();
      expect(failures.map((error) => (error as { code?: string }).code)).toEqual([
        'ERR_MODULE_NOT_FOUND',
      ]);
      await expect(checks.check(harmless)).rejects.toThrow();
      expect(failures).toHaveLength(2);
    } finally {
      await checks.close();
    }
  });

  it('finds its worker beside the code that runs it: source, build or bundle', () => {
    const source = path.join(__dirname, 'svg-checks.ts');
    expect(workerModule(pathToFileURL(source).href)).toMatchObject({
      filename: path.join(__dirname, 'svg-worker.ts'),
      execArgv: ['--import', expect.stringContaining('tsx')],
    });
    expect(workerModule('file:///app/dist/features/images/svg-checks.js')).toEqual({
      filename: '/app/dist/features/images/svg-worker.js',
      execArgv: [],
    });
    expect(workerModule('file:///app/dist/server.mjs')).toEqual({
      filename: '/app/dist/svg-worker.mjs',
      execArgv: [],
    });
  });

  it('stops a check that takes too long, and says the image is too complex', async () => {
    const checks = createSvgChecks({ timeoutMs: 1 });
    try {
      await expect(checks.check(harmless)).resolves.toEqual({ ok: false, reason: SVG_TOO_COMPLEX });
    } finally {
      await checks.close();
    }
  });

  it('refuses more waiting checks than its queue holds with a 503, not the image', async () => {
    const checks = createSvgChecks();
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, () => checks.check(harmless)),
      );
      const busy = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(busy.length).toBeGreaterThan(0);
      for (const outcome of busy) {
        expect((outcome as PromiseRejectedResult).reason).toMatchObject({
          statusCode: 503,
          message: SVG_CHECKS_BUSY,
        });
      }
      expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
    } finally {
      await checks.close();
    }
  });
});
