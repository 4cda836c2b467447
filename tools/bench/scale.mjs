// npm run bench:scale: what each list, feed and page costs as the blog grows (issue "a blog at
// 10,000 posts"; docs/decisions/130, 131). Starts the site as `npm start` serves it (the
// production builds, the content API on a throwaway PGlite, the Auth emulator) on a block of
// ports of its own (tools/free-ports.mjs) with the render cache off, so every request renders,
// measures the pages with the seed's articles, publishes SCALE_ARTICLES more through the API as
// the dev admin, and measures again:
// - the HTML bytes of /blog, its page 50 (or its last), an article, /articles/{id}, search
//   results for a common word, /rss.xml and the sitemap (its index and first part);
// - the uncached render p99 of those pages and the API's list p99, at 10 connections for
//   SCALE_SECONDS each (autocannon).
// Results in bench-results/scale.json; the figures go to docs/performance.md by hand.
//   SCALE_ARTICLES (default 2000), SCALE_SECONDS (default 5)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { claimBlock } from '../free-ports.mjs';
import { ROOT } from '../root.mjs';
import { COMMON_WORD, generateArticles } from './api/articles.mjs';
import { benchSitePorts, devAdminToken, startBenchSite } from './bench-site.mjs';

const ARTICLES = Number(process.env.SCALE_ARTICLES ?? 2000);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 5);
const CONNECTIONS = 10;

/** Publishes `articles` a few at a time; resolves with how long it took (s). */
async function publish(api, token, articles) {
  const started = Date.now();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < articles.length) {
      const { title, content } = articles[next];
      next += 1;
      const response = await fetch(`${api}/articles`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title, content }),
      });
      if (response.status !== 201) throw new Error(`publish: ${response.status}`);
      await response.arrayBuffer();
      done += 1;
      if (done % 1000 === 0) console.log(`[bench] ${done} of ${articles.length} published`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return (Date.now() - started) / 1000;
}

/** The page addresses to measure, from what the API lists now. */
async function pagesOf(site, api) {
  const response = await fetch(`${api}/articles?limit=1`);
  const [newest] = await response.json();
  const total = Number(response.headers.get('x-total-count'));
  const lastPage = Math.max(1, Math.ceil(total / 10));
  return {
    '/blog': `${site}/blog`,
    // Page 50, or the last where there are fewer.
    '/blog/page/50':
      lastPage === 1 ? `${site}/blog` : `${site}/blog/page/${Math.min(50, lastPage)}`,
    'an article': `${site}/article/${newest._id}`,
    '/articles/{id}': `${site}/articles/${newest._id}`,
    [`search "${COMMON_WORD}"`]: `${site}/search-article?query=${COMMON_WORD}`,
    '/rss.xml': `${site}/rss.xml`,
    '/sitemap.xml': `${site}/sitemap.xml`,
    '/sitemap-1.xml': `${site}/sitemap-1.xml`,
  };
}

async function bytesOf(url) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = await response.arrayBuffer();
  return { status: response.status, bytes: body.byteLength };
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS }, (error, result) =>
      error
        ? reject(error)
        : resolve({
            requestsPerSecond: Math.round(result.requests.average),
            p99Ms: result.latency.p99,
            non2xx: result.non2xx,
          }),
    );
  });
}

async function measure(label, site, api) {
  const pages = await pagesOf(site, api);
  const rows = {};
  for (const [name, url] of Object.entries(pages)) {
    const size = await bytesOf(url);
    const timing = name.includes('sitemap') || name.includes('rss') ? {} : await load(url);
    rows[name] = { ...size, ...timing };
    console.log(`[bench] ${label}: ${name} ${size.status} ${size.bytes} B`, timing);
  }
  rows['API GET /articles?limit=10'] = await load(`${api}/articles?limit=10`);
  return rows;
}

async function main() {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-bench-scale-'));
  const base = await claimBlock({ offsets: [0, 1, 2, 3, 4, 20, 40, 41, 42] });
  const site = `http://localhost:${base}`;
  const api = `http://127.0.0.1:${base + 20}/api`;
  const stack = startBenchSite({
    env: { ...benchSitePorts(base, base + 20, base + 40), RENDER_CACHE: 'off' },
    runDir,
  });
  try {
    await stack.ready;
    const token = await devAdminToken(base + 40);
    const seeded = await measure('seed', site, api);
    const published = await publish(api, token, generateArticles(ARTICLES));
    console.log(`[bench] ${ARTICLES} articles published in ${published.toFixed(0)} s`);
    const grown = await measure(`+${ARTICLES}`, site, api);
    const result = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
      articlesAdded: ARTICLES,
      connections: CONNECTIONS,
      seconds: SECONDS,
      seed: seeded,
      grown,
    };
    mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(path.join(ROOT, 'bench-results', 'scale.json'), JSON.stringify(result, null, 2));
    console.table(
      Object.keys(grown).map((name) => ({
        page: name,
        'bytes (seed)': seeded[name]?.bytes,
        [`bytes (+${ARTICLES})`]: grown[name]?.bytes,
        'p99 ms (seed)': seeded[name]?.p99Ms,
        [`p99 ms (+${ARTICLES})`]: grown[name]?.p99Ms,
      })),
    );
  } finally {
    await stack.stop();
    rmSync(runDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
