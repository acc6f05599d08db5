/**
 * A worker's passes that never overlap (the mail outbox, webhook deliveries): `run` starts a pass, or,
 * while one runs, asks it to go round once more (something new may have been queued after it looked)
 * and answers that pass's total. `idle` waits for the pass in flight, for a clean stop.
 */
export function coalescedPasses(pass: () => Promise<number>) {
  let running: Promise<number> | null = null;
  let again = false;
  return {
    run(): Promise<number> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        let total = 0;
        do {
          again = false;
          total += await pass();
        } while (again);
        return total;
      })().finally(() => {
        running = null;
      });
      return running;
    },
    async idle(): Promise<void> {
      await running?.catch(() => undefined);
    },
  };
}
