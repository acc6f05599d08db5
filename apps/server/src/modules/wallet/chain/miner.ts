/**
 * Drives the simulated chain: every `blockSeconds` it asks the wallet to mine a block. Every instance
 * runs one; the wallet's conditional update lets only one of them mine each block.
 */
export function startChainMiner(
  wallet: { mineBlock(): Promise<unknown> },
  blockSeconds: number,
  log: { warn(obj: object, msg: string): void },
) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(
    () => {
      if (running) return;
      running = wallet
        .mineBlock()
        .catch((err: unknown) => log.warn({ err }, 'simulated chain: block failed'))
        .finally(() => {
          running = undefined;
        });
    },
    Math.max(1000, (blockSeconds * 1000) / 2),
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
