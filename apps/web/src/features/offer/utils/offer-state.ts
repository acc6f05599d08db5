import {
  compareDecimals,
  formatDecimal,
  parseDecimal,
  showsNameTo,
  subtract,
  type CurrentUser,
  type OfferView,
} from '@app/contract';
import { minDecimal } from './amounts';
import { viewerSide } from './warnings';

/**
 * The rules of the offer page's state widget (spec sections 3 and 5), as pure functions of the server's
 * answer and the viewer.
 */

const cmp = (a: string, b: string) => compareDecimals(parseDecimal(a), parseDecimal(b));

export type RequirementCheck = {
  type: string;
  value?: number;
  /** Whether the viewer meets it; null when only the server can tell (VPN use is checked at start). */
  met: boolean | null;
};

type Viewer = Pick<
  CurrentUser,
  'isIdVerified' | 'displayedFullName' | 'fullNameVisibilityType' | 'completedTrades'
>;

/**
 * Whether the offer's owner, as the viewer's trade partner, will see the viewer's name (the server's
 * rule, decision 0050): a verified name in a shown form, visible to partners. Visible to trusted users
 * only: that depends on whether the viewer trusts the owner, which the server checks at the start.
 */
function showsFullName(viewer: Viewer): boolean | null {
  if (viewer.displayedFullName === null) return false;
  if (showsNameTo(viewer.fullNameVisibilityType, { trusted: false, partner: true })) return true;
  return viewer.fullNameVisibilityType === 'trusted' ? null : false;
}

const both = (a: boolean, b: boolean | null) => (a && b === null ? null : a && b === true);

/** Each of the offer's requirements (VerifyId, ShowFullName, ...) and whether the viewer meets it. */
export function checkRequirements(
  requirements: OfferView['offer']['requirements'],
  viewer: Viewer | null,
): RequirementCheck[] {
  return requirements.map((requirement) => {
    const check = (met: boolean | null): RequirementCheck => ({ ...requirement, met: viewer ? met : null });
    const v = viewer ?? {
      isIdVerified: false,
      displayedFullName: null,
      fullNameVisibilityType: 'nobody',
      completedTrades: 0,
    };
    switch (requirement.type) {
      case 'VerifyId':
        return check(v.isIdVerified);
      case 'ShowFullName':
        return check(showsFullName(v));
      case 'VerifyIAndShowFullName':
        return check(both(v.isIdVerified, showsFullName(v)));
      case 'RemainingTrades':
        return check(v.completedTrades >= (requirement.value ?? 0));
      default:
        return { ...requirement, met: null };
    }
  });
}

/**
 * The most the viewer may trade, in fiat: the offer's maximum, lowered by the new-buyer limit (a new
 * buyer buying from a sell offer) and by what is left of the offer cap.
 */
export function effectiveMax(view: OfferView): { max: string; reason: 'offer' | 'newBuyer' | 'cap' } {
  const { offer } = view;
  const newBuyer = view.isNewBuyer && viewerSide(view) === 'buy' ? offer.newBuyerMaxFiatLimit : null;
  const cap = view.offerCap?.remainingValue ?? null;
  const max = minDecimal(offer.fiatLimitMax, newBuyer, cap);
  if (cap !== null && cmp(max, cap) === 0 && cmp(cap, offer.fiatLimitMax) < 0) return { max, reason: 'cap' };
  if (newBuyer !== null && cmp(max, newBuyer) === 0 && cmp(newBuyer, offer.fiatLimitMax) < 0) {
    return { max, reason: 'newBuyer' };
  }
  return { max, reason: 'offer' };
}

/** The offer cap's used part (initial minus remaining), shown with the rate when the cap stops a trade. */
export function usedCap(cap: NonNullable<OfferView['offerCap']>): string {
  return formatDecimal(subtract(parseDecimal(cap.initialValue), parseDecimal(cap.remainingValue)));
}

/** Why a trade cannot start from this page right now (the first reason wins), or null. */
export type TradeBlock = 'owner' | 'unavailable' | 'country' | 'capReached' | 'noPrice' | 'requirements';

export function tradeBlock(view: OfferView, requirements: readonly RequirementCheck[]): TradeBlock | null {
  if (view.isOwner) return 'owner';
  if (!view.isAvailableForCountry) return 'country';
  // Spec section 5: blocked when the cap is reached or what is left is below the minimum.
  if (view.offer.isReachedCap || view.offer.isCapLessThanMin) return 'capReached';
  if (!view.isAvailable) return 'unavailable';
  if (view.offer.fiatPricePerCrypto === null) return 'noPrice';
  if (requirements.some((r) => r.met === false)) return 'requirements';
  return null;
}

/**
 * The discounted escrow fee to show (spec section 5): only on sell offers, and only when it is below the
 * offer's fee. Without the offer's fee there is nothing to compare with, so nothing is shown.
 */
export function discountedFeeToShow(
  view: Pick<OfferView, 'discountedEscrowFee'> & { offer: Pick<OfferView['offer'], 'isSell'> },
  offerFeePercent: string | null,
): string | null {
  const discounted = view.discountedEscrowFee;
  if (!view.offer.isSell || discounted === null || offerFeePercent === null) return null;
  return cmp(discounted, offerFeePercent) < 0 ? discounted : null;
}
