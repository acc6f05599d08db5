import {
  offerReportReasonNeedsMessage,
  offerReportReasons,
  type OfferReportReason,
  type OfferReportState,
} from '@app/contract';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/http/errors.js';
import { contactsRepository } from '../contacts/index.js';
import { offersRepository } from '../offers/index.js';
import { reportsRepository } from './repository.js';
import type { OfferReportRow } from './tables.js';

const DAY_MS = 86_400_000;

type Options = {
  db: Db;
  config: Pick<Config, 'reports'>;
  /** The clock (tests move it). */
  now?: () => Date;
};

const stateOf = (row: OfferReportRow | undefined): OfferReportState =>
  row
    ? { reported: true, reason: row.reason, createdAt: row.createdAt.toISOString() }
    : { reported: false, reason: null, createdAt: null };

/**
 * Offer reports: a logged-in user tells the moderators what is wrong with someone else's offer, once per
 * offer, at most `REPORTS_MAX_PER_DAY` times in 24 hours. Decisions: docs/decisions/0008-offers.md.
 */
export function createReportsService({ db, config, now = () => new Date() }: Options) {
  /**
   * The offer as the reporter may see it: the offer page's rules (offers service `view`): blocked either
   * way, or trusted-only for someone the owner does not trust, is "not found", so a report cannot probe
   * for offers the reporter cannot see.
   */
  async function visibleOffer(reporterId: number, hash: string) {
    const offer = await offersRepository.findByHash(db, hash);
    if (!offer) throw notFound('Offer not found');
    if (offer.userId === reporterId) return { offer, isOwner: true };
    const [fromReporter, fromOwner] = await Promise.all([
      contactsRepository.kindOf(db, reporterId, offer.userId),
      contactsRepository.kindOf(db, offer.userId, reporterId),
    ]);
    if (fromReporter === 'blocked' || fromOwner === 'blocked') throw notFound('Offer not found');
    if (offer.isTrustedOnly && fromOwner !== 'trusted') throw notFound('Offer not found');
    return { offer, isOwner: false };
  }

  return {
    reasons(): { reason: OfferReportReason; requiresMessage: boolean }[] {
      return offerReportReasons.map((reason) => ({
        reason,
        requiresMessage: offerReportReasonNeedsMessage(reason),
      }));
    },

    /** Whether the viewer has reported the offer (the modal opens in its "reported" state). */
    async state(reporterId: number, hash: string): Promise<OfferReportState> {
      const { offer } = await visibleOffer(reporterId, hash);
      return stateOf(await reportsRepository.findOf(db, reporterId, offer.id));
    },

    async report(
      reporterId: number,
      hash: string,
      body: { reason: OfferReportReason; message: string },
    ): Promise<OfferReportState> {
      const { offer, isOwner } = await visibleOffer(reporterId, hash);
      if (isOwner) throw new AppError(403, 'REPORT_OWN_OFFER', 'You cannot report your own offer.');
      if (offerReportReasonNeedsMessage(body.reason) && body.message === '') {
        throw fieldError('message', 'Tell the moderators what is wrong', 'message_required');
      }
      const at = now();
      const created = await db.transaction(async (tx) => {
        await reportsRepository.lockReporter(tx, reporterId);
        // A repeat is answered as such even at the limit: it tells the reporter more than "wait".
        if (await reportsRepository.findOf(tx, reporterId, offer.id)) return undefined;
        const recent = await reportsRepository.recentOf(tx, reporterId, new Date(at.getTime() - DAY_MS));
        if (recent.count >= config.reports.maxPerDay) {
          const freesAt = (recent.oldest?.getTime() ?? at.getTime()) + DAY_MS;
          throw new AppError(
            429,
            'RATE_LIMITED',
            `You can send at most ${config.reports.maxPerDay} reports a day. Please try again later.`,
            undefined,
            { 'retry-after': String(Math.max(1, Math.ceil((freesAt - at.getTime()) / 1000))) },
          );
        }
        return reportsRepository.insert(tx, {
          reporterId,
          offerId: offer.id,
          reason: body.reason,
          message: body.message,
          createdAt: at,
        });
      });
      // No row: reported before (or by a simultaneous request of the same user, which the unique index
      // stopped).
      if (!created) throw conflict('You have already reported this offer.', 'ALREADY_REPORTED');
      return stateOf(created);
    },

    /** An offer's reports, oldest first (moderation reads them; tests check what was stored). */
    async listOfOffer(hash: string): Promise<OfferReportRow[]> {
      const offer = await offersRepository.findByHash(db, hash);
      return offer ? reportsRepository.listOfOffer(db, offer.id) : [];
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
