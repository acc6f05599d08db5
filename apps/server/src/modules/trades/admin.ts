import { z } from 'zod';
import { appealClosesAt, textString } from '@app/contract';
import type { AdminCommand, AdminContext } from '../../platform/admin/index.js';
import { withAdminEvents } from '../../platform/admin/index.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { TradesService } from './service.js';

/**
 * Builds the trades service as the application does, from what an admin command has (database and
 * configuration) plus the bus to publish on. The CLI's composition root (`cli/commands.ts`) supplies it:
 * building it needs modules that depend on trades.
 */
export type TradesForCommand = (ctx: AdminContext, events: EventBus) => Pick<TradesService, 'awardDispute'>;

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
export const tradesAdminCommands = (tradesFor: TradesForCommand): Record<string, AdminCommand> => ({
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
      // With appeals on, the award waits in the winner's held balance until the window closes (0048).
      const heldUntil =
        ctx.config.features.disputeAppeal && row.completedAt
          ? appealClosesAt(row.completedAt, ctx.config.trades.appealWindowHours)
          : null;
      const held = heldUntil ? `, held until ${heldUntil.toISOString()} while it can be appealed` : '';
      return `trade ${row.hash}: dispute decided for the ${input.winner} (${row.status}); ${money}${held}`;
    },
  },
});
