/** One user's cached answers and the builds running for them. */
type UserEntries = {
  values: Map<string, { value: unknown; expiresAt: number }>;
  building: Map<string, Promise<unknown>>;
};

export type UserReadOptions<T> = {
  /**
   * When the answer changes by time alone (a hold's release, a trade's next moment), in epoch ms: it is
   * not served past then. Null: only the cache's own bound applies.
   */
  validUntil?: (value: T) => number | null;
  /**
   * Other users whose data the answer shows (a trade's other party: their name, numbers, settings): a
   * change of theirs drops it too.
   */
  dependsOn?: (value: T) => readonly number[];
};

/**
 * What a logged-in page reads about its own user, kept per user until that user's data changes (issue
 * 28). On the embedded database every statement costs its planning on the server's one thread, so the
 * everyday reads (the current user, the balances, the running trades) answered from memory are what
 * lets a few dozen active traders share one instance.
 *
 * - **Invalidated by change, bounded by time.** `invalidate(userIds)` drops everything held for those
 *   users, and every answer of others that shows their data (`dependsOn`); the app calls it for every
 *   committed change it is told of (platform/db/changes.ts), every event on the bus that names users,
 *   and every state-changing request a user makes. `ttlMs` bounds whatever no one announces (a
 *   partner's last seen); 0 turns caching off.
 * - **Invalidation wins.** A build that started before an invalidation may have read the old state: it
 *   answers its own callers but is never stored.
 * - **One build at a time** per user and key: callers arriving during a build wait for it.
 * - **Bounded.** Past `maxUsers` users the cache starts over; past `maxKeysPerUser` keys, that user's do.
 */
export class UserReadCache {
  private readonly users = new Map<number, UserEntries>();
  /** For each user, the users holding answers that show their data (`dependsOn`). */
  private readonly dependents = new Map<number, Set<number>>();
  /** Counts invalidations, so a build can tell whether a user it shows changed while it ran. */
  private epoch = 0;
  private readonly invalidatedAt = new Map<number, number>();
  /** Invalidations up to this epoch were forgotten (the map's bound): a build older than it is not kept. */
  private forgottenUpTo = 0;

  constructor(
    private readonly options: {
      ttlMs: number;
      maxUsers?: number;
      /** A bound against one user walking through thousands of keys (pages of a list): past it, theirs start over. */
      maxKeysPerUser?: number;
      clock?: () => number;
    },
  ) {}

  /** False when the time-to-live is 0: every read is computed. */
  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  async get<T>(
    userId: number,
    key: string,
    build: () => Promise<T>,
    options: UserReadOptions<T> = {},
  ): Promise<T> {
    if (this.options.ttlMs <= 0) return build();
    const now = this.now();
    let entries = this.users.get(userId);
    const hit = entries?.values.get(key);
    if (hit && now < hit.expiresAt) return hit.value as T;
    const inFlight = entries?.building.get(key);
    if (inFlight) return inFlight as Promise<T>;
    if (!entries) {
      if (this.users.size >= (this.options.maxUsers ?? 50_000)) this.clear();
      entries = { values: new Map(), building: new Map() };
      this.users.set(userId, entries);
    }
    const own = entries;
    const startedAt = this.epoch;
    const changedSince = (other: number) =>
      this.forgottenUpTo > startedAt || (this.invalidatedAt.get(other) ?? -1) > startedAt;
    const promise = build().then((value) => {
      // Stored only if no invalidation came meanwhile: the user's own replaces their entries object,
      // one of a user the answer shows is in the log.
      const others = options.dependsOn?.(value) ?? [];
      if (this.users.get(userId) === own && own.building.get(key) === promise && !others.some(changedSince)) {
        const until = options.validUntil?.(value) ?? null;
        const expiresAt = Math.min(now + this.options.ttlMs, until ?? Number.POSITIVE_INFINITY);
        if (expiresAt > this.now()) {
          if (own.values.size >= (this.options.maxKeysPerUser ?? 32)) own.values.clear();
          own.values.set(key, { value, expiresAt });
          for (const other of others) {
            if (other === userId) continue;
            let set = this.dependents.get(other);
            if (!set) this.dependents.set(other, (set = new Set()));
            set.add(userId);
          }
        }
      }
      return value;
    });
    own.building.set(key, promise);
    promise
      .finally(() => {
        if (own.building.get(key) === promise) own.building.delete(key);
      })
      .catch(() => {});
    return promise;
  }

  invalidate(userIds: Iterable<number>): void {
    this.epoch += 1;
    if (this.invalidatedAt.size >= 100_000) {
      this.invalidatedAt.clear();
      this.forgottenUpTo = this.epoch;
    }
    for (const userId of userIds) {
      this.invalidatedAt.set(userId, this.epoch);
      this.users.delete(userId);
      const holders = this.dependents.get(userId);
      if (!holders) continue;
      this.dependents.delete(userId);
      for (const holder of holders) this.users.delete(holder);
    }
  }

  clear(): void {
    this.epoch += 1;
    this.forgottenUpTo = this.epoch;
    this.invalidatedAt.clear();
    this.users.clear();
    this.dependents.clear();
  }

  private now(): number {
    return (this.options.clock ?? Date.now)();
  }
}
