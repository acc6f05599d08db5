import { describe, expect, it } from 'vitest';
import { SharedWindow } from './shared-window.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('SharedWindow', () => {
  it('should serve one build for the window, counted from when the build started', async () => {
    let now = 1_000;
    const window = new SharedWindow<number>({ ttlMs: 100, clock: () => now });
    let builds = 0;
    const build = async () => {
      builds += 1;
      now += 30; // the build itself takes 30 ms
      return builds;
    };
    expect(await window.get('k', build)).toBe(1);
    now = 1_099;
    expect(await window.get('k', build)).toBe(1);
    now = 1_100; // 100 ms after the first build started, although it ended at 1_030
    expect(await window.get('k', build)).toBe(2);
    expect(builds).toBe(2);
  });

  it('should let callers arriving during a build wait for it instead of building again', async () => {
    const window = new SharedWindow<string>({ ttlMs: 1_000 });
    const gate = deferred<string>();
    let builds = 0;
    const build = () => {
      builds += 1;
      return gate.promise;
    };
    const together = Promise.all([window.get('k', build), window.get('k', build), window.get('k', build)]);
    gate.resolve('page');
    expect(await together).toEqual(['page', 'page', 'page']);
    expect(builds).toBe(1);
  });

  it('should never store a build that started before clear() or delete()', async () => {
    const window = new SharedWindow<string>({ ttlMs: 60_000 });
    const old = deferred<string>();
    const first = window.get('k', () => old.promise);
    window.clear();
    // A caller after the change does not join the stale build.
    const fresh = window.get('k', async () => 'new');
    old.resolve('old');
    expect(await first).toBe('old');
    expect(await fresh).toBe('new');
    expect(await window.get('k', async () => 'rebuilt')).toBe('new');

    const stale = deferred<string>();
    const pending = window.get('d', () => stale.promise);
    window.delete('d');
    stale.resolve('stale');
    await pending;
    expect(window.peek('d')).toBeUndefined();
  });

  it('should rebuild a value asked for late in its window in the background, while still serving it', async () => {
    let now = 0;
    const window = new SharedWindow<number>({ ttlMs: 100, clock: () => now });
    const next = deferred<number>();
    let builds = 0;
    const build = () => (++builds === 1 ? Promise.resolve(1) : next.promise);
    expect(await window.get('k', build)).toBe(1);
    now = 80; // the last quarter: served at once, and a rebuild starts (started at 80)
    expect(await window.get('k', build)).toBe(1);
    expect(builds).toBe(2);
    now = 90; // one rebuild at a time
    expect(await window.get('k', build)).toBe(1);
    expect(builds).toBe(2);
    next.resolve(2);
    await next.promise;
    await Promise.resolve();
    now = 150; // the first value has expired; the rebuilt one (started at 80) is served until 180
    expect(await window.get('k', build)).toBe(2);
    expect(builds).toBe(2);
  });

  it('should build on every call when the window is 0', async () => {
    const window = new SharedWindow<number>({ ttlMs: 0 });
    let builds = 0;
    await window.get('k', async () => ++builds);
    await window.get('k', async () => ++builds);
    expect(builds).toBe(2);
  });
});
