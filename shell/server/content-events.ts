// The content API's announcements of content changes, for the site's caches (docs/decisions/039
// and 074): a stream of server-sent events (GET /content-events), one per invalidation of the
// API's own cache, local or through Redis. A cache of what the API serves may only be trusted
// while this stream is open and the API says it hears every instance's writes (`live`); each
// event, and every moment the stream is not trusted, is a change (`onChange`).
import { EventSource } from 'eventsource';

/** Wait before opening the event stream again after the API refused or ended it. */
export const RECONNECT_MS = 2000;

interface ContentState {
  generation: number;
  active: boolean;
}

/** The content API's event data: `{ generation, active }`; anything else is not trusted. */
function contentState(data: string): ContentState | null {
  try {
    const state = JSON.parse(data) as Partial<ContentState> | null;
    return typeof state?.generation === 'number' && typeof state.active === 'boolean'
      ? (state as ContentState)
      : null;
  } catch {
    return null;
  }
}

export interface ContentWatch {
  readonly live: boolean;
  /** Calls `listener` on every change; returns a function that stops it. */
  onChange(listener: () => void): () => void;
  close(): void;
}

export interface WatchContentOptions {
  apiBase: string;
  reconnectMs?: number;
  log?: (message: string) => void;
  EventSourceImpl?: typeof EventSource;
}

export function watchContent({
  apiBase,
  reconnectMs = RECONNECT_MS,
  log = () => {},
  EventSourceImpl = EventSource,
}: WatchContentOptions): ContentWatch {
  let live = false;
  let closed = false;
  const listeners = new Set<() => void>();
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const changed = () => {
    for (const listener of listeners) listener();
  };
  const goDark = (why: string) => {
    if (live) log(`Content caches off: ${why}`);
    live = false;
    changed();
  };

  function connect() {
    const events = new EventSourceImpl(`${apiBase}/content-events`);
    source = events;
    events.addEventListener('content', (event) => {
      const state = contentState((event as MessageEvent<string>).data);
      if (!state) return goDark('the content API sent an unreadable event');
      changed();
      if (!state.active) return goDark('the content API cannot hear all content changes');
      if (!live) log('Content caches on: the content API announces content changes');
      live = true;
    });
    events.addEventListener('error', () => {
      goDark('the content API event stream is down');
      // The stream retries network errors by itself, but not a refusal (e.g. 429 or an API
      // without the endpoint): then it is opened again here, later.
      if (events.readyState === EventSourceImpl.CLOSED && !closed) {
        retry = setTimeout(connect, reconnectMs);
        retry.unref?.();
      }
    });
  }
  connect();

  return {
    get live() {
      return live;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      clearTimeout(retry);
      source?.close();
      goDark('the server is closing');
      listeners.clear();
    },
  };
}
