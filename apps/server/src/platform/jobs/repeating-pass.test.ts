import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRepeatingPass } from './repeating-pass.js';

describe('startRepeatingPass', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('should run a pass each interval, never two at once, hand a failure over and go on', async () => {
    let finish: () => void = () => undefined;
    const started: number[] = [];
    const failures: unknown[] = [];
    let calls = 0;
    const loop = startRepeatingPass({
      pass: () => {
        calls += 1;
        started.push(Date.now());
        if (calls === 2) return Promise.reject(new Error('node down'));
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      intervalSeconds: 0, // at least one second apart all the same
      failed: (err) => failures.push(err),
    });
    expect(calls).toBe(0); // not at start: after one interval
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000); // the first pass still runs: no second one
    expect(calls).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(failures).toEqual([new Error('node down')]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(3);
    // stop() waits for the pass in progress, and no pass starts after it.
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(3);
  });
});
