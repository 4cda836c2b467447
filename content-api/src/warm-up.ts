// What the API does before it listens (docs/decisions/117): each public read a page needs, once.
// A fresh process answered its first article in 88 ms on a quiet machine and 654 ms on a busy
// one, where its later answers take 2 ms: its CPU profile shows Fastify's first serialisation of
// each route's answer compiling the validators of the schema's unions (Ajv code generation,
// about 30 ms of CPU), then the database's first run of each statement and the first Markdown
// render. None of it waits for a visitor now: these reads run before the API takes traffic, and
// their answers are already in the response cache (emptied on the next content change).
import type { FastifyInstance } from 'fastify';

/** The reads the site's pages make, as they make them (the article: the newest one's). */
export const WARM_UP_READS = [
  '/api/settings',
  '/api/projects',
  '/api/articles?limit=10&offset=0',
  '/api/tags',
  '/api/about-data',
  '/api/search?query=security',
] as const;

export interface WarmUpResult {
  /** How long it took (ms). */
  ms: number;
  /** The reads that did not answer 200 (they are only not warm). */
  failed: string[];
}

/**
 * Runs each read once through the whole app (hooks, routes, serialisers), as asked at `host`
 * (one the host check accepts). Never throws: a read that fails is only not warm.
 */
export async function warmUpReads(app: FastifyInstance, host: string): Promise<WarmUpResult> {
  const started = performance.now();
  const failed: string[] = [];
  const read = async (url: string) => {
    try {
      const response = await app.inject({ method: 'GET', url, headers: { host } });
      if (response.statusCode !== 200) failed.push(`${url} (${response.statusCode})`);
      return response;
    } catch {
      failed.push(url);
      return undefined;
    }
  };
  for (const url of WARM_UP_READS) {
    const response = await read(url);
    if (url.startsWith('/api/articles?') && response?.statusCode === 200) {
      const [newest] = response.json<{ _id: string }[]>();
      if (newest) await read(`/api/articles/${encodeURIComponent(newest._id)}`);
    }
  }
  return { ms: Math.round(performance.now() - started), failed };
}
