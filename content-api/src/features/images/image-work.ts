// Image work runs one task at a time per process (docs/decisions/123): reading an upload into
// memory, checking and storing it, making a variant from a stored original. So the API never
// holds more than one upload's bytes (at most IMAGE_UPLOAD_MAX_BYTES) and one decoded image at
// once, whatever the number of requests, and libvips' threads serve one image at a time.

export class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly running = new Map<string, Promise<unknown>>();

  /** Runs `task` after every task queued before it. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** As run(), but a task already queued or running under `key` is joined, not repeated. */
  once<T>(key: string, task: () => Promise<T>): Promise<T> {
    const pending = this.running.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const result = this.run(task).finally(() => this.running.delete(key));
    this.running.set(key, result);
    return result;
  }
}

/** The process's one queue of image work. */
export const imageWork = new OneAtATime();
