import type { AdminReport, AdminReportAction, AdminReportPage } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/bus.js';
import { keysetPage } from '../../platform/http/keyset-page.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { StaffActor } from '../../platform/auth/staff-guard.js';
import { recordAudit } from '../audit/index.js';
import type { CatalogueService } from '../catalogue/index.js';
import { isoOf, isoOrNull } from '../../platform/db/timestamps.js';
import { presentModeratedOffer } from './moderated-offer.js';
import { announceMarketChange, offerAppealsRepository, offersRepository } from '../offers/index.js';
import { reportsModerationRepository, type QueueRow } from './moderation-repository.js';

/**
 * The offer-report queue (issue 11, decision 0023): moderators dismiss a report, or act on the offer:
 * deactivate it (moderation status 2, rejected), message its owner, or cancel it by system penalty for
 * some hours. Acting settles every open report of that offer. Exactly once per report, audited.
 */
export function createReportsModerationService({
  db,
  catalogue,
  now = () => new Date(),
  events,
}: {
  db: Db;
  catalogue: Pick<CatalogueService, 'data'>;
  now?: () => Date;
  /** Where a change to an offer is announced (the shared marketplace rebuilds). */
  events?: EventBus;
}) {
  async function present(rows: QueueRow[]): Promise<AdminReport[]> {
    const data = await catalogue.data();
    return rows.map((r) => ({
      id: r.id,
      reason: r.reason as AdminReport['reason'],
      message: r.message,
      reporter: r.reporter,
      createdAt: isoOf(r.created_at),
      status: r.status,
      handledBy: r.handler,
      handledAt: isoOrNull(r.handled_at),
      resolution: r.resolution,
      openReportsOnOffer: r.open_on_offer,
      offer: presentModeratedOffer(r, data),
    }));
  }

  async function one(id: number): Promise<AdminReport> {
    const row = await reportsModerationRepository.byId(db, id);
    if (!row) throw notFound('Report not found');
    return (await present([row]))[0]!;
  }

  return {
    async list(query: {
      status: QueueRow['status'];
      cursor?: string;
      limit: number;
    }): Promise<AdminReportPage> {
      return keysetPage(
        query,
        (afterId, limit) => reportsModerationRepository.page(db, query.status, afterId, limit),
        present,
      );
    },

    async act(actor: StaffActor, id: number, body: AdminReportAction): Promise<AdminReport> {
      const at = now();
      await db.transaction(async (tx) => {
        const row = await reportsModerationRepository.byId(tx, id);
        if (!row) throw notFound('Report not found');
        await reportsModerationRepository.lockOffer(tx, row.offer_id);
        const resolution =
          body.action === 'dismiss' ? `dismissed: ${body.reason}` : `${body.action}: ${body.reason}`;
        const handled = await reportsModerationRepository.handle(tx, id, {
          status: body.action === 'dismiss' ? 'dismissed' : 'actioned',
          by: actor.id,
          resolution,
          at,
        });
        if (!handled) throw new AppError(409, 'REPORT_HANDLED', 'This report has already been handled.');
        const before = {
          isActive: row.is_active,
          moderationStatus: row.moderation_status,
          penaltyUntil: isoOrNull(row.penalty_until),
        };
        let after: Record<string, unknown> | null = null;
        if (body.action !== 'dismiss') {
          const note = body.text?.trim() || body.reason;
          const rejects = body.action === 'deactivate' || body.action === 'penalty';
          const changes = !rejects
            ? { penaltyReason: note }
            : {
                isActive: false,
                moderationStatus: 2,
                penaltyReason: note,
                moderatedBy: actor.id,
                ...(body.action === 'penalty'
                  ? { penaltyUntil: new Date(at.getTime() + body.penaltyHours! * 3_600_000) }
                  : {}),
              };
          // A new rejection replaces the one a waiting appeal was about: the owner may appeal this one.
          if (rejects) {
            await offerAppealsRepository.withdrawWaiting(tx, row.offer_id, {
              by: actor.id,
              reason: 'A new moderator decision replaced the one appealed against.',
              at,
            });
          }
          const updated = await offersRepository.update(tx, row.offer_id, changes);
          after = {
            isActive: updated?.isActive,
            moderationStatus: updated?.moderationStatus,
            penaltyUntil: updated?.penaltyUntil?.toISOString() ?? null,
            note,
          };
          // What was done to the offer answers every open report about it.
          await reportsModerationRepository.closeOthers(tx, row.offer_id, { by: actor.id, resolution, at });
        }
        await recordAudit(tx, {
          actorId: actor.id,
          actorRole: actor.role,
          action: `report.${body.action}`,
          targetType: 'offer',
          targetId: row.hash,
          reason: body.reason,
          before: { report: id, ...before },
          after,
          ip: actor.ip,
        });
      });
      announceMarketChange(events);
      return one(id);
    },
  };
}

export type ReportsModerationService = ReturnType<typeof createReportsModerationService>;
