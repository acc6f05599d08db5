import {
  DISPUTE_REASONS,
  formatBaseUnitsTrimmed,
  type AdminDispute,
  type AdminDisputeAssignBody,
  type AdminDisputeAwardBody,
  type AdminDisputeDetail,
  type AdminDisputeMessageBody,
  type AdminDisputeReleaseBody,
  type AdminDisputePage,
  type AdminDisputeStatus,
  type AdminEvidenceRequestBody,
  type DisputeParty,
  type FeedbackCounts,
  type TradeMessage,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { keysetPage } from '../../platform/http/keyset-page.js';
import { AppError, fieldError, notFound } from '../../platform/http/errors.js';
import { assertCan, can } from '../../platform/auth/permissions.js';
import type { StaffActor } from '../../platform/auth/staff-guard.js';
import { recordAudit } from '../audit/index.js';
import { paymentMethodName, type CatalogueService } from '../catalogue/index.js';
import { staffChatRefusal, type TradesService } from '../trades/index.js';
import { disputesRepository, type DisputeQueueRow, type PartyRow } from './repository.js';
import { dateOf } from '../../platform/db/timestamps.js';

export type DisputesServiceOptions = {
  db: Db;
  trades: Pick<TradesService, 'award' | 'appendMessage' | 'publishMessage' | 'messages'>;
  catalogue: Pick<CatalogueService, 'data'>;
  feedbackCounts: (userIds: readonly number[]) => Promise<Map<number, FeedbackCounts>>;
  /** TRADE_CHAT_GRACE_HOURS: how long after a decided trade's end staff may still write (decision 0052). */
  chatGraceHours: number;
  now?: () => Date;
};

/** Both drivers: node-postgres and PGlite may hand a timestamp back as a Date or as text. */

const decided = () => new AppError(409, 'DISPUTE_DECIDED', 'This dispute has already been decided.');

/**
 * Disputes for the moderators (issue 11, decision 0021): the queue, taking a dispute (exclusive: a row
 * lock on the dispute, one holder at a time), asking a party for evidence, and the award through the
 * trades module's `award` (the lifecycle table's award_* cells, the ledger, exactly once) with its audit
 * row in the same transaction.
 */
export function createDisputesService({
  db,
  trades,
  catalogue,
  feedbackCounts,
  chatGraceHours,
  ...options
}: DisputesServiceOptions) {
  const now = options.now ?? (() => new Date());

  async function present(rows: DisputeQueueRow[]): Promise<AdminDispute[]> {
    if (rows.length === 0) return [];
    const userIds = rows.flatMap((r) => [r.buyer_id, r.seller_id]);
    const [parties, feedback, sharedIps, data] = await Promise.all([
      disputesRepository.parties(db, userIds),
      feedbackCounts(userIds),
      disputesRepository.sharedSessionIps(db, userIds),
      catalogue.data(),
    ]);
    const at = now();
    const party = (id: number): DisputeParty => {
      const row: PartyRow | undefined = parties.get(id);
      const registered = row ? dateOf(row.created_at) : at;
      return {
        username: row?.username ?? `#${id}`,
        accountState: row?.account_state ?? 'unknown',
        registeredAt: registered.toISOString(),
        accountAgeDays: Math.max(0, Math.floor((at.getTime() - registered.getTime()) / 86_400_000)),
        completedTrades: row?.completed_trades ?? 0,
        feedback: feedback.get(id) ?? { positive: 0, negative: 0 },
        emailVerified: row?.is_email_verified ?? false,
        idVerified: false,
      };
    };
    return rows.map((r) => {
      const openedAt = dateOf(r.opened_at);
      const until = r.resolved_at ? dateOf(r.resolved_at) : at;
      const pair = `${Math.min(r.buyer_id, r.seller_id)}:${Math.max(r.buyer_id, r.seller_id)}`;
      const decimals = data.knownCryptoByCode.get(r.crypto_code)?.decimals ?? 8;
      return {
        tradeHash: r.hash,
        tradeStatus: r.status as AdminDispute['tradeStatus'],
        cryptoCode: r.crypto_code,
        escrowAmount: formatBaseUnitsTrimmed(BigInt(r.escrow_amount), decimals),
        fiatAmount: r.fiat_amount,
        fiatCurrencyCode: r.fiat_currency_code,
        paymentMethod: paymentMethodName(data, r.payment_method_id, r.payment_method_label),
        tradeStartedAt: dateOf(r.started_at).toISOString(),
        buyer: party(r.buyer_id),
        seller: party(r.seller_id),
        sameIp: (r.buyer_ip !== null && r.buyer_ip === r.seller_ip) || sharedIps.has(pair),
        reasonId: r.reason_id,
        reasonSlug: DISPUTE_REASONS.find((reason) => reason.id === r.reason_id)?.slug ?? null,
        reasonText: r.reason_text,
        openedBy: r.opener_role,
        openedAt: openedAt.toISOString(),
        openSeconds: Math.max(0, Math.floor((until.getTime() - openedAt.getTime()) / 1000)),
        assignee:
          r.assignee && r.assigned_at
            ? { username: r.assignee, since: dateOf(r.assigned_at).toISOString() }
            : null,
        decision:
          r.resolution && r.resolved_at
            ? {
                outcome: r.resolution,
                reason: r.resolution_reason,
                moderator: r.decider,
                at: dateOf(r.resolved_at).toISOString(),
              }
            : null,
      };
    });
  }

  async function one(hash: string): Promise<AdminDispute> {
    const row = await disputesRepository.byTradeHash(db, hash);
    if (!row) throw notFound('Dispute not found');
    const [item] = await present([row]);
    return item!;
  }

  /** The undecided dispute the actor may act on: theirs, or any for those who may reassign. */
  async function heldBy(actor: StaffActor, hash: string): Promise<DisputeQueueRow> {
    const row = await disputesRepository.byTradeHash(db, hash);
    if (!row) throw notFound('Dispute not found');
    if (row.resolved_at !== null) throw decided();
    if (actor.id === row.buyer_id || actor.id === row.seller_id) {
      throw new AppError(
        403,
        'DISPUTE_OWN_TRADE',
        'You are a party of this trade: another moderator decides it.',
      );
    }
    if (row.assigned_to !== actor.id && !can(actor.role, 'disputes.assign')) {
      throw new AppError(
        409,
        'DISPUTE_NOT_YOURS',
        row.assignee
          ? `${row.assignee} holds this dispute: take it over first.`
          : 'Take this dispute first: only the moderator who holds it acts on it.',
      );
    }
    return row;
  }

  return {
    async list(query: {
      status: AdminDisputeStatus;
      cursor?: string;
      limit: number;
    }): Promise<AdminDisputePage> {
      return keysetPage(
        query,
        (afterId, limit) => disputesRepository.page(db, query.status, afterId, limit),
        present,
      );
    },

    async detail(actor: StaffActor, hash: string): Promise<AdminDisputeDetail> {
      const row = await disputesRepository.byTradeHash(db, hash);
      if (!row) throw notFound('Dispute not found');
      const [[item], chat] = await Promise.all([
        present([row]),
        trades.messages({ id: actor.id, role: actor.role }, hash, { limit: 100 }),
      ]);
      return {
        ...item!,
        offerTerms: row.offer_terms,
        paymentDetails: row.payment_details,
        messages: chat.messages,
        moreMessages: chat.hasMore,
      };
    },

    /**
     * Takes the dispute (no `username`), takes it over (`takeover`), or gives it to another staff member
     * (`username`, permission disputes.assign). The dispute's row lock orders concurrent takers: the first
     * holds it, the others get 409 naming the holder. The chat says a moderator is available.
     */
    async assign(actor: StaffActor, hash: string, body: AdminDisputeAssignBody): Promise<AdminDispute> {
      const wanted = body.username?.trim();
      const target = wanted ? await disputesRepository.staffByUsername(db, wanted) : undefined;
      const assigningOther = target !== undefined && target.id !== actor.id;
      if (wanted && !target) {
        throw fieldError('username', 'No staff member has this username', 'unknown_user');
      }
      if (assigningOther) {
        assertCan(actor.role, 'disputes.assign');
        if (!can(target.role as StaffActor['role'], 'disputes.take') || target.account_state !== 'active') {
          throw fieldError('username', 'This user cannot take disputes', 'not_a_moderator');
        }
      }
      const holder = assigningOther ? { id: target.id, username: target.username } : actor;
      const at = now();
      const message = await db.transaction(async (tx): Promise<TradeMessage | null> => {
        const row = await disputesRepository.lockByTradeHash(tx, hash);
        if (!row) throw notFound('Dispute not found');
        if (row.resolved_at !== null) throw decided();
        if (holder.id === row.buyer_id || holder.id === row.seller_id) {
          throw new AppError(403, 'DISPUTE_OWN_TRADE', 'A party of the trade cannot hold its dispute.');
        }
        if (row.assigned_to === holder.id) return null;
        if (row.assigned_to !== null && !assigningOther && !body.takeover) {
          const current = await disputesRepository.byTradeHash(tx, hash);
          throw new AppError(
            409,
            'DISPUTE_ASSIGNED',
            `${current?.assignee ?? 'Another moderator'} already holds this dispute. Take it over to move it to you.`,
          );
        }
        await disputesRepository.assign(tx, row.id, holder.id, at);
        const before = row.assigned_to === null ? null : await userName(tx, row.assigned_to);
        await recordAudit(tx, {
          actorId: actor.id,
          actorRole: actor.role,
          action:
            row.assigned_to === null
              ? 'dispute.take'
              : assigningOther
                ? 'dispute.assign'
                : 'dispute.takeover',
          targetType: 'trade',
          targetId: hash,
          reason:
            body.reason?.trim() || (assigningOther ? `assigned to ${holder.username}` : 'took the dispute'),
          before: { assignee: before },
          after: { assignee: holder.username },
          ip: actor.ip,
        });
        return trades.appendMessage(tx, {
          tradeId: row.trade_id,
          authorId: null,
          kind: 'system',
          systemEvent: 'moderator_available',
          text: `Moderator ${holder.username} joined the chat and will review the dispute.`,
        });
      });
      if (message) await trades.publishMessage(message);
      return one(hash);
    },

    /**
     * The holder (or someone who may reassign) puts the dispute back in the queue: the chat says no
     * moderator is available until another one takes it (the spec's "moderator not available").
     */
    async release(actor: StaffActor, hash: string, body: AdminDisputeReleaseBody): Promise<AdminDispute> {
      const message = await db.transaction(async (tx) => {
        const row = await disputesRepository.lockByTradeHash(tx, hash);
        if (!row) throw notFound('Dispute not found');
        if (row.resolved_at !== null) throw decided();
        if (row.assigned_to === null) {
          throw new AppError(409, 'DISPUTE_NOT_HELD', 'Nobody holds this dispute.');
        }
        if (row.assigned_to !== actor.id && !can(actor.role, 'disputes.assign')) {
          throw new AppError(
            409,
            'DISPUTE_NOT_YOURS',
            'Only the moderator who holds this dispute can leave it.',
          );
        }
        const before = await userName(tx, row.assigned_to);
        await disputesRepository.release(tx, row.id);
        await recordAudit(tx, {
          actorId: actor.id,
          actorRole: actor.role,
          action: 'dispute.release',
          targetType: 'trade',
          targetId: hash,
          reason: body.reason?.trim() || 'back to the queue',
          before: { assignee: before },
          after: { assignee: null },
          ip: actor.ip,
        });
        return trades.appendMessage(tx, {
          tradeId: row.trade_id,
          authorId: null,
          kind: 'system',
          systemEvent: 'moderator_not_available',
          text: 'The moderator left the dispute. It is back in the queue; another moderator will join.',
        });
      });
      await trades.publishMessage(message);
      return one(hash);
    },

    /** Asks one party for more evidence: a system message addressed to them, live, and audited. */
    async requestEvidence(
      actor: StaffActor,
      hash: string,
      body: AdminEvidenceRequestBody,
    ): Promise<AdminDispute> {
      const row = await heldBy(actor, hash);
      const message = await db.transaction(async (tx) => {
        await recordAudit(tx, {
          actorId: actor.id,
          actorRole: actor.role,
          action: 'dispute.evidence_request',
          targetType: 'trade',
          targetId: hash,
          reason: body.text,
          after: { party: body.party },
          ip: actor.ip,
        });
        return trades.appendMessage(tx, {
          tradeId: row.trade_id,
          authorId: null,
          kind: 'system',
          systemEvent: body.party === 'buyer' ? 'evidence_requested_buyer' : 'evidence_requested_seller',
          text: body.text,
        });
      });
      await trades.publishMessage(message);
      return one(hash);
    },

    /**
     * A staff message to both parties in the trade chat (decision 0052): written under the dispute's row
     * lock (a takeover or an award waits for it, or it sees theirs), with its audit row in the same
     * transaction and its record entry (the chat's hash chain names the author as `moderator`), then
     * published to both parties. Who may write: the trades module's staff chat rule.
     */
    async postMessage(actor: StaffActor, hash: string, body: AdminDisputeMessageBody): Promise<TradeMessage> {
      const text = body.text.trim();
      const message = await db.transaction(async (tx) => {
        const row = await disputesRepository.lockByTradeHash(tx, hash);
        if (!row) throw notFound('Dispute not found');
        if (actor.id === row.buyer_id || actor.id === row.seller_id) {
          throw new AppError(
            403,
            'DISPUTE_OWN_TRADE',
            'You are a party of this trade: you write in it as one.',
          );
        }
        const resolvedAt = row.resolved_at === null ? null : dateOf(row.resolved_at);
        const ended = row.completed_at ?? row.cancelled_at;
        const refusal = staffChatRefusal({
          staff: actor,
          dispute: { assignedTo: row.assigned_to, moderatorId: row.moderator_id, resolvedAt },
          endedAt: ended === null ? null : dateOf(ended),
          graceHours: chatGraceHours,
          at: now(),
        });
        if (refusal === 'closed') {
          throw new AppError(
            409,
            'DISPUTE_CHAT_CLOSED',
            'The trade ended and its chat is closed: the parties can no longer answer here.',
          );
        }
        if (refusal) {
          throw new AppError(
            409,
            'DISPUTE_NOT_YOURS',
            resolvedAt
              ? 'Only the moderator who decided this dispute (or a supermod or admin) writes in its chat now.'
              : 'Take this dispute first: only the moderator who holds it writes to the parties.',
          );
        }
        const written = await trades.appendMessage(tx, {
          tradeId: row.trade_id,
          authorId: actor.id,
          authorUsername: actor.username,
          kind: 'user',
          text,
        });
        await recordAudit(tx, {
          actorId: actor.id,
          actorRole: actor.role,
          action: 'dispute.message',
          targetType: 'trade',
          targetId: hash,
          reason: text,
          after: { messageId: written.id },
          ip: actor.ip,
        });
        return written;
      });
      await trades.publishMessage(message);
      return message;
    },

    /**
     * The decision: escrow to the buyer (released, fee to the platform) or back to the seller, through
     * the trades module's award (one conditional UPDATE and the ledger; a racing award or release loses
     * with 409). The audit row commits in the same transaction as the money.
     */
    async award(actor: StaffActor, hash: string, body: AdminDisputeAwardBody): Promise<AdminDispute> {
      const row = await heldBy(actor, hash);
      await trades.award(hash, {
        winner: body.winner,
        reason: body.reason,
        moderatorId: actor.id,
        alongside: async (tx, trade) => {
          await recordAudit(tx, {
            actorId: actor.id,
            actorRole: actor.role,
            action: 'dispute.award',
            targetType: 'trade',
            targetId: hash,
            reason: body.reason,
            before: { status: row.status, assignee: row.assignee },
            after: { status: trade.status, winner: body.winner },
            ip: actor.ip,
          });
        },
      });
      return one(hash);
    },
  };

  async function userName(tx: Parameters<typeof disputesRepository.byTradeHash>[0], id: number) {
    const rows = await disputesRepository.parties(tx, [id]);
    return rows.get(id)?.username ?? `#${id}`;
  }
}

export type DisputesService = ReturnType<typeof createDisputesService>;
