// npm run bench:images — issue 26's goal for photos (docs/decisions/123): a 4000 × 3000 JPEG of
// about 3 MB, uploaded through the content API and shown on the blog list, transfers at most
// 60 KB to a phone 390 CSS px wide. Builds what is stale, starts the site as `npm start` serves
// it on ports of its own with a throwaway database (bench-site.ts), makes the photo with sharp
// (grain and texture at every scale, @portfolio/testing/images), uploads it as the dev admin and
// publishes an article with it, so it is the first card of /blog. Then opens /blog in a fresh
// Chromium per device and counts, from the browser's own network events (Chrome DevTools
// Protocol: Network.loadingFinished's encodedDataLength, headers included), the bytes of every
// request for that image. The phone of the goal is 390 × 844 CSS px at DPR 3 (iPhone 12 to 15);
// the other devices are for comparison. Results in bench-results/images.json; exits 1 when the
// goal is not met.
//   CHROME_PATH         Chromium to drive (default /usr/bin/chromium)
//   IMAGES_DEVICES      how many of the devices to visit, the goal's phone first (default all)
//   BENCH_RESULTS_DIR   where images.json goes (default bench-results/)
//   BENCH_PORTS         site,api,emulator ports (default 3650,4650,9650)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser } from 'playwright';
import { noisyPhoto } from '@portfolio/testing/images';
import {
  benchPortBases,
  benchSitePorts,
  buildIfStale,
  devAdminToken,
  launchChromium,
  startBenchSite,
  writeResults,
} from './bench-site';
import { readCommandLine } from '../command-line';

const PORTS = benchPortBases({ site: 3650, api: 4650, emulator: 9650 });
const SHELL_PORT = PORTS.site;
const API_PORT = PORTS.api;
const EMULATOR_PORT = PORTS.emulator;
const SITE = `http://localhost:${SHELL_PORT}`;
const API = `http://localhost:${API_PORT}/api`;
const GOAL_BYTES = 60 * 1024;

interface Device {
  name: string;
  width: number;
  height: number;
  dpr: number;
  mobile: boolean;
}

/** The goal's phone first; the rest show how the choice follows the screen. */
const ALL_DEVICES: [Device, ...Device[]] = [
  { name: 'phone 390 × 844, DPR 3 (the goal)', width: 390, height: 844, dpr: 3, mobile: true },
  { name: 'phone 390 × 844, DPR 2', width: 390, height: 844, dpr: 2, mobile: true },
  { name: 'phone 360 × 800, DPR 3', width: 360, height: 800, dpr: 3, mobile: true },
  { name: 'tablet 768 × 1024, DPR 2', width: 768, height: 1024, dpr: 2, mobile: true },
  { name: 'laptop 1280 × 800, DPR 1', width: 1280, height: 800, dpr: 1, mobile: false },
  { name: 'laptop 1440 × 900, DPR 2', width: 1440, height: 900, dpr: 2, mobile: false },
];

const [GOAL_DEVICE] = ALL_DEVICES;
const DEVICES = ALL_DEVICES.slice(0, Number(process.env.IMAGES_DEVICES) || ALL_DEVICES.length);

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** A request to the API as the dev admin; its JSON answer (nothing for a 204). */
async function api(
  method: string,
  pathname: string,
  token: string,
  body?: FormData | Blob,
): Promise<unknown> {
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

/** A request for the photo, as the browser's network events tell it. */
interface PhotoRequest {
  url: string;
  start: number;
  type?: string;
  status?: number;
  firstByte?: number;
  transferred?: number;
}

/** Opens /blog as `device` in a fresh browser context; what it fetched of the photo. */
async function visit(browser: Browser, device: Device, imagePath: string) {
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
    const requests = new Map<string, PhotoRequest>();
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
      (element: HTMLImageElement) =>
        element.complete ||
        new Promise((resolve) => element.addEventListener('load', resolve, { once: true })),
    );
    const shown = await img.evaluate((element: HTMLImageElement) => ({
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

/** What the API answers an upload: where the image is, and what it made of it. */
interface Upload {
  imagePath: string;
  image: unknown;
}

async function main(): Promise<void> {
  // Its settings come from the environment (above); it takes no arguments.
  readCommandLine({
    usage: 'Usage: npm run bench:images (no arguments; settings in the environment)',
  });
  buildIfStale();
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'bench-images-'));
  const site = startBenchSite({ env: benchSitePorts(SHELL_PORT, API_PORT, EMULATOR_PORT), runDir });
  let browser: Browser | null = null;
  try {
    console.log(`[bench] starting the site on port ${SHELL_PORT} (API ${API_PORT})`);
    await site.ready;
    const photo = await noisyPhoto();
    console.log(`[bench] photo: 4000 × 3000 JPEG, ${(photo.length / 1e6).toFixed(2)} MB`);
    const token = await devAdminToken(EMULATOR_PORT);

    const form = new FormData();
    // A copy on an ArrayBuffer of its own: what Blob's types take (a Buffer may share a pool's).
    form.append(
      'file',
      new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
      'Hill at dusk.jpg',
    );
    const started = performance.now();
    const upload = (await api('POST', '/images', token, form)) as Upload;
    const uploadMs = Math.round(performance.now() - started);
    console.log(
      `[bench] uploaded in ${uploadMs} ms: ${upload.imagePath} ${JSON.stringify(upload.image)}`,
    );
    const article = (await api(
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
    )) as { _id: string };

    browser = await launchChromium(['--no-sandbox']);
    const loadBefore = os.loadavg();
    const visits: (Awaited<ReturnType<typeof visit>> & { round: string })[] = [];
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

    const goal = visits.find((v) => v.device === GOAL_DEVICE.name && v.round === 'first');
    if (!goal) throw new Error(`no visit as ${GOAL_DEVICE.name}`);
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
    const file = writeResults('images.json', {
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
      goal: { bytes: GOAL_BYTES, device: GOAL_DEVICE, transferred: goal.total, met },
      visits,
    });
    console.log(`results: ${file}`);
    if (!met) process.exitCode = 1;
  } finally {
    await browser?.close();
    await site.stop();
    rmSync(runDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
