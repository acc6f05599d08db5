import { z } from 'zod';
import { amountStringSchema, cryptoCodeSchema, formatBaseUnitsTrimmed } from '@app/contract';
import type { AdminCommand, AdminContext, NodeCommand } from '../../platform/admin/index.js';
import { createCatalogueService } from '../catalogue/index.js';
import { createKycStandings, loadKycLevels } from '../kyc/index.js';
import { createLedger } from '../ledger/index.js';
import { createRatesProvider, createRatesService } from '../rates/index.js';
import { deployFactoryFromConfig } from './chain/evm/deploy-factory.js';
import { assertChainAllowed, chainFromConfig } from './chain/from-config.js';
import { createWalletService } from './service.js';

/**
 * The wallet with the configured chain. These commands make money out of thin air on the simulated chain:
 * in production they need the same explicit word as the server (SIMULATED_CHAIN_IN_PRODUCTION, 0047).
 */
function walletFor({ db, config }: AdminContext) {
  const chain = chainFromConfig(config);
  assertChainAllowed(config, chain);
  return createWalletService({
    db,
    ledger: createLedger(db),
    catalogue: createCatalogueService(db),
    rates: createRatesService({
      db,
      provider: createRatesProvider(config),
      tickSeconds: config.rates.tickSeconds,
    }),
    kyc: createKycStandings({ db, levels: loadKycLevels(config.kyc.levelsFile) }),
    chain,
    config,
  });
}

/** Operator commands that drive the simulated chain: how a demo or a test funds a wallet. */
export const walletAdminCommands: Record<string, AdminCommand> = {
  'wallet:deposit': {
    usage:
      'wallet:deposit --user U --crypto BTC --amount 0.5 [--pending]   (simulates an incoming transaction)',
    options: {
      user: { type: 'string' },
      crypto: { type: 'string' },
      amount: { type: 'string' },
      pending: { type: 'boolean' },
    },
    async run(ctx, values) {
      const input = z
        .object({
          user: z.string().min(1),
          crypto: cryptoCodeSchema,
          amount: amountStringSchema,
          pending: z.boolean().default(false),
        })
        .parse(values);
      const deposit = await walletFor(ctx).receiveDeposit({
        username: input.user,
        code: input.crypto,
        amount: input.amount,
        pending: input.pending,
      });
      const amount = formatBaseUnitsTrimmed(BigInt(deposit.amount), deposit.decimals);
      return deposit.status === 'confirmed'
        ? `credited ${amount} ${deposit.cryptoCode} to ${input.user} (txid ${deposit.txid})`
        : `pending ${amount} ${deposit.cryptoCode} to ${input.user}: 0/${deposit.requiredConfirmations} confirmations (txid ${deposit.txid})`;
    },
  },
  'wallet:mine': {
    usage:
      'wallet:mine [--blocks N]   (mines simulated blocks now: confirms deposits, completes withdrawals)',
    options: { blocks: { type: 'string' } },
    async run(ctx, values) {
      const { blocks } = z
        .object({ blocks: z.coerce.number().int().min(1).max(1000).default(1) })
        .parse(values);
      const wallet = walletFor(ctx);
      let confirmed = 0;
      let completed = 0;
      for (let i = 0; i < blocks; i += 1) {
        const result = await wallet.mineBlock({ force: true });
        confirmed += result.confirmed;
        completed += result.completed;
      }
      return `mined ${blocks} block(s): ${confirmed} deposit(s) confirmed, ${completed} withdrawal(s) completed`;
    },
  },
};

/** Commands that talk to a chain node only: they run in the CLI's process with its settings (NodeCommand). */
export const walletNodeCommands: Record<string, NodeCommand> = {
  'evm:deploy-factory': {
    usage:
      'evm:deploy-factory   (deploys the EVM forwarder factory with the hot wallet key; prints EVM_FORWARDER_FACTORY)',
    options: {},
    run: ({ config }) => deployFactoryFromConfig(config),
  },
};
