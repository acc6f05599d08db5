import { compareDecimals, parseDecimal, type bondStatusSchema } from '@app/contract';
import type { z } from 'zod';

type BondStatus = z.infer<typeof bondStatusSchema>;

/**
 * What the security deposit (bond) means for the offer being edited, from the same data the server
 * judges it by (`isBondInsufficient`): the method's group is one of BOND_PAYMENT_GROUPS, the coin is not
 * exempt and has a bond amount, and the owner's deposited bond is below it. A short bond does not refuse
 * the offer: the server stores it switched off.
 */
export type OfferBondState =
  /** No bond applies: no method yet, a group without bond, an exempt coin or a zero amount. */
  | { kind: 'none' }
  /** The wallet's bond status is loading or failed: nothing can be said yet. */
  | { kind: 'unknown' }
  | { kind: 'covered'; code: string; required: string; deposited: string }
  | { kind: 'missing'; code: string; required: string; deposited: string; missing: string };

export function offerBondState(
  status: BondStatus | undefined,
  offer: { crypto: string; groupSlug: string | null; bondExempt: boolean },
): OfferBondState {
  if (!offer.groupSlug || offer.bondExempt) return { kind: 'none' };
  if (!status) return { kind: 'unknown' };
  if (!status.paymentGroups.includes(offer.groupSlug)) return { kind: 'none' };
  const coin = status.coins.find((entry) => entry.currencyCode === offer.crypto);
  if (!coin || parseDecimal(coin.requiredAmount).units <= 0n) return { kind: 'none' };
  const { requiredAmount: required, depositedAmount: deposited } = coin;
  return compareDecimals(parseDecimal(deposited), parseDecimal(required)) < 0
    ? { kind: 'missing', code: coin.currencyCode, required, deposited, missing: coin.missingAmount }
    : { kind: 'covered', code: coin.currencyCode, required, deposited };
}

/** Whether the offer will be active once saved: switched on by its owner, and its bond (if any) complete. */
export const willBeActive = (isActive: boolean, bond: OfferBondState): boolean =>
  isActive && bond.kind !== 'missing';
