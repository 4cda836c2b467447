// The cards made so far, least recently used first out. Rendering one costs ~100-300 ms of CPU;
// a PNG is ~40 kB, so the bound keeps this under ~10 MB. Keys carry the content's version, so an
// edited article's old card simply ages out.
export const MAX_CARDS = 256;

export class CardCache {
  private readonly entries = new Map<string, Promise<Buffer>>();

  constructor(private readonly maxEntries = MAX_CARDS) {}

  /** The card under `key`, made once by `make` (concurrent requests share one render). */
  get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const cached = this.entries.get(key);
    if (cached) {
      // Most recently used goes to the end of the Map's order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const made = make();
    this.entries.set(key, made);
    // A failed render is not kept: the next request tries again.
    made.catch(() => this.entries.delete(key));
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return made;
  }

  get size(): number {
    return this.entries.size;
  }
}
