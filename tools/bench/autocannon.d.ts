// Types of the part of autocannon 9 the benches use (bench:ssr, bench:scale, bench:api's load):
// the package ships none and @types/autocannon is not among tools/'s dependencies. Written from
// autocannon's README ("API") and what its lib/run.js hands back; only the fields read here.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    /** One request of `requests`: autocannon sends them in turn on each connection. */
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      /** Called before each send with the request to send; returns the one to send instead. */
      setupRequest?: (request: Request) => Request;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Requests per second over all connections: a fixed rate instead of as fast as it can. */
      overallRate?: number;
      headers?: Record<string, string>;
      requests?: Request[];
      /** A run before the measured one whose figures are not counted (autocannon's -W). */
      warmup?: Pick<Options, 'connections' | 'duration' | 'overallRate'>;
    }

    /** A histogram's summary, as autocannon reports latency (ms), requests and throughput. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      p50: number;
      p90: number;
      p99: number;
      total: number;
    }

    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      duration: number;
    }

    /** A run under way: its events, and (without a callback) a promise of its result. */
    interface Instance extends EventEmitter, PromiseLike<Result> {
      on(
        event: 'response',
        listener: (
          client: unknown,
          statusCode: number,
          bytes: number,
          responseTime: number,
        ) => void,
      ): this;
      stop(): void;
    }
  }

  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;
  function autocannon(options: autocannon.Options): autocannon.Instance;

  export default autocannon;
  export type Request = autocannon.Request;
  export type Options = autocannon.Options;
  export type Result = autocannon.Result;
  export type Instance = autocannon.Instance;
}
