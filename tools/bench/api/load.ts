// Load generation with autocannon (as a library): what each endpoint is asked, and how it is
// measured against its ceiling: req/s, p50/p99 latency and the server's CPU time per answer.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import type { Request } from 'autocannon';
import { COMMON_WORD, RARE_WORD } from './articles';

/** autocannon's `setupRequest`: the request to send instead of the one given. */
type SetupRequest = (request: Request) => Request;

/** What is measured: one request, as the site's clients send it. */
export interface Endpoint {
  name: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  /** A read the API answers from its response cache (the goal of 0.8 of the ceiling). */
  cachedRead?: boolean;
  /** Makes each request distinct (a cache miss, or a new message), from the endpoint's path. */
  fresh?: (basePath: string) => SetupRequest;
}

/** A server under load: where it answers, and its process (for its CPU time). */
export interface LoadTarget {
  base: string;
  pid: number | undefined;
}

/** One side's figures. */
export interface LoadSummary {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  /** null where /proc is missing (not Linux). */
  cpuMicrosPerRequest: number | null;
  requests: number;
  failures: number;
}

/** The endpoint's figures and its ceiling's. */
export interface Measured extends LoadSummary {
  ceiling: LoadSummary;
}

/** What the samples of one side add up over its slices. */
interface Sample {
  completions: number;
  seconds: number;
  latencies: number[];
  failures: number;
  cpuMicros: number;
}

/** What Chrome sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** The ceiling server is long-lived; it needs less warming up than a fresh API. */
const CEILING_WARMUP_SHARE = 0.5;

/**
 * What is measured, for a dataset whose middle article is `articleId`. `fresh` requests get a
 * distinct URL or body each time (setupRequest): for search, the same words followed by a
 * distinct run of punctuation (searchVariant), so every request misses the response cache and
 * runs the same query in the database. (The API refuses a parameter it does not know, so an
 * unused one, as before, would be a 400.)
 */
export function endpointsFor(articleId: string): Endpoint[] {
  const search = (word: string): string => `/api/search?query=${word}`;
  return [
    { name: 'GET /api/articles', path: '/api/articles', cachedRead: true },
    {
      name: 'GET /api/articles, compressed',
      path: '/api/articles',
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      cachedRead: true,
    },
    { name: 'GET /api/articles/:id', path: `/api/articles/${articleId}`, cachedRead: true },
    { name: 'GET /api/search common, cached', path: search(COMMON_WORD) },
    { name: 'GET /api/search common, uncached', path: search(COMMON_WORD), fresh: freshQuery },
    { name: 'GET /api/search rare, cached', path: search(RARE_WORD) },
    { name: 'GET /api/search rare, uncached', path: search(RARE_WORD), fresh: freshQuery },
    { name: 'POST /api/contact', path: '/api/contact', method: 'POST', fresh: freshContact },
  ];
}

/** Never reset, so no URL repeats within a run (a repeat could be a cache hit). */
let freshCounter = 0;

/**
 * `words` and then `n` written in binary as dots and commas: a distinct search text (the response
 * cache keys on the text) that websearch_to_tsquery reads as `words` alone (punctuation is no
 * word), so the database does exactly the work of searching `words`.
 */
export function searchVariant(words: string, n: number): string {
  return `${words} ${n.toString(2).replaceAll('0', '.').replaceAll('1', ',')}`;
}

/** For `/api/search?query=<word>`: the query made distinct on every request (searchVariant). */
function freshQuery(basePath: string): SetupRequest {
  const url = new URL(basePath, 'http://bench');
  const words = url.searchParams.get('query') ?? '';
  return (request) => {
    url.searchParams.set('query', searchVariant(words, (freshCounter += 1)));
    return { ...request, path: `${url.pathname}${url.search}` };
  };
}

/** A valid, distinct message with its own Idempotency-Key, as the site's contact form sends. */
function freshContact(): SetupRequest {
  const run = randomBytes(4).toString('hex');
  let counter = 0;
  return (request) => {
    counter += 1;
    return {
      ...request,
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        'idempotency-key': `bench-${run}-${counter}`,
      },
      body: JSON.stringify({
        name: 'Bench Visitor',
        email: 'bench@example.com',
        message: `Hello from the API bench, message ${counter} of run ${run}.`,
      }),
    };
  };
}

/** One request as autocannon's `requests` entry; `path` overrides the endpoint's. */
function requestFor(endpoint: Endpoint, path = endpoint.path): Request {
  const request: Request = {
    method: endpoint.method ?? 'GET',
    path,
    headers: endpoint.headers ?? {},
  };
  if (endpoint.fresh) request.setupRequest = endpoint.fresh(path);
  return request;
}

/** One answer of the endpoint as sent (compressed bodies stay compressed): status and body. */
export function probe(base: string, endpoint: Endpoint): Promise<{ status: number; body: Buffer }> {
  const first = requestFor(endpoint);
  const { method, path, headers, body } = first.setupRequest ? first.setupRequest(first) : first;
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path ?? ''}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Stores `body` on the ceiling server; returns the path that answers it. */
export async function ceilingFor(ceilingBase: string, name: string, body: Buffer): Promise<string> {
  const response = await fetch(`${ceilingBase}/bodies/${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    // A copy on an ArrayBuffer of its own: what fetch's types take (a Buffer may share a pool's).
    body: new Uint8Array(body),
  });
  if (!response.ok) throw new Error(`the ceiling server refused the body: ${response.status}`);
  return `/ceiling/${name}`;
}

/** Linux's USER_HZ: /proc reports CPU times in these ticks. */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) the process `pid` has used, in µs; undefined off Linux. */
function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = (fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * Load for `seconds` on `connections` connections. The rate is counted from the first to the
 * last answer, so neither the ramp-up nor the requests cut off at the end skew it. The server's
 * CPU time per answer depends far less than the rate on what else runs on the machine.
 */
async function runFor(
  {
    base,
    pid,
    request,
    seconds,
    connections,
  }: LoadTarget & { request: Request; seconds: number; connections: number },
  sample: Sample,
): Promise<void> {
  const cpuBefore = cpuMicros(pid);
  const run = autocannon({ url: base, connections, duration: seconds, requests: [request] });
  let first: number | undefined;
  let last = 0;
  run.on('response', (_client, status, _bytes, responseTime) => {
    last = performance.now();
    first ??= last;
    sample.completions += 1;
    sample.latencies.push(responseTime);
    if (status >= 300) sample.failures += 1;
  });
  const result = await run;
  // NaN off Linux: summarise() then reports no CPU time.
  sample.cpuMicros += (cpuMicros(pid) ?? NaN) - (cpuBefore ?? NaN);
  sample.failures += result.errors + result.timeouts;
  if (first !== undefined) {
    sample.completions -= 1;
    sample.seconds += (last - first) / 1000;
  }
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
}

function summarise(sample: Sample): LoadSummary {
  const sorted = sample.latencies.sort((a, b) => a - b);
  const round = (value: number): number => Math.round(value * 100) / 100;
  const cpuPerRequest = sample.cpuMicros / sorted.length;
  return {
    requestsPerSecond: Math.round(sample.completions / sample.seconds),
    latencyMs: { p50: round(percentile(sorted, 0.5)), p99: round(percentile(sorted, 0.99)) },
    cpuMicrosPerRequest: Number.isFinite(cpuPerRequest) ? Math.round(cpuPerRequest) : null,
    requests: sorted.length,
    failures: sample.failures,
  };
}

const emptySample = (): Sample => ({
  completions: 0,
  seconds: 0,
  latencies: [],
  failures: 0,
  cpuMicros: 0,
});

/**
 * The endpoint on `api` and its ceiling (`ceilingPath` on `ceiling`: the same method and
 * answer), each `{ base, pid }`. Both are warmed up, then measured in alternating one-second
 * slices for `seconds` each, so that load from other processes falls on both alike.
 */
export async function measureAgainstCeiling({
  api,
  ceiling,
  ceilingPath,
  endpoint,
  settings,
}: {
  api: LoadTarget;
  ceiling: LoadTarget;
  ceilingPath: string;
  endpoint: Endpoint;
  settings: { connections: number; warmupSeconds: number; seconds: number };
}): Promise<Measured> {
  const endpointSide = { server: api, path: endpoint.path, sample: emptySample() };
  const ceilingSide = { server: ceiling, path: ceilingPath, sample: emptySample() };
  const sides = [endpointSide, ceilingSide];
  const { connections, warmupSeconds, seconds } = settings;
  const slice = (
    { server, path }: { server: LoadTarget; path: string },
    duration: number,
    sample: Sample,
  ): Promise<void> =>
    runFor(
      { ...server, request: requestFor(endpoint, path), seconds: duration, connections },
      sample,
    );
  await slice(endpointSide, warmupSeconds, emptySample());
  await slice(ceilingSide, warmupSeconds * CEILING_WARMUP_SHARE, emptySample());
  const slices = Math.max(1, Math.round(seconds));
  for (let index = 0; index < slices; index += 1) {
    for (const side of sides) await slice(side, seconds / slices, side.sample);
  }
  return { ...summarise(endpointSide.sample), ceiling: summarise(ceilingSide.sample) };
}
