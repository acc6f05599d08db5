/**
 * Values built once and shared by every caller for a short window: the marketplace's pages, the offer
 * pages and the viewers' facts (decision 0031). Three promises make it safe to read from:
 *
 * - **Bounded staleness.** A value is served for at most `ttlMs` after its build *started* (what it read
 *   is at most that old), however long the build took.
 * - **One build at a time.** Callers arriving while a key is being built wait for that build instead of
 *   running the same work again: a window opening under load costs one build, not one per request.
 * - **Invalidation wins.** `clear()` / `delete()` also forget builds in flight: a build that started
 *   before the change may have read the old state, so its result is handed to its own waiters but never
 *   stored, and the next caller builds afresh.
 * - **Hot values do not make anyone wait.** A value asked for in the last quarter of its window is
 *   rebuilt in the background while it is still served, so the next one is ready before it expires
 *   (without this, every request arriving during a rebuild waited for it: the p99 was the build time).
 *
 * `ttlMs` 0 turns sharing off: every call builds.
 */
export class SharedWindow<T> {
  private readonly entries = new Map<string, { value: T; startedAt: number }>();
  private readonly building = new Map<string, { promise: Promise<T>; generation: number }>();
  /** Bumped by clear(); a build that started under an older generation is not stored. */
  private generation = 0;

  constructor(
    private readonly options: {
      ttlMs: number;
      /** A bound against a client walking through thousands of keys: past it, the map starts over. */
      maxEntries?: number;
      clock?: () => number;
    },
  ) {}

  get ttlMs(): number {
    return this.options.ttlMs;
  }

  async get(key: string, build: () => Promise<T>): Promise<T> {
    if (this.options.ttlMs <= 0) return build();
    const clock = this.options.clock ?? Date.now;
    const now = clock();
    const hit = this.entries.get(key);
    const inFlight = this.building.get(key);
    if (hit && now - hit.startedAt < this.options.ttlMs) {
      if (!inFlight && now - hit.startedAt >= this.options.ttlMs * 0.75) {
        // Errors of a background rebuild are the next caller's to see, once this value has expired.
        this.start(key, build, now).catch(() => {});
      }
      return hit.value;
    }
    if (inFlight && inFlight.generation === this.generation) return inFlight.promise;
    return this.start(key, build, now);
  }

  private start(key: string, build: () => Promise<T>, now: number): Promise<T> {
    const generation = this.generation;
    const promise = build()
      .then((value) => {
        if (generation === this.generation && this.building.get(key)?.promise === promise) {
          if (this.entries.size >= (this.options.maxEntries ?? 1_000)) this.entries.clear();
          this.entries.set(key, { value, startedAt: now });
        }
        return value;
      })
      .finally(() => {
        if (this.building.get(key)?.promise === promise) this.building.delete(key);
      });
    this.building.set(key, { promise, generation });
    return promise;
  }

  /** The value stored under `key` if it is still inside its window (no build). */
  peek(key: string): T | undefined {
    const hit = this.entries.get(key);
    const clock = this.options.clock ?? Date.now;
    return hit && clock() - hit.startedAt < this.options.ttlMs ? hit.value : undefined;
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.building.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.building.clear();
  }
}
