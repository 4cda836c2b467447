// A fresh process's warm-up (docs/decisions/117). A site server that has just started has loaded
// no remote's server code, had no site settings, and rendered nothing: its first pages take
// seconds on a busy machine, longer than a page's render budget, and were sent without their
// content. So before it takes traffic it gets ready to serve a whole page:
//   1. the content API's stream of changes is open (the caches keep nothing before it is);
//   2. every remote's server code is loaded (the live version's container started);
//   3. every page is rendered whole once, as for a visitor without a session: each page without
//      a parameter in its path, then one address of each page with parameters that those link to
//      (an article, a project, a tag). Its data, its code and the site settings came within the
//      budget; each page module's first load and first render (an article's first Markdown
//      render: about 0.8 s on a quiet machine) are behind it, and the content cache keeps the
//      API's answers they needed.
// The entry (main.ts) waits for this before it listens, up to a bound, so a worker takes no
// connection before it is warm; `/readyz` says not ready until it is (health.ts).
import { Writable } from 'node:stream';
import fp from 'fastify-plugin';
import { remoteRouteEntries } from '../../src/routes';
import { newIslandKey } from '../island-key';

export interface WarmUpOptions {
  /** The host name in the URL a render sees (the site's public host, as the page route's). */
  publicHostname: string;
  /** The pause between two attempts (ms). */
  retryMs?: number;
}

export interface WarmUp {
  /** Whether the server is warm: it can serve a whole page. */
  readonly done: boolean;
  /** What it still waits for, in words (null once warm). */
  readonly waitingFor: string | null;
  /**
   * Starts the warm-up (once; it goes on until it is done or the server closes). Resolves with
   * `done` once it is done, or after `waitMs` whatever its state.
   */
  start(waitMs?: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly warmUp: WarmUp;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export default fp<WarmUpOptions>(
  async (app, { publicHostname, retryMs = 250 }) => {
    let done = false;
    let waitingFor: string | null = 'the start';
    let closing = false;
    let running: Promise<void> | undefined;
    app.addHook('preClose', async () => {
      closing = true;
    });

    /**
     * Renders `path` as for a visitor without a session: whether it came whole (a redirect is),
     * and its HTML.
     */
    async function renderWhole(path: string): Promise<{ whole: boolean; html: string }> {
      const result = await app.renderer.render(new Request(`http://${publicHostname}${path}`), {
        session: null,
        islandKey: newIslandKey(),
      });
      if (result.kind === 'redirect') return { whole: true, html: '' };
      const chunks: Buffer[] = [];
      const complete = await result.pipe(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        }),
      );
      // A 503: a page not rendered whole (its data, code or the settings did not come in time).
      return { whole: complete && result.status < 500, html: Buffer.concat(chunks).toString() };
    }

    /** One attempt: what is still missing, or null when the server is warm. */
    async function attempt(): Promise<string | null> {
      if (app.contentWatch && !app.contentWatch.live) return "the content API's stream of changes";
      if (!app.renderer.remotes.allLoaded()) {
        await app.renderer.remotes.refresh();
        if (!app.renderer.remotes.allLoaded()) return "every remote's server code";
      }
      // Every page a visitor can ask for as it is (no parameter in its path), then one address
      // of each page with parameters that those pages link to (an article, a project, a tag):
      // each page module's first load and first render (an article's first Markdown) happen here.
      const entries = remoteRouteEntries(app.renderer.remotes.table());
      const links = new Set<string>();
      for (const { path } of entries.filter((entry) => !/[:*]/.test(entry.path))) {
        const { whole, html } = await renderWhole(path);
        if (!whole) return `a whole render of ${path}`;
        for (const [, href] of html.matchAll(/ href="(\/[^"?#]*)/g)) if (href) links.add(href);
      }
      for (const { path } of entries.filter((entry) => /:/.test(entry.path))) {
        const pattern = new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+').replace(/\*.*$/, '.*')}$`);
        const link = [...links].find((href) => pattern.test(href));
        if (link && !(await renderWhole(link)).whole) return `a whole render of ${link}`;
      }
      return null;
    }

    async function run() {
      const started = performance.now();
      while (!closing) {
        try {
          waitingFor = await attempt();
        } catch (error) {
          waitingFor = 'the warm-up';
          app.log.warn({ err: error }, 'The warm-up failed; trying again');
        }
        if (waitingFor === null) {
          done = true;
          app.log.info(
            `Warm: ready to serve whole pages (${Math.round(performance.now() - started)} ms)`,
          );
          return;
        }
        await sleep(retryMs);
      }
    }

    app.decorate('warmUp', {
      get done() {
        return done;
      },
      get waitingFor() {
        return waitingFor;
      },
      async start(waitMs = Number.POSITIVE_INFINITY) {
        running ??= run();
        if (!Number.isFinite(waitMs)) {
          await running;
          return done;
        }
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          running,
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, waitMs);
          }),
        ]);
        clearTimeout(timer);
        return done;
      },
    } satisfies WarmUp);
  },
  {
    name: 'site-warm-up',
    fastify: '5.x',
    dependencies: ['site-renderer', 'site-caches'],
  },
);
