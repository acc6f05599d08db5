/** One item's outcome in a batch: its value, or why it failed (the others may still succeed). */
export type BatchOutcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/**
 * Group commit: the items added in one turn of the event loop, and while the batches in flight are being
 * written, go to `write` together, at most `maxBatch` at a time and at most `maxInFlight` batches at once.
 * Each `add` resolves with its own item's outcome. Made for writes that many requests make at once (chat
 * messages): one transaction of a few statements carries them all instead of one transaction each, and
 * under light load an item waits for no one (a free slot takes it on the next turn).
 *
 * The turn's pause matters on PGlite, which runs statements on this thread: without it no request would
 * arrive while a batch is written, and every item would be a batch of its own.
 */
export function createTurnBatcher<I, O>(options: {
  maxBatch: number;
  maxInFlight: number;
  write: (items: I[]) => Promise<BatchOutcome<O>[]>;
}) {
  type Waiting = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function writeBatch(batch: Waiting[]) {
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

  /** Starts batches while slots are free; each finished batch looks for more. */
  function pump() {
    scheduled = false;
    while (queue.length > 0 && inFlight < options.maxInFlight) {
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(batch.length);
      inFlight += 1;
      void writeBatch(batch).finally(() => {
        inFlight -= 1;
        schedule();
      });
    }
  }

  function schedule() {
    if (scheduled || queue.length === 0 || inFlight >= options.maxInFlight) return;
    scheduled = true;
    setImmediate(pump);
  }

  return {
    add(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
  };
}
