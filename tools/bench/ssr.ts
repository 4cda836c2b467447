// npm run bench:ssr: the shell's server under load (autocannon, 10 connections) on /, /blog and an
// article, measured four ways in one run (docs/decisions/039, 074):
//   rendered  every request rendered (the `npm start` stack with RENDER_CACHE=off: its
//             SITE_WORKERS processes, the API's answers from the site's content cache);
//   cached    a second site server, render cache on, answering visitors without a session;
//   ceiling   that same second server answering the page's bytes from memory
//             (tools/bench/ssr-site.ts): the same hooks, no rendering;
//   bare      a bare Fastify app answering the same bytes (tools/bench/api/ceiling-server.ts);
//   br, gzip  the cached server answering the page compressed (the forms its render cache keeps,
//             ADR 100) against nginx (tools/edge.ts, one worker like the one site process)
//             serving the very same precompressed bytes as a static file, in alternating slices:
//             the goal is the site at ≥ 0.8 of nginx.
// Runs the production build as `npm start` does, on free ports (from 3600, 4600 and 9600, or
// BENCH_PORTS=site,api,emulator), with its own database; prints
// req/s and p50/p99 per page and writes bench-results/ssr-*.json (BENCH_RESULTS_DIR: elsewhere).
//
//   npm run bench:ssr                      10 s per measurement
//   SSR_BENCH_SECONDS=30 npm run bench:ssr
//   SSR_BENCH_SECONDS=2 SSR_BENCH_WARMUP_SECONDS=1 npm run bench:ssr     a quick check that it runs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import autocannon from 'autocannon';
import type { Result } from 'autocannon';
import { startEdge } from '../edge';
import type { Edge } from '../edge';
import { ROOT } from '../root';
import { freePort, startNodeServer } from './api/processes';
import type { NodeServer } from './api/processes';
import { benchPortBases, startBenchSite, waitForUrl, writeResults } from './bench-site';
import { readCommandLine } from '../command-line';

const SECONDS = Number(process.env.SSR_BENCH_SECONDS || 10);
// Warm-ups by what each server needs to settle its JIT: a few thousand renders take 10 s, while
// the cached and ceiling runs answer 30,000+ requests in 3 s. SSR_BENCH_WARMUP_SECONDS sets both
// (a quick check that the bench runs, not a measurement).
const WARMUP_OVERRIDE = Number(process.env.SSR_BENCH_WARMUP_SECONDS) || undefined;
const RENDERED_WARMUP_SECONDS = WARMUP_OVERRIDE ?? 10;
const WARMUP_SECONDS = WARMUP_OVERRIDE ?? 3;
const CONNECTIONS = 10;
/** The cached and ceiling runs alternate in slices this long (two at least). */
const SLICE_SECONDS = 5;

function load(url: string, seconds: number, headers: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** The bytes of an answer as sent (compressed, never decoded), with its headers. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number | undefined; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            body: Buffer.concat(chunks),
            headers: response.headers,
          }),
        );
      })
      .on('error', reject);
  });
}

/** nginx serving precompressed files: <name>.br and <name>.gz, each with its encoding. */
const NGINX_STATIC = (port: number, root: string): string => `
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location ~ \\.br$ {
      default_type "text/html; charset=utf-8";
      add_header Content-Encoding br;
      add_header Vary "Accept-Encoding, Cookie";
      add_header Cache-Control "public, max-age=0, s-maxage=5";
    }
    location ~ \\.gz$ {
      default_type "text/html; charset=utf-8";
      add_header Content-Encoding gzip;
      add_header Vary "Accept-Encoding, Cookie";
      add_header Cache-Control "public, max-age=0, s-maxage=5";
    }
  }`;

/** One measurement's figures. */
interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

const summary = (result: Result): Figures => ({
  requestsPerSecond: Math.round(result.requests.average),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
});

/** Slices of one measurement as one: mean req/s, the worst p50 and p99. */
function combined(results: Result[]): Figures {
  const parts = results.map(summary);
  return {
    requestsPerSecond: Math.round(
      parts.reduce((sum, part) => sum + part.requestsPerSecond, 0) / parts.length,
    ),
    p50Ms: Math.max(...parts.map((part) => part.p50Ms)),
    p99Ms: Math.max(...parts.map((part) => part.p99Ms)),
    non2xx: parts.reduce((sum, part) => sum + part.non2xx, 0),
    errors: parts.reduce((sum, part) => sum + part.errors, 0),
  };
}

async function main(): Promise<void> {
  // Its settings come from the environment (above); it takes no arguments.
  readCommandLine({
    usage: 'Usage: npm run bench:ssr (no arguments; settings in the environment)',
  });
  if (!fs.existsSync(path.join(ROOT, 'shell/dist/server/render.cjs'))) {
    throw new Error('Build first: tools/build.ts');
  }
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portfolio-bench-ssr-'));
  const bases = benchPortBases({ site: 3600, api: 4600, emulator: 9600 });
  const taken: number[] = [];
  const port = async (from: number): Promise<number> => {
    const chosen = await freePort(from, taken);
    taken.push(chosen);
    return chosen;
  };
  const ports = {
    SHELL_PORT: await port(bases.site),
    PORTFOLIO_PORT: await port(bases.site + 1),
    BLOG_PORT: await port(bases.site + 2),
    AUTH_PORT: await port(bases.site + 3),
    SHOP_PORT: await port(bases.site + 4),
    API_PORT: await port(bases.api),
    AUTH_EMULATOR_PORT: await port(bases.emulator),
  };
  // The emulator takes the next two ports for its hub and logging.
  taken.push(ports.AUTH_EMULATOR_PORT + 1, ports.AUTH_EMULATOR_PORT + 2);
  // The mail catcher's, beside it (docs/decisions/205).
  const mailPorts = {
    MAIL_SMTP_PORT: await port(ports.AUTH_EMULATOR_PORT + 3),
    MAIL_WEB_PORT: await port(ports.AUTH_EMULATOR_PORT + 4),
  };
  const site = startBenchSite({
    env: {
      ...Object.fromEntries(
        Object.entries({ ...ports, ...mailPorts }).map(([key, value]) => [key, String(value)]),
      ),
      // This server renders every request; the cached server is started below.
      RENDER_CACHE: 'off',
    },
    runDir,
  });
  const siteOrigin = `http://127.0.0.1:${ports.SHELL_PORT}`;
  // The bench's own servers: the cached site beside the stack's, the others after its API.
  const cachedPort = await port(bases.site + 10);
  const ceilingPort = await port(bases.api + 1);
  let ceiling: NodeServer | undefined;
  let cachedSite: NodeServer | undefined;
  let nginx: Edge | undefined;
  const staticDir = path.join(runDir, 'static');
  fs.mkdirSync(staticDir, { recursive: true });
  fs.chmodSync(runDir, 0o755);
  fs.chmodSync(staticDir, 0o755);
  try {
    await site.ready;
    await waitForUrl(`${siteOrigin}/`);
    cachedSite = await startNodeServer({
      name: 'cached-site',
      script: 'tools/bench/ssr-site.ts',
      port: cachedPort,
      env: {
        ...Object.fromEntries(
          Object.entries({ ...ports, SHELL_PORT: cachedPort }).map(([key, value]) => [
            key,
            String(value),
          ]),
        ),
        // No line per request, as nginx here writes no access log (npm start's setting too).
        LOG_REQUESTS: 'off',
      },
      healthPath: '/runtime-config.json',
      logDir: runDir,
    });
    ceiling = await startNodeServer({
      name: 'ceiling',
      script: 'tools/bench/api/ceiling-server.ts',
      port: ceilingPort,
      env: {},
      healthPath: '/health',
      logDir: runDir,
    });
    const nginxPort = await port(bases.api + 2);
    const edgePort = await port(bases.api + 3);
    nginx = await startEdge({
      port: edgePort,
      site: `127.0.0.1:${cachedPort}`,
      api: `127.0.0.1:${ports.API_PORT}`,
      remotes: {
        portfolio: 'http://127.0.0.1:9/',
        blog: 'http://127.0.0.1:9/',
        auth: 'http://127.0.0.1:9/',
        shop: 'http://127.0.0.1:9/',
      },
      extraHttp: NGINX_STATIC(nginxPort, staticDir),
    });
    const nginxBase = `http://127.0.0.1:${nginxPort}`;
    const articles = (await (
      await fetch(`http://127.0.0.1:${ports.API_PORT}/api/articles`)
    ).json()) as { _id: string }[];
    const first = articles[0];
    if (!first) throw new Error('the API lists no articles');
    const pages = [
      { name: 'home', path: '/' },
      { name: 'blog', path: '/blog' },
      { name: 'article', path: `/article/${first._id}` },
    ];
    const results: unknown[] = [];
    for (const page of pages) {
      const url = `${siteOrigin}${page.path}`;
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      for (const base of [ceiling.base, `${cachedSite.base}/__bench`]) {
        await fetch(`${base}/bodies/${page.name}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/octet-stream' },
          body: new Uint8Array(body),
        });
      }
      await load(url, RENDERED_WARMUP_SECONDS);
      const rendered = summary(await load(url, SECONDS));
      const cachedUrl = `${cachedSite.base}${page.path}`;
      const ceilingUrl = `${cachedSite.base}/__bench/ceiling/${page.name}`;
      // Both warmed, then measured in alternating slices of at most 5 s: at 10,000+ requests a
      // second the order of two back-to-back runs (JIT, garbage collection) and the machine's
      // drift over a long run move each by a tenth or more.
      await load(cachedUrl, WARMUP_SECONDS);
      await load(ceilingUrl, WARMUP_SECONDS);
      const rounds = Math.max(2, Math.round(SECONDS / SLICE_SECONDS));
      const slices: { cached: Result[]; ceiling: Result[] } = { cached: [], ceiling: [] };
      for (let round = 0; round < rounds; round += 1) {
        slices.cached.push(await load(cachedUrl, SECONDS / rounds));
        slices.ceiling.push(await load(ceilingUrl, SECONDS / rounds));
      }
      const cached = combined(slices.cached);
      const sameServer = combined(slices.ceiling);
      const bare = summary(await load(`${ceiling.base}/ceiling/${page.name}`, SECONDS));
      const cachedOfCeiling = cached.requestsPerSecond / sameServer.requestsPerSecond;
      // Compressed: the cached server's kept forms against nginx serving the same bytes.
      const compressed: Record<
        string,
        { bytes: number; site: Figures; nginx: Figures; siteOfNginx: number }
      > = {};
      for (const [encoding, extension] of [
        ['br', 'br'],
        ['gzip', 'gz'],
      ] as const) {
        const headers = { 'accept-encoding': encoding };
        await load(cachedUrl, 1, headers);
        const sent = await rawGet(cachedUrl, headers);
        if (sent.headers['content-encoding'] !== encoding) {
          throw new Error(
            `${page.path}: the cached server did not answer ${encoding}: ${sent.status} ` +
              JSON.stringify(sent.headers),
          );
        }
        fs.writeFileSync(path.join(staticDir, `${page.name}.${extension}`), sent.body);
        const nginxUrl = `${nginxBase}/${page.name}.${extension}`;
        await load(nginxUrl, WARMUP_SECONDS, headers);
        const both: { site: Result[]; nginx: Result[] } = { site: [], nginx: [] };
        for (let round = 0; round < rounds; round += 1) {
          both.site.push(await load(cachedUrl, SECONDS / rounds, headers));
          both.nginx.push(await load(nginxUrl, SECONDS / rounds, headers));
        }
        const site = combined(both.site);
        const ofNginx = combined(both.nginx);
        compressed[encoding] = {
          bytes: sent.body.length,
          site,
          nginx: ofNginx,
          siteOfNginx: Number((site.requestsPerSecond / ofNginx.requestsPerSecond).toFixed(2)),
        };
      }
      results.push({
        page: page.path,
        htmlBytes: body.length,
        rendered,
        cached,
        ceiling: sameServer,
        bareFastify: bare,
        cachedOfCeiling: Number(cachedOfCeiling.toFixed(2)),
        compressed,
      });
      const figures = (result: Figures): string =>
        `${result.requestsPerSecond} req/s p50 ${result.p50Ms} p99 ${result.p99Ms} ms`;
      console.log(
        `${page.path}\n  rendered  ${figures(rendered)}\n  cached    ${figures(cached)} ` +
          `(${cachedOfCeiling.toFixed(2)} of the ceiling)\n  ceiling   ${figures(sameServer)}` +
          `\n  bare      ${figures(bare)}` +
          Object.entries(compressed)
            .map(
              ([encoding, each]) =>
                `\n  ${encoding.padEnd(9)} ${figures(each.site)} (${each.siteOfNginx} of nginx: ` +
                `${figures(each.nginx)}, ${each.bytes} bytes)`,
            )
            .join(''),
      );
    }
    const file = writeResults(`ssr-${new Date().toISOString().replace(/[:.]/g, '-')}.json`, {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
      connections: CONNECTIONS,
      seconds: SECONDS,
      results,
    });
    console.log(`\nwritten to ${file}`);
  } finally {
    await nginx?.stop();
    await ceiling?.stop();
    await cachedSite?.stop();
    await site.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
