import { OFFER_PENALTY_ERROR } from '@app/contract';
import { AppError } from '../../platform/http/errors.js';
import type { OfferRow } from './repository.js';

/**
 * What a moderator's decision means for the owner (decision 0023):
 * - cancelled by system penalty (`penaltyUntil` set): the offer may not be switched on, by any route,
 *   until the owner resets the penalty, which they may do once `penaltyUntil` has passed;
 * - rejected (moderation status 2), appealed (4) or with its appeal turned down (3), without a penalty:
 *   the owner edits the offer (which sets it back to approved) before switching it on again, or waits for
 *   the appeal to be upheld.
 */
export function activationRefusal(
  offer: Pick<OfferRow, 'penaltyUntil' | 'moderationStatus'>,
): AppError | null {
  if (offer.penaltyUntil) {
    return new AppError(
      409,
      OFFER_PENALTY_ERROR,
      `A moderator cancelled this offer with a penalty. You can reset it from ${offer.penaltyUntil.toISOString()} and then switch it on.`,
    );
  }
  if (offer.moderationStatus === 4) {
    return new AppError(
      409,
      'OFFER_APPEAL_PENDING',
      'Your appeal against the rejection of this offer is waiting for a moderator. Edit the offer instead to fix what was reported.',
    );
  }
  if (isRejected(offer.moderationStatus)) {
    return new AppError(
      409,
      'OFFER_REJECTED_BY_MODERATOR',
      'A moderator switched this offer off. Edit it to fix what was reported, then switch it on.',
    );
  }
  return null;
}

/** Rejected (2), rejected with the appeal turned down (3: no appeal), or appealed (4). */
export const isRejected = (moderationStatus: number) => moderationStatus >= 2;

/** Why the penalty cannot be reset now, or null when it can. */
export function resetRefusal(offer: Pick<OfferRow, 'penaltyUntil'>, now: Date): AppError | null {
  if (!offer.penaltyUntil) {
    return new AppError(409, 'OFFER_HAS_NO_PENALTY', 'This offer has no penalty to reset.');
  }
  if (offer.penaltyUntil.getTime() > now.getTime()) {
    return new AppError(
      409,
      OFFER_PENALTY_ERROR,
      `The penalty lasts until ${offer.penaltyUntil.toISOString()}: reset it after that.`,
    );
  }
  return null;
}
