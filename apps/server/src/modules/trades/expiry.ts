/**
 * The durable expiry job: unpaid trades past their payment window are cancelled by the system with a
 * refund. Nothing lives in memory: each sweep selects the due trades from the table (`FOR UPDATE SKIP
 * LOCKED`), so a restart loses nothing (the first sweep runs at start) and several instances never
 * expire one trade twice.
 */
export function startTradeExpiry(
  trades: { expireDue(): Promise<number> },
  intervalSeconds: number,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
) {
  let running: Promise<unknown> | undefined;
  const sweep = () => {
    if (running) return;
    running = trades
      .expireDue()
      .then((count) => {
        if (count > 0) log.info({ count }, 'trades expired');
      })
      .catch((err: unknown) => log.warn({ err }, 'trade expiry sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
