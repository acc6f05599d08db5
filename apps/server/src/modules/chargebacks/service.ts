import type {
  AdminChargebackDecisionBody,
  AdminChargebackPage,
  Chargeback,
  ChargebackReportBody,
  ChargebackStatus,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { keysetPage } from '../../platform/http/keyset-page.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { StaffActor } from '../../platform/auth/staff-guard.js';
import { recordAudit } from '../audit/index.js';
import { userStanding } from '../users/index.js';
import { chargebacksRepository, type ChargebackRow } from './repository.js';
import { isoOf } from '../../platform/db/timestamps.js';

/** Trades whose crypto reached the buyer: only these can have had their fiat payment reversed. */
const COMPLETED_FOR_BUYER = new Set(['released', 'dispute_won_buyer']);
/** A seller's reports per day: a chargeback is rare; more is abuse of the queue. */
const REPORTS_PER_DAY = 10;

function present(row: ChargebackRow): Chargeback {
  return {
    id: row.id,
    tradeHash: row.hash,
    status: row.status,
    reporter: row.reporter,
    accused: row.accused,
    chargebackDate: row.details.chargebackDate,
    amount: row.details.amount,
    fiatCurrencyCode: row.fiat_currency_code,
    description: row.details.description,
    createdAt: isoOf(row.created_at),
    decidedAt: row.decided_at === null ? null : isoOf(row.decided_at),
    decidedBy: row.decider,
    decisionReason: row.decision_reason,
  };
}

/**
 * Chargeback reports (issue 11, decision 0022): a seller reports a reversed fiat payment on a completed
 * trade; staff with `chargebacks.handle` dismiss or confirm it, exactly once. A confirmed chargeback
 * restricts the buyer's account (unless it is already in a stricter state) and leaves them the account
 * notice 2 ("notification from payment support"), in the same transaction as the decision and its audit rows.
 */
export function createChargebacksService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  async function one(id: number): Promise<Chargeback> {
    const row = await chargebacksRepository.byId(db, id);
    if (!row) throw notFound('Chargeback report not found');
    return present(row);
  }

  return {
    async report(reporterId: number, body: ChargebackReportBody & { amount: string }): Promise<Chargeback> {
      const trade = await chargebacksRepository.tradeByHash(db, body.id_hashed);
      if (!trade || (trade.buyer_id !== reporterId && trade.seller_id !== reporterId)) {
        throw notFound('Trade not found');
      }
      if (trade.seller_id !== reporterId) {
        throw new AppError(
          403,
          'CHARGEBACK_NOT_SELLER',
          'Only the seller of a trade can report a chargeback.',
        );
      }
      if (!COMPLETED_FOR_BUYER.has(trade.status)) {
        throw new AppError(
          409,
          'CHARGEBACK_NOT_AVAILABLE',
          'A chargeback can be reported once the crypto of the trade reached the buyer.',
        );
      }
      const since = new Date(now().getTime() - 86_400_000);
      const created = await db.transaction(async (tx) => {
        await chargebacksRepository.lockReporter(tx, reporterId);
        if ((await chargebacksRepository.countSince(tx, reporterId, since)) >= REPORTS_PER_DAY) {
          throw new AppError(429, 'TOO_MANY_REPORTS', `At most ${REPORTS_PER_DAY} chargeback reports a day.`);
        }
        return chargebacksRepository.insert(tx, {
          tradeId: trade.id,
          reporterId,
          accusedId: trade.buyer_id,
          details: {
            chargebackDate: body.chargeback_date,
            amount: body.amount,
            description: body.description,
          },
        });
      });
      if (!created) {
        throw new AppError(409, 'ALREADY_REPORTED', 'You already reported a chargeback on this trade.');
      }
      return one(created.id);
    },

    async list(query: {
      status: ChargebackStatus;
      cursor?: string;
      limit: number;
    }): Promise<AdminChargebackPage> {
      return keysetPage(
        query,
        (afterId, limit) => chargebacksRepository.page(db, query.status, afterId, limit),
        (rows) => rows.map(present),
      );
    },

    async decide(actor: StaffActor, id: number, body: AdminChargebackDecisionBody): Promise<Chargeback> {
      const at = now();
      await db.transaction(async (tx) => {
        const row = await chargebacksRepository.byId(tx, id);
        if (!row) throw notFound('Chargeback report not found');
        if (!(await chargebacksRepository.decide(tx, id, { ...body, decidedBy: actor.id, at }))) {
          throw new AppError(409, 'CHARGEBACK_DECIDED', 'This chargeback report has already been decided.');
        }
        await recordAudit(tx, {
          actorId: actor.id,
          actorRole: actor.role,
          action: 'chargeback.decide',
          targetType: 'chargeback',
          targetId: String(id),
          reason: body.reason,
          before: { status: 'Pending' },
          after: { status: body.status, trade: row.hash },
          ip: actor.ip,
        });
        if (body.status !== 'Confirmed') return;
        const buyer = await userStanding.lockByUsername(tx, row.accused);
        if (!buyer) return;
        const next = {
          // Never loosen a stricter state (banned, frozen...): a confirmed chargeback restricts an active account.
          accountState: buyer.accountState === 'active' ? ('restricted' as const) : buyer.accountState,
          accountNotice: 2 as const,
        };
        await userStanding.set(tx, buyer.id, next);
        await recordAudit(tx, {
          actorId: actor.id,
          actorRole: actor.role,
          action: 'account.chargeback',
          targetType: 'user',
          targetId: buyer.username,
          reason: `Confirmed chargeback #${id} on trade ${row.hash}: ${body.reason}`,
          before: { accountState: buyer.accountState, accountNotice: buyer.accountNotice },
          after: next,
          ip: actor.ip,
        });
      });
      return one(id);
    },
  };
}

export type ChargebacksService = ReturnType<typeof createChargebacksService>;
