// Waiting for something that happens on its own (a timer, another instance, an event).

/** Polls `check` until it holds; returns how long that took, or throws after `timeoutMs`. */
export async function within(timeoutMs: number, check: () => Promise<boolean> | boolean) {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
