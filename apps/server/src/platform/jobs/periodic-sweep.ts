type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * A durable sweep (trade expiry, held awards): `sweep` reads what is due from the database and acts on
 * it, so nothing lives in memory and a restart loses nothing; it runs **once at start** (what fell due
 * while the server was down is done now) and then every `intervalSeconds`. Passes never overlap on one
 * instance; several instances stay safe because each sweep locks its rows with SKIP LOCKED and moves
 * them with conditional UPDATEs. Errors are logged, never fatal.
 */
export function startPeriodicSweep(input: {
  sweep: () => Promise<number>;
  intervalSeconds: number;
  log: Log;
  /** Logged with `{ count }` when a pass did something. */
  done: string;
  /** Logged with `{ err }` when a pass failed. */
  failed: string;
}) {
  const { sweep, intervalSeconds, log, done, failed } = input;
  let running: Promise<unknown> | undefined;
  const pass = () => {
    if (running) return;
    running = sweep()
      .then((count) => {
        if (count > 0) log.info({ count }, done);
      })
      .catch((err: unknown) => log.warn({ err }, failed))
      .finally(() => {
        running = undefined;
      });
  };
  pass();
  const timer = setInterval(pass, intervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
