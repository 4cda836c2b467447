// Content changed behind the API's back, by `npm run content:import` (docs/decisions/121), is
// announced by the database itself: the import's transaction sends a PostgreSQL NOTIFY on this
// channel, delivered when it commits, and every API instance on that database LISTENs and then
// empties its response cache, which fires the content event the site's caches follow (039).
// PGlite serves one process: an import cannot run beside the API there (its folder is locked).
import pg from 'pg';

export const CONTENT_CHANGED_CHANNEL = 'portfolio_content_changed';
/** Wait before listening again after the connection was lost. */
export const RELISTEN_MS = 2000;

export interface ContentChangeListener {
  stop(): Promise<void>;
}

/**
 * Listens on `url` for content changes: `onChange` for each, and once more after a lost
 * connection comes back (a change may have been missed meanwhile; the caches' TTL bounds that).
 */
export function listenForContentChanges({
  url,
  onChange,
  warn,
}: {
  url: string;
  onChange: () => void;
  warn: (message: string) => void;
}): ContentChangeListener {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let lost = false;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === CONTENT_CHANGED_CHANNEL) onChange();
    });
    const again = (error?: Error) => {
      if (stopped || client !== next) return;
      if (!lost)
        warn(
          `Content changes: lost the database's announcements (${error?.message ?? 'closed'}); listening again`,
        );
      lost = true;
      client = undefined;
      next.end().catch(() => {});
      retry = setTimeout(() => void connect(), RELISTEN_MS);
      retry.unref();
    };
    next.on('error', again);
    next.on('end', () => again());
    try {
      await next.connect();
      await next.query(`LISTEN ${CONTENT_CHANGED_CHANNEL}`);
      if (lost) {
        lost = false;
        onChange();
      }
    } catch (error) {
      again(error as Error);
    }
  };
  void connect();

  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
