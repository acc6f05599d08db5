import type { Config } from '../../../../platform/config.js';
import { startRepeatingPass } from '../../../../platform/jobs/index.js';
import type { Db } from '../../../../platform/db/client.js';
import { createLedger } from '../../../ledger/index.js';
import { evmFromConfig, type EvmParts } from './from-config.js';

type Log = { warn(obj: object, msg: string): void };

/**
 * Runs the EVM hot wallet every `pollSeconds` (EVM_POLL_SECONDS; decision 0059): the sweeper empties the
 * users' forwarders that hold anything, then the sender sends the ready withdrawals, replaces stuck ones
 * and settles confirmed ones (its own and the sweeps). One after the other in one loop: both take nonces
 * of the same hot wallet (under its lock, so other instances running theirs are safe too), and a sweep
 * signed this pass is settled by a later sender pass. A pass still running is not started again.
 */
export function startEvmHotWallet(
  parts: Pick<EvmParts, 'sender' | 'sweeper'>,
  pollSeconds: number,
  log: Log,
) {
  return startRepeatingPass({
    // A sweep that fails (the node, gas) must not hold back the withdrawals: each is logged on its own.
    pass: async () => {
      await parts.sweeper.pass().catch((err: unknown) => log.warn({ err }, 'EVM sweeper: pass failed'));
      await parts.sender.pass().catch((err: unknown) => log.warn({ err }, 'EVM sender: pass failed'));
    },
    intervalSeconds: pollSeconds,
    failed: (err) => log.warn({ err }, 'EVM hot wallet: pass failed'),
  });
}

/** main.ts: the EVM hot wallet's loop when CHAIN_EVM=rpc; nothing on the simulated chain. */
export function startConfiguredEvmHotWallet(db: Db, config: Pick<Config, 'chain' | 'wallet'>, log: Log) {
  if (config.chain.evm.mode !== 'rpc') return { running: false, stop: async () => undefined };
  const parts = evmFromConfig(config, {
    db,
    ledger: createLedger(db),
    log: (message) => log.warn({}, message),
  });
  const loop = startEvmHotWallet(parts, config.chain.evm.pollSeconds, log);
  return { running: true, stop: () => loop.stop() };
}
