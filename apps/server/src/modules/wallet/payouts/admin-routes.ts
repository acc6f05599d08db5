import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inArray } from 'drizzle-orm';
import {
  adminPayoutsQuerySchema,
  adminPayoutsSchema,
  dataEnvelope,
  formatBaseUnits,
  type AdminPayout,
  type AdminPayouts,
} from '@app/contract';
import type { Config } from '../../../platform/config.js';
import type { Db } from '../../../platform/db/client.js';
import { isoOf } from '../../../platform/db/timestamps.js';
import { users } from '../../../platform/db/schema.js';
import { DUST_LIMIT } from './build.js';
import { payoutsRepository as repo, type PayoutRow, type PayoutWithdrawalRow } from './repository.js';

/** Bitcoin and Litecoin both have 8 decimals. */
const coin = (units: bigint | string) => formatBaseUnits(BigInt(units), 8);

/**
 * The console's view of the hot wallet's payouts (`GET /rest/v1/admin/payouts`, decision 0057): the open
 * and recent payouts with their txids, fees and withdrawals, and the ready withdrawals that wait, with
 * why (a limit, or simply the next batch). Read-only; supermods and admins.
 */
export const payoutsAdminRoutes: FastifyPluginAsyncZod<{ db: Db; config: Pick<Config, 'payouts'> }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/rest/v1/admin/payouts',
    {
      config: { permission: 'payouts.view' },
      schema: {
        tags: ['admin'],
        summary: "The hot wallet's payouts of a network and the withdrawals waiting",
        description:
          "For `network` (BTC or LTC): the hot wallet's limits and what it paid in the last 24 hours, the open payouts (broadcast, not yet confirmed) and the last 7 days' payouts, each with its txid, chain fee, replacement link (RBF) and the withdrawals it pays, and the ready withdrawals not in a payout yet with the reason they wait (`over_tx_limit`: above BTC_HOT_MAX_PER_TX, never sent by the hot wallet; `day_limit`; `below_dust`; `next_batch`). Amounts in coin units.",
        querystring: adminPayoutsQuerySchema,
        response: { 200: dataEnvelope(adminPayoutsSchema) },
      },
    },
    async (request): Promise<{ data: AdminPayouts }> => {
      const { network } = request.query;
      const settings = config.payouts[network];
      const now = new Date();
      const paid = await repo.paidSince(db, network, new Date(now.getTime() - 86_400_000));
      const open = await repo.open(db, network);
      const recent = await repo.recent(db, network, new Date(now.getTime() - 7 * 86_400_000), 50);
      const ready = await repo.ready(db, network, 200);
      const payoutIds = [...new Set([...open, ...recent].map((p) => p.id))];
      const paidBy = await repo.withdrawalsOf(db, payoutIds);
      const names = await usernames(
        db,
        [...paidBy, ...ready].map((w) => w.userId),
      );
      const present = (w: PayoutWithdrawalRow) => ({
        id: w.publicId,
        username: names.get(w.userId) ?? null,
        address: w.address,
        amount: coin(w.amount),
        networkFee: coin(w.networkFee),
        status: w.status,
        createdAt: w.createdAt.toISOString(),
      });
      // A replaced payout's withdrawals moved to its replacement: list them under the chain's live one.
      const presentPayout = (p: PayoutRow): AdminPayout => ({
        id: p.id,
        txid: p.txid,
        status: p.status,
        fee: coin(p.fee),
        replacesId: p.replacesId,
        createdAt: isoOf(p.createdAt),
        confirmedAt: p.confirmedAt ? isoOf(p.confirmedAt) : null,
        withdrawals: paidBy.filter((w) => w.payoutId === p.id).map(present),
      });
      let dayLeft = settings.maxPerDay - paid;
      const waiting = ready.map((w) => {
        const amount = BigInt(w.amount);
        let reason: AdminPayouts['waiting'][number]['reason'] = 'next_batch';
        if (amount > settings.maxPerTx) reason = 'over_tx_limit';
        else if (amount < DUST_LIMIT) reason = 'below_dust';
        else if (amount > dayLeft) {
          reason = 'day_limit';
          dayLeft = -1n;
        } else dayLeft -= amount;
        return { ...present(w), reason };
      });
      const lastBatchAt = await repo.lastBatchAt(db, network);
      return {
        data: {
          network,
          limits: {
            maxPerTx: coin(settings.maxPerTx),
            maxPerDay: coin(settings.maxPerDay),
            paidLast24h: coin(paid),
            batchSeconds: settings.batchSeconds,
            rbfAfterSeconds: settings.rbfAfterSeconds,
          },
          lastBatchAt: lastBatchAt ? isoOf(lastBatchAt) : null,
          open: open.map(presentPayout),
          recent: recent.map(presentPayout),
          waiting,
        },
      };
    },
  );
};

async function usernames(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.username]));
}
