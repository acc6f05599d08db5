import { describe, expect, it } from 'vitest';
import { createTurnBatcher, type BatchOutcome } from './turn-batcher.js';

/** A writer that records its batches and answers each item doubled, failing the ones given. */
function recordingWriter(options: { delayMs?: number; failItems?: number[]; throwOn?: number } = {}) {
  const batches: number[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const write = async (items: number[]): Promise<BatchOutcome<number>[]> => {
    batches.push(items);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 5));
    inFlight -= 1;
    if (options.throwOn !== undefined && items.includes(options.throwOn)) throw new Error('batch failed');
    return items.map((item) =>
      options.failItems?.includes(item)
        ? { ok: false, error: new Error(`item ${item} failed`) }
        : { ok: true, value: item * 2 },
    );
  };
  return { write, batches, maxInFlight: () => maxInFlight };
}

describe('turn batcher', () => {
  it('should write the items added in one turn as one batch, each answered with its own value', async () => {
    const writer = recordingWriter();
    const batcher = createTurnBatcher({ maxBatch: 100, maxInFlight: 1, write: writer.write });
    const values = await Promise.all([1, 2, 3, 4].map((n) => batcher.add(n)));
    expect(values).toEqual([2, 4, 6, 8]);
    expect(writer.batches).toEqual([[1, 2, 3, 4]]);
  });

  it('should gather items added while a batch is written into the next, at most maxBatch each', async () => {
    const writer = recordingWriter({ delayMs: 20 });
    const batcher = createTurnBatcher({ maxBatch: 3, maxInFlight: 1, write: writer.write });
    const first = batcher.add(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const rest = [2, 3, 4, 5, 6, 7].map((n) => batcher.add(n));
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(writer.batches).toEqual([[1], [2, 3, 4], [5, 6, 7]]);
  });

  it('should keep at most maxInFlight batches in flight', async () => {
    const writer = recordingWriter({ delayMs: 15 });
    const batcher = createTurnBatcher({ maxBatch: 2, maxInFlight: 2, write: writer.write });
    const all = [];
    for (let n = 1; n <= 10; n += 1) {
      all.push(batcher.add(n));
      // Items arrive over several turns, so several batches are wanted at once.
      if (n % 2 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(all)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
    expect(writer.maxInFlight()).toBe(2);
    expect(writer.batches.flat().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('should fail only an item whose outcome failed, and a whole batch when the write throws, then go on', async () => {
    const writer = recordingWriter({ failItems: [2], throwOn: 5 });
    const batcher = createTurnBatcher({ maxBatch: 3, maxInFlight: 1, write: writer.write });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6, 7].map((n) => batcher.add(n)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      2,
      'item 2 failed',
      6,
      'batch failed',
      'batch failed',
      'batch failed',
      14,
    ]);
  });
});
