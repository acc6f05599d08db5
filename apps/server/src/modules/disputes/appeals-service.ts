import {
  appealStatus,
  formatBaseUnitsTrimmed,
  loserOf,
  reversalPlan,
  type AdminAppeal,
  type AdminAppealDecisionBody,
  type AdminAppealPage,
  type Trade,
  type TradeAppealBody,
  type Locale,
} from '@app/contract';
import type { Config } from '../../platform/config.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { keysetPage } from '../../platform/http/keyset-page.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { StaffActor } from '../../platform/auth/staff-guard.js';
import { recordAudit } from '../audit/index.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { Hold, Leg, Ledger } from '../ledger/index.js';
import type { TradesService, TradeViewer } from '../trades/index.js';
import { userStanding } from '../users/index.js';
import { appealsRepository, type AppealRow } from './appeals-repository.js';
import { dateOf, isoOrNull } from '../../platform/db/timestamps.js';

export type AppealsServiceOptions = {
  db: Db;
  ledger: Pick<Ledger, 'transfer' | 'accountState' | 'holds'>;
  trades: Pick<TradesService, 'participantsOf' | 'appendMessage' | 'publishMessage' | 'get'>;
  catalogue: Pick<CatalogueService, 'data'>;
  config: Pick<Config, 'features' | 'trades'>;
  now?: () => Date;
};

/**
 * Appeals against a dispute decision (the `disputeAppeal` flag; decision 0024): the losing party appeals
 * within the window; a second moderator (never the first decider, never a party) upholds or rejects it.
 * An upheld appeal moves money only through the ledger: what the award moved, back from the award's hold
 * (decision 0048), which always holds all of it; a rejected one releases the hold to the first winner.
 * Awards made before holds existed keep the old rule: back from the first winner's available balance,
 * never below zero; what is missing is recorded and the first winner gets notice 0.
 */
export function createAppealsService({
  db,
  ledger,
  trades,
  catalogue,
  config,
  now = () => new Date(),
}: AppealsServiceOptions) {
  async function present(rows: AppealRow[]): Promise<AdminAppeal[]> {
    const data = await catalogue.data();
    return rows.map((r) => {
      const decimals = data.knownCryptoByCode.get(r.crypto_code)?.decimals ?? 8;
      const amount = (units: string | null) =>
        units === null ? null : formatBaseUnitsTrimmed(BigInt(units), decimals);
      return {
        id: r.id,
        tradeHash: r.hash,
        cryptoCode: r.crypto_code,
        appellant: r.appellant,
        appellantRole: r.appellant_id === r.buyer_id ? ('buyer' as const) : ('seller' as const),
        reason: r.reason,
        status: r.status,
        createdAt: dateOf(r.created_at).toISOString(),
        dispute: {
          outcome: r.resolution,
          reason: r.resolution_reason,
          moderator: r.first_moderator,
          at: dateOf(r.resolved_at).toISOString(),
        },
        decidedBy: r.decider,
        decidedAt: isoOrNull(r.decided_at),
        decisionReason: r.decision_reason,
        reversedAmount: amount(r.reversed_units),
        shortfallAmount: amount(r.shortfall_units),
      };
    });
  }

  /**
   * Moves what an upheld appeal reverses (decision 0024's rule), in one `appeal_reversal` movement (key
   * `appeal:{id}:reversal`): from the award's hold when it has one (all of it; decision 0048), otherwise
   * from the first winner's available balance as far as it goes.
   */
  async function reverse(tx: Tx, row: AppealRow, plan: ReturnType<typeof reversalPlan>, held?: Hold) {
    const firstWinner = row.resolution;
    const appellantId = loserOf(firstWinner) === 'buyer' ? row.buyer_id : row.seller_id;
    const winnerId = firstWinner === 'buyer' ? row.buyer_id : row.seller_id;
    if (plan.toAppellant === 0n && plan.fee === 0n) return;
    const fromWinner = firstWinner === 'buyer' ? plan.toAppellant : plan.toAppellant + plan.fee;
    const toAppellant = firstWinner === 'buyer' ? plan.toAppellant - plan.fee : plan.toAppellant;
    const legs: Leg[] = [
      { account: { userId: appellantId, kind: 'available' }, amount: toAppellant },
      { account: { userId: null, kind: 'fees' }, amount: plan.fee },
    ];
    const others = legs.filter((leg) => leg.amount !== 0n);
    const movement = { idempotencyKey: `appeal:${row.id}:reversal`, kind: 'appeal_reversal' as const };
    if (held) {
      await ledger.holds.reverse(tx, held, { ...movement, legs: others });
      return;
    }
    try {
      await ledger.transfer(
        {
          ...movement,
          cryptoCode: row.crypto_code,
          reference: { type: 'trade', id: row.hash },
          legs: [{ account: { userId: winnerId, kind: 'available' }, amount: -fromWinner }, ...others],
        },
        tx,
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
        throw new AppError(409, 'APPEAL_BALANCE_CHANGED', 'A balance changed while deciding: try again.');
      }
      throw error;
    }
  }

  async function one(id: number): Promise<AdminAppeal> {
    const row = await appealsRepository.byId(db, id);
    if (!row) throw notFound('Appeal not found');
    return (await present([row]))[0]!;
  }

  return {
    /** `POST /rest/v1/trade/{id}/appeal`: the losing party appeals; answers the trade as they see it. */
    async appeal(
      viewer: TradeViewer,
      hash: string,
      body: TradeAppealBody,
      ctx: { ip: string; locale: Locale },
    ): Promise<Trade> {
      const access = await trades.participantsOf(hash, viewer.id);
      if (!access) throw notFound('Trade not found');
      if (access.role === 'moderator') {
        throw new AppError(
          403,
          'TRADE_FORBIDDEN_ACTION',
          'Only a party of the trade can appeal its decision.',
        );
      }
      const dispute = await appealsRepository.decidedDispute(db, hash);
      const hold = dispute ? await ledger.holds.of(dispute.crypto_code, dispute.hash) : undefined;
      const status = appealStatus({
        enabled: config.features.disputeAppeal,
        viewer: access.role,
        resolution: dispute?.resolution ?? null,
        resolvedAt: dispute?.resolved_at ? dateOf(dispute.resolved_at) : null,
        appealed: false,
        windowHours: config.trades.appealWindowHours,
        closesAt: hold?.releaseAt,
        now: now(),
      });
      if (!dispute || status === 'not_available') {
        throw new AppError(
          409,
          'APPEAL_NOT_AVAILABLE',
          'Only the party who lost a moderator’s decision can appeal it.',
        );
      }
      if (status === 'expired') {
        throw new AppError(
          409,
          'APPEAL_EXPIRED',
          `Decisions can be appealed for ${config.trades.appealWindowHours} hours.`,
        );
      }
      const message = await db.transaction(async (tx) => {
        const created = await appealsRepository.insert(tx, {
          disputeId: dispute.dispute_id,
          tradeId: dispute.trade_id,
          appellantId: viewer.id,
          reason: body.reason,
        });
        if (!created) throw new AppError(409, 'ALREADY_APPEALED', 'This decision has already been appealed.');
        // The award stays held until the appeal is decided. A hold released meanwhile (its window ended
        // between the check above and now) cannot be appealed any more: the money is the winner's.
        if ((await ledger.holds.contest(tx, dispute.crypto_code, dispute.hash)) === 'settled') {
          throw new AppError(
            409,
            'APPEAL_EXPIRED',
            `Decisions can be appealed for ${config.trades.appealWindowHours} hours.`,
          );
        }
        return trades.appendMessage(tx, {
          tradeId: dispute.trade_id,
          authorId: null,
          kind: 'system',
          systemEvent: 'appeal_opened',
          text: `The ${access.role} appealed the decision. A second moderator will review it.`,
        });
      });
      await trades.publishMessage(message);
      return trades.get(viewer, hash, ctx);
    },

    async list(query: {
      status: AppealRow['status'];
      cursor?: string;
      limit: number;
    }): Promise<AdminAppealPage> {
      return keysetPage(
        query,
        (afterId, limit) => appealsRepository.page(db, query.status, afterId, limit),
        present,
      );
    },

    async decide(actor: StaffActor, id: number, body: AdminAppealDecisionBody): Promise<AdminAppeal> {
      const at = now();
      const message = await db.transaction(async (tx) => {
        const row = await appealsRepository.byId(tx, id);
        if (!row) throw notFound('Appeal not found');
        if (actor.id === row.buyer_id || actor.id === row.seller_id) {
          throw new AppError(
            403,
            'DISPUTE_OWN_TRADE',
            'You are a party of this trade: another moderator decides.',
          );
        }
        if (actor.id === row.moderator_id) {
          throw new AppError(
            403,
            'APPEAL_SAME_MODERATOR',
            'You decided this dispute: a second moderator decides the appeal.',
          );
        }
        const upheld = body.outcome === 'uphold';
        const firstWinner = row.resolution;
        const winnerId = firstWinner === 'buyer' ? row.buyer_id : row.seller_id;
        const hold = await ledger.holds.of(row.crypto_code, row.hash, tx);
        // The award's hold (decision 0048): everything the award moved is in it. Without one (an award
        // made before holds existed) the first winner pays back from their available balance.
        const held = hold?.state === 'contested' ? hold : undefined;
        const plan = upheld
          ? reversalPlan({
              firstWinner,
              available: held
                ? held.amount
                : (await ledger.accountState(row.crypto_code, { userId: winnerId, kind: 'available' }, tx))
                    .balance,
              buyerReceives: BigInt(row.buyer_receives),
              fee: BigInt(row.fee_amount),
            })
          : null;
        const decided = await appealsRepository.decide(tx, id, {
          status: upheld ? 'upheld' : 'rejected',
          by: actor.id,
          reason: body.reason,
          at,
          reversed: plan?.toAppellant ?? null,
          shortfall: plan?.shortfall ?? null,
        });
        if (!decided) throw new AppError(409, 'APPEAL_DECIDED', 'This appeal has already been decided.');
        if (held && !plan) await ledger.holds.releaseContested(tx, held);
        if (plan) await reverse(tx, row, plan, held);
        if (plan && plan.shortfall > 0n) {
          // The first winner no longer holds what they were awarded: the account says so (notice 0).
          const winner = await appealsRepository.usernameOf(tx, winnerId);
          const locked = winner ? await userStanding.lockByUsername(tx, winner) : undefined;
          if (locked) {
            await userStanding.set(tx, locked.id, { accountState: locked.accountState, accountNotice: 0 });
          }
        }
        await recordAudit(tx, {
          actorId: actor.id,
          actorRole: actor.role,
          action: upheld ? 'appeal.uphold' : 'appeal.reject',
          targetType: 'trade',
          targetId: row.hash,
          reason: body.reason,
          before: { appeal: id, status: 'appealed', firstWinner },
          // `from`: where the award was (its hold, decision 0048; or, before holds, the available balance).
          after: plan
            ? {
                status: 'upheld',
                from: held ? 'hold' : 'available',
                reversed: plan.toAppellant.toString(),
                fee: plan.fee.toString(),
                shortfall: plan.shortfall.toString(),
              }
            : { status: 'rejected', ...(held ? { released: held.amount.toString() } : {}) },
          ip: actor.ip,
        });
        return trades.appendMessage(tx, {
          tradeId: row.trade_id,
          authorId: null,
          kind: 'system',
          systemEvent: upheld ? 'appeal_upheld' : 'appeal_rejected',
          text: body.reason,
        });
      });
      await trades.publishMessage(message);
      return one(id);
    },
  };
}

export type AppealsService = ReturnType<typeof createAppealsService>;
