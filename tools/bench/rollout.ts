// npm run bench:rollout — is a remote's candidate page as fast as the live one (docs/decisions/191)?
// The redeploy specs' small site (tools/deploy-harness/: the site's server over the shop
// served from a deploy folder), with the render cache off so every answer is a render, and the
// shop's build (remote-shop/dist) deployed live and uploaded again as a candidate: the same code,
// so any difference is what choosing and rendering a candidate costs. autocannon (10 connections)
// asks for /store in alternating slices:
//   live     no cookie: the live shop;
//   preview  with a signed preview cookie of the candidate (private, no-store);
//   canary   with a canary's cohort cookie (a canary at 50 %, the candidate's cohort);
// and prints req/s, p50 and p99 of each; the goal: preview's and canary's p99 within 10 % of live's.
// Results in bench-results/rollout.json (BENCH_RESULTS_DIR: elsewhere).
//   ROLLOUT_BENCH_SECONDS   seconds per slice (default 5), three slices each
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Result } from 'autocannon';
import { signPreview } from '@portfolio/platform/remote-rollout';
import { ROOT } from '../root';
import { deployBuild, startCanary, uploadCandidate } from '../deploy';
import { startDeployHarness } from '../deploy-harness';
import { readCommandLine } from '../command-line';
import { freePort } from './api/processes';
import { waitForUrl, writeResults } from './bench-site';

const SECONDS = Number(process.env.ROLLOUT_BENCH_SECONDS || 5);
const SLICES = 3;
const CONNECTIONS = 10;
const SECRET = 'the-rollout-bench-preview-secret-0123456789';

function load(url: string, headers: Record<string, string>): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** The cookie a page answer sets, as a browser sends it back. */
function cookieOf(response: Response, name: string): string {
  const line = response.headers.getSetCookie().find((each) => each.startsWith(`${name}=`));
  return line?.split(';')[0] ?? '';
}

async function main(): Promise<void> {
  readCommandLine({
    usage: 'Usage: npm run bench:rollout (no arguments; settings in the environment)',
  });
  const deployRoot = mkdtempSync(path.join(os.tmpdir(), 'bench-rollout-'));
  const shopBuild = path.join(ROOT, 'remote-shop', 'dist');
  deployBuild({ buildDir: shopBuild, deployRoot, version: 'live' });
  uploadCandidate({ buildDir: shopBuild, deployRoot, version: 'next' });
  const shell = await freePort(3650);
  const harness = await startDeployHarness({
    deployRoot,
    shellPort: shell,
    shopPort: await freePort(shell + 1),
    controlPort: await freePort(shell + 2),
    env: {
      SITE_URL: `http://localhost:${shell}`,
      PREVIEW_SECRET: SECRET,
      RENDER_CACHE: 'off',
      SITE_WORKERS: '1',
    },
  });
  const site = `http://localhost:${shell}`;
  const url = `${site}/store`;
  try {
    await waitForUrl(url, 120_000);
    const token = signPreview(SECRET, {
      remote: 'shop',
      version: 'next',
      expires: Math.floor(Date.now() / 1000) + 3600,
    });
    const preview = cookieOf(
      await fetch(`${site}/_preview?token=${token}`, { redirect: 'manual' }),
      '__preview',
    );
    startCanary(deployRoot, { version: 'next', percent: 50, margin: 100, minViews: 1_000_000 });
    // The site polls canary.json; fresh visitors then get a cohort, half of them the candidate's.
    let canary = '';
    for (let tries = 0; tries < 200 && !canary.endsWith('.shop-next'); tries += 1) {
      canary = cookieOf(await fetch(url), '__cohort');
      if (!canary) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!preview || !canary.endsWith('.shop-next')) throw new Error('No preview or canary cookie');
    const variants: Record<string, Record<string, string>> = {
      live: {},
      preview: { cookie: preview },
      canary: { cookie: canary },
    };
    // Each variant rendered once before it is measured (its container loaded, its code warm).
    for (const headers of Object.values(variants)) {
      const page = await fetch(url, { headers });
      const html = await page.text();
      if (page.status !== 200) throw new Error(`/store answered ${page.status}`);
      if (headers.cookie && !html.includes('/remotes/shop/v/next/')) {
        throw new Error('The candidate was not rendered');
      }
      await load(url, headers);
    }
    const runs: Record<string, Result[]> = { live: [], preview: [], canary: [] };
    for (let slice = 0; slice < SLICES; slice += 1) {
      for (const [name, headers] of Object.entries(variants)) {
        const result = await load(url, headers);
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${name}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
        }
        runs[name]!.push(result);
      }
    }
    const summary = Object.fromEntries(
      Object.entries(runs).map(([name, results]) => {
        const mean = (pick: (result: Result) => number) =>
          results.reduce((sum, result) => sum + pick(result), 0) / results.length;
        return [
          name,
          {
            requestsPerSecond: Math.round(mean((result) => result.requests.average)),
            p50: mean((result) => result.latency.p50),
            p99: mean((result) => result.latency.p99),
          },
        ];
      }),
    ) as Record<string, { requestsPerSecond: number; p50: number; p99: number }>;
    for (const [name, figures] of Object.entries(summary)) {
      const against = ((figures.p99 / summary.live!.p99 - 1) * 100).toFixed(1);
      console.log(
        `[bench] ${name}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms (${against} % against live)`,
      );
    }
    const results = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
      loadAverage: os.loadavg(),
      secondsPerSlice: SECONDS,
      slices: SLICES,
      connections: CONNECTIONS,
      summary,
    };
    console.log(`[bench] results in ${writeResults('rollout.json', results)}`);
  } finally {
    await harness.stop();
    rmSync(deployRoot, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
