// What the site's server writes when something it depends on fails (docs/decisions/115): one
// structured line per kind of failure, then at most one a minute while it goes on (with how many
// were not written), and one line when it works again. With the content API down, every render
// fails the same way: the log says so once a minute, not once per render with a stack.
import type { FastifyBaseLogger } from 'fastify';

/** At most one line per kind of failure this often. */
export const FAILURE_LOG_INTERVAL_MS = 60_000;

export interface Failure {
  /** What failed: 'content-api', 'render', a remote's name… */
  source: string;
  /** How it failed, in a few constant words (the key of the rate limit, with `source`). */
  kind: string;
  /** The error, of which only the first line of its message is written (never a stack). */
  error?: unknown;
  /** More fields for the line (a path, a status). */
  fields?: Record<string, unknown>;
}

export interface FailureLog {
  failed(failure: Failure): void;
  /** `source` works again: one line if it had failed, and its kinds start afresh. */
  recovered(source: string, message: string): void;
}

interface Seen {
  /** When the last line of this kind was written. */
  loggedAt: number;
  /** Failures of this kind since that line. */
  unwritten: number;
}

/** The first line of an error's message, and its code when it has one (ECONNREFUSED…). */
export function errorSummary(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = (error as { code?: unknown } | null)?.code ?? cause?.code;
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n')[0]?.slice(0, 300) ?? '';
  return typeof code === 'string' && !first.includes(code) ? `${first} (${code})` : first;
}

export function createFailureLog(
  logger: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  { intervalMs = FAILURE_LOG_INTERVAL_MS, now = Date.now } = {},
): FailureLog {
  const seen = new Map<string, Seen>();
  /** Per source: when its first failure of the current outage was, and how many since. */
  const outages = new Map<string, { since: number; failures: number }>();

  return {
    failed({ source, kind, error, fields }) {
      const at = now();
      const outage = outages.get(source) ?? { since: at, failures: 0 };
      outage.failures += 1;
      outages.set(source, outage);
      const key = `${source}\u0000${kind}`;
      const last = seen.get(key);
      if (last && at - last.loggedAt < intervalMs) {
        last.unwritten += 1;
        return;
      }
      seen.set(key, { loggedAt: at, unwritten: 0 });
      logger.warn(
        {
          source,
          failure: kind,
          ...(error === undefined ? {} : { error: errorSummary(error) }),
          ...(last ? { notLogged: last.unwritten } : {}),
          ...fields,
        },
        last
          ? `${source}: ${kind} (still; ${last.unwritten} more since the last line)`
          : `${source}: ${kind}`,
      );
    },
    recovered(source, message) {
      const outage = outages.get(source);
      if (!outage) return;
      outages.delete(source);
      for (const key of seen.keys()) if (key.startsWith(`${source}\u0000`)) seen.delete(key);
      const seconds = Math.round((now() - outage.since) / 1000);
      logger.info(
        { source, recovered: true, failures: outage.failures, downSeconds: seconds },
        message,
      );
    },
  };
}

/**
 * `fetchImpl` to the content API, watched: a call that gets no answer or a 5xx is a failure of
 * the API (one line per kind, rate-limited); the first answer after failures says it is back.
 * Answers of 4xx are the API working (a page that does not exist). Calls given up by the caller
 * (its signal aborted: the render's budget, a navigation) say nothing of the API.
 */
export function watchApi(fetchImpl: typeof fetch, failures: FailureLog): typeof fetch {
  return async function watchedFetch(input, init) {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const path = (() => {
      try {
        return new URL(input instanceof Request ? input.url : String(input)).pathname;
      } catch {
        return undefined;
      }
    })();
    let response: Response;
    try {
      response = await fetchImpl(input, init);
    } catch (error) {
      // The API client's own deadline is a failure of the API; the caller giving up is not.
      const timedOut = (signal?.reason as { name?: unknown } | undefined)?.name === 'TimeoutError';
      if (!signal?.aborted || timedOut) {
        failures.failed({
          source: 'content-api',
          kind: timedOut ? 'too slow' : 'unreachable',
          error,
          fields: { path },
        });
      }
      throw error;
    }
    if (response.status >= 500) {
      failures.failed({
        source: 'content-api',
        kind: `answers ${response.status}`,
        fields: { path },
      });
    } else {
      failures.recovered('content-api', 'content-api: answers again');
    }
    return response;
  };
}
