import { z } from 'zod';
import { textString } from '@app/contract';
import type { AdminCommand, AdminContext } from '../../cli/commands.js';
import { withAdminEvents } from '../../cli/events.js';
import type { EventBus } from '../../platform/events/bus.js';
import { createCatalogueService } from '../catalogue/index.js';
import { createLedger } from '../ledger/index.js';
import { createOffersService } from '../offers/index.js';
import { createRatesProvider, createRatesService } from '../rates/index.js';
import { createWalletService, SimulatedChain } from '../wallet/index.js';
import { createTradesService } from './service.js';

/**
 * The trades service as the application builds it, from what an admin command has (database and
 * configuration) plus the bus to publish on: the same rules and the same state machine as the HTTP API.
 */
function tradesFor({ db, config }: AdminContext, events: EventBus) {
  const ledger = createLedger(db);
  const catalogue = createCatalogueService(db);
  const rates = createRatesService({
    db,
    provider: createRatesProvider(config),
    tickSeconds: config.rates.tickSeconds,
  });
  const wallet = createWalletService({
    db,
    ledger,
    catalogue,
    rates,
    chain: new SimulatedChain(config.wallet.confirmations),
    config,
  });
  const offers = createOffersService({ db, catalogue, rates, ledger, wallet, config });
  return createTradesService({ db, ledger, catalogue, rates, wallet, offers, events, config });
}

const awardInput = z.object({
  trade: z.string().trim().min(1, 'Give the trade hash'),
  winner: z.enum(['buyer', 'seller']),
  // Missing counts as empty (one message for both); then the contract's rule for every free text (no NUL
  // or other control characters) and the reason's own length.
  reason: z.preprocess(
    (value) => value ?? '',
    textString().trim().min(1, 'Give the reason: both parties read it in the trade chat').max(1000),
  ),
});

/**
 * Operator commands for trades. `dispute:award` settles a dispute until the moderators' console exists
 * (docs/decisions/0009-trades.md, "Disputes decided by the operator").
 */
export const tradesAdminCommands: Record<string, AdminCommand> = {
  'dispute:award': {
    usage:
      'dispute:award --trade H --winner buyer|seller --reason "..."   (decides a dispute: release to the buyer or refund to the seller)',
    options: { trade: { type: 'string' }, winner: { type: 'string' }, reason: { type: 'string' } },
    async run(ctx, values) {
      const input = awardInput.parse(values);
      const row = await withAdminEvents(ctx, (events) =>
        tradesFor(ctx, events).awardDispute(input.trade, { winner: input.winner, reason: input.reason }),
      );
      const money =
        input.winner === 'buyer'
          ? 'the escrow was released to the buyer'
          : 'the escrow went back to the seller';
      return `trade ${row.hash}: dispute decided for the ${input.winner} (${row.status}); ${money}`;
    },
  },
};
