/** One item's outcome in a batch: its value, or why it failed (the others may still succeed). */
export type BatchOutcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/**
 * Group commit: the items added in one turn of the event loop, and while a batch is being written, go
 * to `write` together, at most `maxBatch` at a time, one batch after another. Each `add` resolves with
 * its own item's outcome. Made for writes that many requests make at once (chat messages): one
 * transaction of a few statements carries them all instead of one transaction each.
 *
 * The turn's pause matters on PGlite, which runs statements on this thread: without it no request would
 * arrive while a batch is written, and every item would be a batch of its own.
 */
export function createTurnBatcher<I, O>(options: {
  maxBatch: number;
  write: (items: I[]) => Promise<BatchOutcome<O>[]>;
}) {
  type Waiting = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let writing = false;

  async function drain() {
    while (queue.length > 0) {
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(batch.length);
      try {
        const outcomes = await options.write(batch.map((waiting) => waiting.item));
        batch.forEach((waiting, i) => {
          const outcome = outcomes[i];
          if (!outcome) waiting.reject(new Error('turn batcher: the write returned no outcome for an item'));
          else if (outcome.ok) waiting.resolve(outcome.value);
          else waiting.reject(outcome.error);
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    writing = false;
  }

  return {
    add(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (writing) return;
        writing = true;
        setImmediate(() => void drain());
      });
    },
  };
}
