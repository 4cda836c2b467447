// The content API's announcements of content changes, for the site's caches (docs/decisions/039
// and 074): a stream of server-sent events (GET /content-events), one per invalidation of the
// API's own cache, local or through Redis. A cache of what the API serves may only be trusted
// while this stream is open and the API says it hears every instance's writes (`live`); each
// event, and every moment the stream is not trusted, is a change (`onChange`).
import { EventSource } from 'eventsource';

/**
 * The header that carries the site's key (CONTENT_EVENTS_KEY): with it the API gives the site's
 * servers streams of their own, which no other client can take (docs/decisions/083).
 */
export const CONTENT_EVENTS_KEY_HEADER = 'Content-Events-Key';

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
  /** CONTENT_EVENTS_KEY, shared with the content API; without it the stream is a public one. */
  key?: string;
  reconnectMs?: number;
  log?: (message: string) => void;
  EventSourceImpl?: typeof EventSource;
}

export function watchContent({
  apiBase,
  key,
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
  // Said when the caches go off, and once for a refusal (not on every retry 2 s apart), which
  // may come before they were ever on: a key the API does not take is worth a line.
  let lastCause: string | undefined;
  const goDark = (why: string, refused = false) => {
    if (why !== lastCause && (live || refused)) log(`Content caches off: ${why}`);
    lastCause = why;
    live = false;
    changed();
  };

  // A key the API does not take (another run's API, a setting that differs) is dropped: the
  // stream is then a public one, as without a key.
  let sendKey = key !== undefined;

  function connect() {
    const events = new EventSourceImpl(`${apiBase}/content-events`, {
      ...(key !== undefined &&
        sendKey && {
          fetch: (input, init) =>
            fetch(input, {
              ...init,
              headers: { ...init?.headers, [CONTENT_EVENTS_KEY_HEADER]: key },
            }),
        }),
    });
    source = events;
    events.addEventListener('content', (event) => {
      const state = contentState(String((event as MessageEvent).data));
      if (!state) return goDark('the content API sent an unreadable event');
      changed();
      if (!state.active) return goDark('the content API cannot hear all content changes');
      if (!live) log('Content caches on: the content API announces content changes');
      lastCause = undefined;
      live = true;
    });
    events.addEventListener('error', (event) => {
      if (event.code === 401 && sendKey) {
        sendKey = false;
        goDark(
          "the content API refused the site's key (CONTENT_EVENTS_KEY differs); following it as any client would",
          true,
        );
      } else if (event.code === 429) {
        goDark('the content API has no event stream free', true);
      } else {
        goDark('the content API event stream is down');
      }
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
