import { describe, expect, it } from 'vitest';
import { appealClosesAt, appealStatus, loserOf, reversalPlan, type AppealFacts } from './appeals.js';

const decidedAt = new Date('2026-03-01T12:00:00Z');
const facts = (overrides: Partial<AppealFacts> = {}): AppealFacts => ({
  enabled: true,
  viewer: 'seller',
  resolution: 'buyer',
  resolvedAt: decidedAt,
  appealed: false,
  windowHours: 72,
  now: new Date('2026-03-02T12:00:00Z'),
  ...overrides,
});

describe('appeal rules', () => {
  it('should let only the losing party appeal, inside the window, with the flag on', () => {
    expect(appealStatus(facts())).toBe('available');
    expect(appealStatus(facts({ viewer: 'buyer' }))).toBe('not_available');
    expect(appealStatus(facts({ viewer: 'moderator' }))).toBe('not_available');
    expect(appealStatus(facts({ resolution: 'seller', viewer: 'buyer' }))).toBe('available');
    expect(appealStatus(facts({ enabled: false }))).toBe('not_available');
  });

  it('should have nothing to appeal before an award or when the seller released', () => {
    expect(appealStatus(facts({ resolution: null, resolvedAt: null }))).toBe('not_available');
    expect(appealStatus(facts({ resolution: 'released_by_seller' }))).toBe('not_available');
    expect(loserOf('released_by_seller')).toBeNull();
  });

  it('should expire exactly after the window and say appealed once an appeal exists', () => {
    const closes = appealClosesAt(decidedAt, 72)!;
    expect(appealStatus(facts({ now: closes }))).toBe('available');
    expect(appealStatus(facts({ now: new Date(closes.getTime() + 1) }))).toBe('expired');
    expect(appealStatus(facts({ appealed: true, now: new Date(closes.getTime() + 1) }))).toBe('appealed');
    expect(appealStatus(facts({ appealed: true, enabled: false }))).toBe('appealed');
  });

  it('should reverse what the award moved, never below zero, and name the shortfall', () => {
    // The buyer won 1000 (fee 10): they pay back what they have, the platform returns its fee.
    expect(
      reversalPlan({ firstWinner: 'buyer', available: 5_000n, buyerReceives: 1_000n, fee: 10n }),
    ).toEqual({
      toAppellant: 1_000n,
      fee: -10n,
      shortfall: 0n,
    });
    expect(reversalPlan({ firstWinner: 'buyer', available: 400n, buyerReceives: 1_000n, fee: 10n })).toEqual({
      toAppellant: 400n,
      fee: -10n,
      shortfall: 600n,
    });
    // The seller won the escrow back: the buyer is paid first, then the platform fee.
    expect(
      reversalPlan({ firstWinner: 'seller', available: 5_000n, buyerReceives: 1_000n, fee: 10n }),
    ).toEqual({
      toAppellant: 1_000n,
      fee: 10n,
      shortfall: 0n,
    });
    expect(
      reversalPlan({ firstWinner: 'seller', available: 1_004n, buyerReceives: 1_000n, fee: 10n }),
    ).toEqual({
      toAppellant: 1_000n,
      fee: 4n,
      shortfall: 6n,
    });
    expect(reversalPlan({ firstWinner: 'seller', available: 0n, buyerReceives: 1_000n, fee: 10n })).toEqual({
      toAppellant: 0n,
      fee: 0n,
      shortfall: 1_010n,
    });
  });

  it("should close the window at the award hold's date when it has one (decision 0048)", () => {
    const fixed = new Date('2026-03-02T00:00:00Z');
    expect(appealClosesAt(decidedAt, 72, fixed)).toEqual(fixed);
    expect(appealStatus(facts({ closesAt: fixed, now: fixed }))).toBe('available');
    expect(appealStatus(facts({ closesAt: fixed, now: new Date(fixed.getTime() + 1) }))).toBe('expired');
    // Without a hold (an award made before holds existed) the window counts from the decision.
    expect(appealClosesAt(decidedAt, 72, null)).toEqual(new Date('2026-03-04T12:00:00Z'));
    expect(appealClosesAt(null, 72, fixed)).toBeNull();
  });

  it('should reverse a held award in full: the hold is exactly what the award moved', () => {
    // Buyer won: the hold is what the buyer received; seller won: the whole escrow (amount + fee).
    expect(
      reversalPlan({ firstWinner: 'buyer', available: 1_000n, buyerReceives: 1_000n, fee: 10n }),
    ).toEqual({
      toAppellant: 1_000n,
      fee: -10n,
      shortfall: 0n,
    });
    expect(
      reversalPlan({ firstWinner: 'seller', available: 1_010n, buyerReceives: 1_000n, fee: 10n }),
    ).toEqual({
      toAppellant: 1_000n,
      fee: 10n,
      shortfall: 0n,
    });
  });
});
