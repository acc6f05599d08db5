import { describe, expect, it } from 'vitest';
import { UserReadCache } from './user-reads.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('UserReadCache', () => {
  it('should build once per user and key, and again after the user is invalidated', async () => {
    const cache = new UserReadCache({ ttlMs: 60_000 });
    let builds = 0;
    const build = async () => ++builds;
    expect(await cache.get(1, 'me', build)).toBe(1);
    expect(await cache.get(1, 'me', build)).toBe(1);
    expect(await cache.get(2, 'me', build)).toBe(2);
    cache.invalidate([1]);
    expect(await cache.get(1, 'me', build)).toBe(3);
    expect(await cache.get(2, 'me', build)).toBe(2);
  });

  it('should never store a build that started before an invalidation, but answer its callers', async () => {
    const cache = new UserReadCache({ ttlMs: 60_000 });
    const old = deferred<string>();
    const first = cache.get(7, 'me', () => old.promise);
    cache.invalidate([7]);
    // A caller after the change does not join the stale build.
    const fresh = cache.get(7, 'me', async () => 'new');
    old.resolve('old');
    expect(await first).toBe('old');
    expect(await fresh).toBe('new');
    expect(await cache.get(7, 'me', async () => 'rebuilt')).toBe('new');
  });

  it('should let callers arriving during a build wait for it', async () => {
    const cache = new UserReadCache({ ttlMs: 60_000 });
    const gate = deferred<number>();
    let builds = 0;
    const build = () => {
      builds += 1;
      return gate.promise;
    };
    const together = Promise.all([cache.get(1, 'k', build), cache.get(1, 'k', build)]);
    gate.resolve(5);
    expect(await together).toEqual([5, 5]);
    expect(builds).toBe(1);
  });

  it('should not serve an answer past its time-to-live or the moment it changes by time alone', async () => {
    let now = 0;
    const cache = new UserReadCache({ ttlMs: 1_000, clock: () => now });
    let builds = 0;
    const build = async () => ++builds;
    await cache.get(1, 'ttl', build);
    now = 999;
    expect(await cache.get(1, 'ttl', build)).toBe(1);
    now = 1_000;
    expect(await cache.get(1, 'ttl', build)).toBe(2);

    const until = { validUntil: () => now + 100 };
    expect(await cache.get(1, 'moment', build, until)).toBe(3);
    now += 99;
    expect(await cache.get(1, 'moment', build, until)).toBe(3);
    now += 1;
    expect(await cache.get(1, 'moment', build, until)).toBe(4);
  });

  it('should not keep a failed build, and build every time when the time-to-live is 0', async () => {
    const cache = new UserReadCache({ ttlMs: 60_000 });
    await expect(cache.get(1, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(1, 'k', async () => 'up')).toBe('up');

    const off = new UserReadCache({ ttlMs: 0 });
    let builds = 0;
    await off.get(1, 'k', async () => ++builds);
    await off.get(1, 'k', async () => ++builds);
    expect(builds).toBe(2);
  });

  it('should start a user over past their key bound, and everyone over past the user bound', async () => {
    const cache = new UserReadCache({ ttlMs: 60_000, maxKeysPerUser: 2, maxUsers: 2 });
    let builds = 0;
    const build = async () => ++builds;
    await cache.get(1, 'a', build);
    await cache.get(1, 'b', build);
    await cache.get(1, 'c', build); // clears a and b
    expect(await cache.get(1, 'c', build)).toBe(3);
    expect(await cache.get(1, 'a', build)).toBe(4);
    await cache.get(2, 'a', build);
    await cache.get(3, 'a', build); // a third user: everyone starts over
    expect(await cache.get(2, 'a', build)).toBe(7);
  });

  it('should drop an answer that shows another user when that user changes, even during its build', async () => {
    const cache = new UserReadCache({ ttlMs: 60_000 });
    let builds = 0;
    const trade = { dependsOn: () => [2] };
    const build = async () => ++builds;
    expect(await cache.get(1, 'trade', build, trade)).toBe(1);
    expect(await cache.get(1, 'trade', build, trade)).toBe(1);
    cache.invalidate([2]); // the other party changed
    expect(await cache.get(1, 'trade', build, trade)).toBe(2);

    // A first answer of user 3 showing user 2: nothing registered yet when user 2 changes mid-build.
    const slow = deferred<number>();
    const racing = cache.get(3, 'trade', () => slow.promise, trade);
    cache.invalidate([2]); // while the build runs: its answer may show user 2's old state
    slow.resolve(10);
    expect(await racing).toBe(10);
    expect(await cache.get(3, 'trade', async () => 11, trade)).toBe(11);
    expect(await cache.get(3, 'trade', async () => 12, trade)).toBe(11);
  });
});
