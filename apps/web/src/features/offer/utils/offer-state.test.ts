import { describe, expect, it } from 'vitest';
import { buildCurrentUser } from '@/testing/factories';
import { buildOfferView } from '../testing/offer-fixtures';
import { checkRequirements, discountedFeeToShow, effectiveMax, tradeBlock, usedCap } from './offer-state';

describe('checkRequirements', () => {
  const requirements = [
    { type: 'VerifyId' },
    { type: 'ShowFullName' },
    { type: 'RemainingTrades', value: 3 },
    { type: 'Vpn' },
  ];

  it('should tell which requirements the viewer meets, and leave VPN to the server', () => {
    const viewer = buildCurrentUser({ isIdVerified: true, completedTrades: 2 });
    expect(checkRequirements(requirements, viewer).map((r) => r.met)).toEqual([true, false, false, null]);
    const veteran = buildCurrentUser({
      completedTrades: 3,
      userFullName: 'Ada Lovelace',
      displayedFullName: 'Ada L.',
      fullNameVisibilityType: 'everyone',
    });
    expect(checkRequirements(requirements, veteran).map((r) => r.met)).toEqual([false, true, true, null]);
  });

  it('should count a name as shown only when the offer owner, as a trade partner, will see it', () => {
    const shown = (overrides: Parameters<typeof buildCurrentUser>[0]) =>
      checkRequirements([{ type: 'ShowFullName' }], buildCurrentUser(overrides))[0]?.met;
    const named = { userFullName: 'Ada Lovelace', displayedFullName: 'Ada L.' };
    expect(shown({ ...named, fullNameVisibilityType: 'trusted_and_partners' })).toBe(true);
    expect(shown({ ...named, fullNameVisibilityType: 'nobody' })).toBe(false);
    // Only users the viewer trusts: the server knows whether that includes this owner.
    expect(shown({ ...named, fullNameVisibilityType: 'trusted' })).toBeNull();
    // Visible to everyone, but nothing verified to show (or the "hide name" form).
    expect(shown({ displayedFullName: null, fullNameVisibilityType: 'everyone' })).toBe(false);
    const both = checkRequirements(
      [{ type: 'VerifyIAndShowFullName' }],
      buildCurrentUser({ ...named, isIdVerified: true, fullNameVisibilityType: 'trusted' }),
    );
    expect(both[0]?.met).toBeNull();
  });
});

describe('effectiveMax', () => {
  it('should lower the maximum by the new-buyer limit only for a buyer', () => {
    const offer = { ...buildOfferView().offer, newBuyerMaxFiatLimit: '100.00' };
    expect(effectiveMax(buildOfferView({ offer, isNewBuyer: true }))).toEqual({
      max: '100.00',
      reason: 'newBuyer',
    });
    expect(effectiveMax(buildOfferView({ offer, isNewBuyer: false }))).toEqual({
      max: '171.00',
      reason: 'offer',
    });
    expect(
      effectiveMax(buildOfferView({ offer: { ...offer, type: 'buy', isSell: false }, isNewBuyer: true })),
    ).toEqual({
      max: '171.00',
      reason: 'offer',
    });
  });

  it('should lower the maximum to what is left of the cap', () => {
    const view = buildOfferView({
      offerCap: { initialValue: '500.00', remainingValue: '120.00', rate: null },
    });
    expect(effectiveMax(view)).toEqual({ max: '120.00', reason: 'cap' });
  });
});

describe('tradeBlock', () => {
  it('should block in the order owner, country, cap, availability, price, requirements', () => {
    const ok = buildOfferView();
    expect(tradeBlock(ok, [])).toBeNull();
    expect(tradeBlock({ ...ok, isOwner: true, isAvailableForCountry: false }, [])).toBe('owner');
    expect(tradeBlock({ ...ok, isAvailableForCountry: false }, [])).toBe('country');
    expect(
      tradeBlock({ ...ok, offer: { ...ok.offer, isCapLessThanMin: true }, isAvailable: false }, []),
    ).toBe('capReached');
    expect(tradeBlock({ ...ok, isAvailable: false }, [])).toBe('unavailable');
    expect(tradeBlock({ ...ok, offer: { ...ok.offer, fiatPricePerCrypto: null } }, [])).toBe('noPrice');
    expect(tradeBlock(ok, [{ type: 'VerifyId', met: false }])).toBe('requirements');
    expect(tradeBlock(ok, [{ type: 'Vpn', met: null }])).toBeNull();
  });
});

describe('usedCap and the discounted fee', () => {
  it('should compute the used cap exactly', () => {
    expect(usedCap({ initialValue: '500.00', remainingValue: '120.55', rate: null })).toBe('379.45');
  });

  it('should show a discounted fee only on sell offers and only below the offer fee', () => {
    const sell = { offer: { isSell: true }, discountedEscrowFee: '0.5' };
    expect(discountedFeeToShow(sell, '1')).toBe('0.5');
    expect(discountedFeeToShow(sell, '0.5')).toBeNull();
    expect(discountedFeeToShow({ ...sell, offer: { isSell: false } }, '1')).toBeNull();
    expect(discountedFeeToShow(sell, null)).toBeNull();
    expect(discountedFeeToShow({ ...sell, discountedEscrowFee: null }, '1')).toBeNull();
  });
});
