import type {
  AdminAppealDecisionBody,
  AdminOfferAppeal,
  AdminOfferAppealPage,
  OfferAppeal,
  OfferAppealBody,
  OfferAppealStatus,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { keysetPage } from '../../platform/http/keyset-page.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { StaffActor } from '../../platform/auth/staff-guard.js';
import { recordAudit } from '../audit/index.js';
import type { CatalogueService } from '../catalogue/index.js';
import { isoOf, isoOrNull } from '../../platform/db/timestamps.js';
import { presentModeratedOffer } from './moderated-offer.js';
import {
  offerAppealsRepository,
  offersRepository,
  type OfferAppealQueueRow,
  type OfferAppealRow,
} from '../offers/index.js';
import { reportsModerationRepository } from './moderation-repository.js';

/**
 * Appeals against the rejection of an offer (decision 0023): the owner of a rejected offer (moderation
 * status 2) appeals once, which makes it 4 (appealed); a supermod or admin who did not make the rejection
 * upholds it (the offer is approved, 1, any penalty lifted; it stays off until the owner switches it on) or
 * rejects it (3, no appeal: the owner edits the offer to fix it, or waits out the penalty). Exactly once,
 * audited, under the offer's row lock like every other moderation of the offer.
 */
export function createOfferAppealsService({
  db,
  catalogue,
  now = () => new Date(),
}: {
  db: Db;
  catalogue: Pick<CatalogueService, 'data'>;
  now?: () => Date;
}) {
  const presentOwn = (row: OfferAppealRow, hash: string, moderationStatus: number): OfferAppeal => ({
    id: row.id,
    idHashed: hash,
    status: row.status,
    text: row.text,
    createdAt: isoOf(row.created_at),
    moderationStatus,
  });

  async function present(rows: OfferAppealQueueRow[]): Promise<AdminOfferAppeal[]> {
    const data = await catalogue.data();
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      owner: r.owner,
      text: r.text,
      createdAt: isoOf(r.created_at),
      rejection: { moderator: r.rejected_by_name, note: r.rejection_note },
      offer: presentModeratedOffer(r, data),
      decidedBy: r.decided_by_name,
      decidedAt: isoOrNull(r.decided_at),
      decisionReason: r.decision_reason,
    }));
  }

  async function one(id: number): Promise<AdminOfferAppeal> {
    const row = await offerAppealsRepository.byId(db, id);
    if (!row) throw notFound('Appeal not found');
    return (await present([row]))[0]!;
  }

  return {
    /** `POST /rest/v1/my-offers/{hash}/appeal`: anybody but the owner gets the 404 of a missing offer. */
    async appeal(userId: number, hash: string, body: OfferAppealBody): Promise<OfferAppeal> {
      return db.transaction(async (tx) => {
        const offer = await offersRepository.lockOwned(tx, userId, hash);
        if (!offer) throw notFound('Offer not found');
        if (offer.moderationStatus === 4) {
          throw new AppError(409, 'ALREADY_APPEALED', 'Your appeal is already waiting for a moderator.');
        }
        if (offer.moderationStatus === 3) {
          throw new AppError(
            409,
            'APPEAL_NOT_AVAILABLE',
            'Your appeal against this rejection was turned down. Edit the offer to fix what was reported.',
          );
        }
        if (offer.moderationStatus !== 2) {
          throw new AppError(
            409,
            'OFFER_NOT_REJECTED',
            'No moderator rejected this offer: there is nothing to appeal.',
          );
        }
        const row = await offerAppealsRepository.insert(tx, {
          offerId: offer.id,
          ownerId: userId,
          text: body.text,
          rejectedBy: offer.moderatedBy,
          rejectionNote: offer.penaltyReason,
        });
        await offersRepository.update(tx, offer.id, { moderationStatus: 4 });
        return presentOwn(row, offer.hash, 4);
      });
    },

    async list(query: {
      status: OfferAppealStatus;
      cursor?: string;
      limit: number;
    }): Promise<AdminOfferAppealPage> {
      return keysetPage(
        query,
        (afterId, limit) => offerAppealsRepository.page(db, query.status, afterId, limit),
        present,
      );
    },

    async decide(actor: StaffActor, id: number, body: AdminAppealDecisionBody): Promise<AdminOfferAppeal> {
      const at = now();
      await db.transaction(async (tx) => {
        const found = await offerAppealsRepository.byId(tx, id);
        if (!found) throw notFound('Appeal not found');
        await reportsModerationRepository.lockOffer(tx, found.offer_id);
        // Read again under the lock: the offer as it is now, for the audit's "before".
        const row = (await offerAppealsRepository.byId(tx, id))!;
        if (actor.id === row.owner_id) {
          throw new AppError(403, 'APPEAL_OWN_OFFER', 'This is your own offer: another moderator decides.');
        }
        if (actor.id === row.rejected_by) {
          throw new AppError(
            403,
            'APPEAL_SAME_MODERATOR',
            'You rejected this offer: a second moderator decides the appeal.',
          );
        }
        const upheld = body.outcome === 'uphold';
        const decided = await offerAppealsRepository.decide(tx, id, {
          status: upheld ? 'upheld' : 'rejected',
          by: actor.id,
          reason: body.reason,
          at,
        });
        if (!decided) throw new AppError(409, 'APPEAL_DECIDED', 'This appeal has already been decided.');
        const updated = await offersRepository.update(
          tx,
          row.offer_id,
          upheld
            ? { moderationStatus: 1, penaltyUntil: null, penaltyReason: body.reason, moderatedBy: null }
            : { moderationStatus: 3, penaltyReason: body.reason },
        );
        await recordAudit(tx, {
          actorId: actor.id,
          actorRole: actor.role,
          action: upheld ? 'offer_appeal.uphold' : 'offer_appeal.reject',
          targetType: 'offer',
          targetId: row.hash,
          reason: body.reason,
          before: {
            appeal: id,
            isActive: row.is_active,
            moderationStatus: row.moderation_status,
            penaltyUntil: isoOrNull(row.penalty_until),
          },
          after: {
            isActive: updated?.isActive,
            moderationStatus: updated?.moderationStatus,
            penaltyUntil: updated?.penaltyUntil?.toISOString() ?? null,
          },
          ip: actor.ip,
        });
      });
      return one(id);
    },
  };
}

export type OfferAppealsService = ReturnType<typeof createOfferAppealsService>;
