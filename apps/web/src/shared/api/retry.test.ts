import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retry } from './retry';

describe('retry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should make up to 3 attempts, waiting 1000 ms and then 2000 ms', async () => {
    const start = Date.now();
    const times: number[] = [];
    const fn = vi.fn(async () => {
      times.push(Date.now() - start);
      throw new Error('still failing');
    });
    const promise = retry(fn).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(promise).resolves.toEqual(new Error('still failing'));
    expect(fn).toHaveBeenCalledTimes(3);
    expect(times).toEqual([0, 1000, 3000]);
  });

  it('should return the first success without waiting further', async () => {
    let calls = 0;
    const promise = retry(async (attempt) => {
      calls += 1;
      if (attempt < 2) throw new Error('once');
      return 'done';
    });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(promise).resolves.toBe('done');
    expect(calls).toBe(2);
  });

  it('should give up at once when shouldRetry says so', async () => {
    const fn = vi.fn(async () => {
      throw new Error('permanent');
    });
    await expect(retry(fn, { shouldRetry: () => false })).rejects.toThrow('permanent');
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
