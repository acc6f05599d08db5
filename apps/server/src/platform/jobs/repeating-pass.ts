/**
 * A background worker's pass every `intervalSeconds` (at least one second apart), first after one
 * interval: the chain followers, the payout batchers, the EVM hot wallet's loop. Passes never overlap on
 * one instance (a pass still running when the next is due skips that turn); a failed pass is handed to
 * `failed` and the next runs as usual. `stop()` clears the timer and waits for a pass in progress.
 */
export function startRepeatingPass(input: {
  pass: () => Promise<unknown>;
  intervalSeconds: number;
  failed: (err: unknown) => void;
}) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(
    () => {
      if (running) return;
      running = input
        .pass()
        .catch(input.failed)
        .finally(() => {
          running = undefined;
        });
    },
    Math.max(1000, input.intervalSeconds * 1000),
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
