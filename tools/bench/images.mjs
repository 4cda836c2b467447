// npm run bench:images — issue 26's goal for photos (docs/decisions/123): a 4000 × 3000 JPEG of
// about 3 MB, uploaded through the content API and shown on the blog list, transfers at most
// 60 KB to a phone 390 CSS px wide. Builds what is stale, starts the site as `npm start` serves
// it on ports of its own with a throwaway database (bench-site.mjs), makes the photo with sharp
// (grain and texture at every scale, @portfolio/testing/images), uploads it as the dev admin and
// publishes an article with it, so it is the first card of /blog. Then opens /blog in a fresh
// Chromium per device and counts, from the browser's own network events (Chrome DevTools
// Protocol: Network.loadingFinished's encodedDataLength, headers included), the bytes of every
// request for that image. The phone of the goal is 390 × 844 CSS px at DPR 3 (iPhone 12 to 15);
// the other devices are for comparison. Results in bench-results/images.json; exits 1 when the
// goal is not met.
//   CHROME_PATH   Chromium to drive (default /usr/bin/chromium)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { noisyPhoto } from '@portfolio/testing/images';
import { ROOT } from '../root.ts';
import { benchSitePorts, devAdminToken, startBenchSite } from './bench-site.mjs';

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const SHELL_PORT = 3650;
const API_PORT = 4650;
const EMULATOR_PORT = 9650;
const SITE = `http://localhost:${SHELL_PORT}`;
const API = `http://localhost:${API_PORT}/api`;
const GOAL_BYTES = 60 * 1024;

/** The goal's phone first; the rest show how the choice follows the screen. */
const DEVICES = [
  { name: 'phone 390 × 844, DPR 3 (the goal)', width: 390, height: 844, dpr: 3, mobile: true },
  { name: 'phone 390 × 844, DPR 2', width: 390, height: 844, dpr: 2, mobile: true },
  { name: 'phone 360 × 800, DPR 3', width: 360, height: 800, dpr: 3, mobile: true },
  { name: 'tablet 768 × 1024, DPR 2', width: 768, height: 1024, dpr: 2, mobile: true },
  { name: 'laptop 1280 × 800, DPR 1', width: 1280, height: 800, dpr: 1, mobile: false },
  { name: 'laptop 1440 × 900, DPR 2', width: 1440, height: 900, dpr: 2, mobile: false },
];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The dev admin's ID token from the emulator, once the API has created the account. */
async function api(method, pathname, token, body) {
  const response = await fetch(`${API}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  if (!response.ok) {
    throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  }
  return response.status === 204 ? undefined : response.json();
}

/** Opens /blog as `device` in a fresh browser context; what it fetched of the photo. */
async function visit(browser, device, imagePath) {
  const context = await browser.newContext({
    viewport: { width: device.width, height: device.height },
    deviceScaleFactor: device.dpr,
    isMobile: device.mobile,
    hasTouch: device.mobile,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => {
      if (request.url.includes(imagePath))
        requests.set(requestId, { url: request.url, start: timestamp });
    });
    cdp.on('Network.responseReceived', ({ requestId, response, timestamp }) => {
      const request = requests.get(requestId);
      if (request)
        Object.assign(request, {
          type: response.mimeType,
          status: response.status,
          firstByte: timestamp,
        });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const request = requests.get(requestId);
      if (request) request.transferred = encodedDataLength;
    });
    await page.goto(`${SITE}/blog`, { waitUntil: 'load' });
    const img = page.locator('main article').first().locator('img');
    await img.evaluate(
      (element) =>
        element.complete ||
        new Promise((resolve) => element.addEventListener('load', resolve, { once: true })),
    );
    const shown = await img.evaluate((element) => ({
      currentSrc: element.currentSrc,
      naturalWidth: element.naturalWidth,
      cssWidth: element.clientWidth,
      width: element.getAttribute('width'),
      height: element.getAttribute('height'),
    }));
    // Every request for the photo has finished once the page has loaded and the image is shown.
    const fetched = [...requests.values()].map((request) => ({
      url: request.url.slice(request.url.indexOf(imagePath) + imagePath.length) || '(original)',
      type: request.type,
      status: request.status,
      transferred: request.transferred ?? 0,
      waitMs: request.firstByte ? Math.round((request.firstByte - request.start) * 1000) : null,
    }));
    return {
      device: device.name,
      ...shown,
      fetched,
      total: fetched.reduce((sum, r) => sum + r.transferred, 0),
    };
  } finally {
    await context.close();
  }
}

async function main() {
  execFileSync(
    process.execPath,
    [...process.execArgv, path.join(ROOT, 'tools', 'build.mjs'), '--if-stale'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'bench-images-'));
  const site = startBenchSite({ env: benchSitePorts(SHELL_PORT, API_PORT, EMULATOR_PORT), runDir });
  let browser = null;
  try {
    console.log(`[bench] starting the site on port ${SHELL_PORT} (API ${API_PORT})`);
    await site.ready;
    const photo = await noisyPhoto();
    console.log(`[bench] photo: 4000 × 3000 JPEG, ${(photo.length / 1e6).toFixed(2)} MB`);
    const token = await devAdminToken(EMULATOR_PORT);

    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'Hill at dusk.jpg');
    let started = performance.now();
    const upload = await api('POST', '/images', token, form);
    const uploadMs = Math.round(performance.now() - started);
    console.log(
      `[bench] uploaded in ${uploadMs} ms: ${upload.imagePath} ${JSON.stringify(upload.image)}`,
    );
    const article = await api(
      'POST',
      '/articles',
      token,
      new Blob(
        [
          JSON.stringify({
            title: 'A hill at dusk',
            content: 'Taken on a phone.',
            imagePath: upload.imagePath,
          }),
        ],
        {
          type: 'application/json',
        },
      ),
    );

    browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
    const loadBefore = os.loadavg();
    const visits = [];
    for (const device of DEVICES) {
      // The first visit of each device may make its variant; the second is served as kept.
      for (const round of ['first', 'again']) {
        const result = await visit(browser, device, upload.imagePath);
        visits.push({ ...result, round });
        console.log(
          `[bench] ${device.name} (${round}): ${result.fetched.map((r) => `${r.url} ${r.type} ${kb(r.transferred)} wait ${r.waitMs} ms`).join('; ')}`,
        );
      }
    }
    const loadAfter = os.loadavg();
    await api('DELETE', `/articles/${article._id}`, token);
    await api('DELETE', `/images/${upload.imagePath.replace('/images/', '')}`, token);

    const goal = visits.find((v) => v.device === DEVICES[0].name && v.round === 'first');
    const met =
      goal.total > 0 &&
      goal.total <= GOAL_BYTES &&
      goal.fetched.every((r) => r.url !== '(original)');
    console.log(
      `\nImages that fit: the first card of /blog, a ${(photo.length / 1e6).toFixed(2)} MB photo`,
    );
    console.log(
      'device                              | shown (CSS px) | chosen           | transferred',
    );
    for (const v of visits.filter((visit) => visit.round === 'first')) {
      console.log(
        `${v.device.padEnd(36)}| ${String(v.cssWidth).padStart(14)} | ${v.fetched
          .map((r) => r.url)
          .join(' + ')
          .padEnd(16)} | ${kb(v.total)}`,
      );
    }
    console.log(
      `\ngoal: ≤ ${kb(GOAL_BYTES)} to the 390-px phone at DPR 3: ${kb(goal.total)}, ${met ? 'met' : 'NOT met'}`,
    );
    console.log(
      `load average before/after: ${loadBefore.map((v) => v.toFixed(2)).join(' ')} / ${loadAfter.map((v) => v.toFixed(2)).join(' ')} (${os.cpus().length} cores)`,
    );
    mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(
      path.join(ROOT, 'bench-results', 'images.json'),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: {
            cores: os.cpus().length,
            cpu: os.cpus()[0]?.model,
            node: process.version,
            chromium: browser.version(),
            loadAverageBefore: loadBefore,
            loadAverageAfter: loadAfter,
          },
          photo: { bytes: photo.length, width: 4000, height: 3000 },
          uploadMs,
          image: upload.image,
          goal: { bytes: GOAL_BYTES, device: DEVICES[0], transferred: goal.total, met },
          visits,
        },
        null,
        2,
      )}\n`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    await browser?.close();
    await site.stop();
    rmSync(runDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
