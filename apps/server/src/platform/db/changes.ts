import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, DbOrTx } from './client.js';

export type UsersChangedListener = (userIds: readonly number[]) => void;

/**
 * Which users' data changed, told after the change is committed (issue 28): the per-user read caches
 * (platform/cache/user-reads.ts) drop what they hold for them, and the app tells the other instances.
 * Writers call `usersChanged(db, ids)`; inside a transaction the ids wait for its commit (a rollback
 * tells nobody), outside one they are told at once.
 */
export class ChangeFeed {
  private readonly listeners = new Set<UsersChangedListener>();

  subscribe(listener: UsersChangedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(userIds: readonly number[]): void {
    if (userIds.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(userIds);
      } catch {
        // A listener's failure must not fail the write that already committed.
      }
    }
  }
}

/** The users changed so far in the transaction running in this async context. */
type Pending = { feed: ChangeFeed; users: Set<number>; done: boolean };
const pending = new AsyncLocalStorage<Pending>();
const feeds = new WeakMap<object, ChangeFeed>();

/**
 * Makes `db.transaction` remember the users its work changed and tell `feed` once it commits. Nested
 * transactions (savepoints) add to the outermost one: only its commit makes anything visible.
 */
export function trackCommittedChanges(db: Db): ChangeFeed {
  const feed = new ChangeFeed();
  feeds.set(db, feed);
  const transaction = db.transaction.bind(db);
  const tracked: Db['transaction'] = async (work, config) => {
    const store: Pending = { feed, users: new Set(), done: false };
    try {
      const result = await pending.run(store, () => transaction(work, config));
      store.done = true;
      feed.emit([...store.users]);
      return result;
    } finally {
      store.done = true;
    }
  };
  db.transaction = tracked;
  return feed;
}

/** Tells the feed that these users' data changed: after the running transaction commits, or now. */
export function usersChanged(db: DbOrTx, userIds: Iterable<number | null | undefined>): void {
  const ids = [...userIds].filter((id): id is number => typeof id === 'number');
  if (ids.length === 0) return;
  const store = pending.getStore();
  if (store && !store.done) {
    for (const id of ids) store.users.add(id);
    return;
  }
  feeds.get(db)?.emit(ids);
}
