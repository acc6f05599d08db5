import { describe, expect, it } from 'vitest';
import {
  isActiveTradeStatus,
  isCancelledTradeStatus,
  isCompletedTradeStatus,
  TRADE_TRANSITIONS,
  tradeActions,
  tradeActionsFor,
  tradeActors,
  tradeStatuses,
  tradeTransition,
  type TradeAction,
  type TradeActor,
  type TradeEffect,
  type TradeGuard,
  type TradeStatus,
} from '@app/contract';

/**
 * The lifecycle written out a second time, by hand, as the list of allowed cells. Every one of the
 * 16 x 7 x 4 (status, action, actor) cells is checked against it: allowed cells give exactly this next
 * status, effect and guard; every other cell is refused, as wrong_actor when someone else may do it in
 * that status and wrong_status when nobody may.
 */
const ALLOWED: [TradeStatus, TradeAction, TradeActor, TradeStatus, TradeEffect, TradeGuard?][] = [
  ['active_funded', 'mark_paid', 'buyer', 'paid', 'none', 'requirements_met'],
  ['active_funded', 'release', 'seller', 'released', 'release_escrow'],
  ['active_funded', 'cancel', 'buyer', 'cancelled_buyer', 'refund_escrow'],
  ['active_funded', 'cancel', 'seller', 'cancelled_seller', 'refund_escrow', 'buyer_unresponsive'],
  ['active_funded', 'expire', 'system', 'cancelled_system', 'refund_escrow'],
  ['paid', 'release', 'seller', 'released', 'release_escrow'],
  ['paid', 'cancel', 'buyer', 'cancelled_buyer', 'refund_escrow'],
  ['paid', 'open_dispute', 'buyer', 'dispute_open', 'none', 'dispute_available'],
  ['paid', 'open_dispute', 'seller', 'dispute_open', 'none', 'dispute_available'],
  ['dispute_open', 'release', 'seller', 'released', 'release_escrow'],
  ['dispute_open', 'award_buyer', 'moderator', 'dispute_won_buyer', 'release_escrow'],
  ['dispute_open', 'award_seller', 'moderator', 'dispute_won_seller', 'refund_escrow'],
];

const key = (s: string, a: string, r: string) => `${s}|${a}|${r}`;
const allowed = new Map(
  ALLOWED.map(([s, a, r, next, effect, guard]) => [key(s, a, r), { next, effect, guard }]),
);

const cells = tradeStatuses.flatMap((status) =>
  tradeActions.flatMap((action) => tradeActors.map((actor) => [status, action, actor] as const)),
);

describe('trade state machine', () => {
  it('should have 448 cells to check', () => {
    expect(cells).toHaveLength(tradeStatuses.length * tradeActions.length * tradeActors.length);
    expect(cells).toHaveLength(448);
  });

  it.each(cells)('%s + %s by %s', (status, action, actor) => {
    const result = tradeTransition(status, action, actor);
    const expected = allowed.get(key(status, action, actor));
    if (expected) {
      expect(result).toEqual({
        ok: true,
        next: expected.next,
        effect: expected.effect,
        ...(expected.guard ? { guard: expected.guard } : {}),
      });
      return;
    }
    const someoneMay = tradeActors.some((other) => allowed.has(key(status, action, other)));
    expect(result).toEqual({ ok: false, reason: someoneMay ? 'wrong_actor' : 'wrong_status' });
  });

  it('should hold no cell beyond the hand-written list', () => {
    let count = 0;
    for (const byAction of Object.values(TRADE_TRANSITIONS)) {
      for (const byActor of Object.values(byAction ?? {})) count += Object.keys(byActor ?? {}).length;
    }
    expect(count).toBe(ALLOWED.length);
  });

  it('should move money exactly when the escrow leaves the active statuses', () => {
    for (const [from, , , next, effect] of ALLOWED) {
      expect(isActiveTradeStatus(from)).toBe(true);
      if (isActiveTradeStatus(next)) expect(effect).toBe('none');
      else if (isCompletedTradeStatus(next)) expect(effect).toBe('release_escrow');
      else {
        expect(isCancelledTradeStatus(next)).toBe(true);
        expect(effect).toBe('refund_escrow');
      }
    }
  });

  it('should have no way out of a final status', () => {
    for (const status of tradeStatuses.filter((s) => !isActiveTradeStatus(s))) {
      for (const actor of tradeActors) expect(tradeActionsFor(status, actor)).toEqual([]);
    }
  });

  it('should freeze a disputed escrow: no expiry, no buyer cancel, only seller release or a moderator', () => {
    expect(tradeActionsFor('dispute_open', 'buyer')).toEqual([]);
    expect(tradeActionsFor('dispute_open', 'system')).toEqual([]);
    expect(tradeActionsFor('dispute_open', 'seller')).toEqual(['release']);
    expect(tradeActionsFor('dispute_open', 'moderator')).toEqual(['award_buyer', 'award_seller']);
  });

  it('should never expire a paid trade', () => {
    expect(tradeTransition('paid', 'expire', 'system')).toEqual({ ok: false, reason: 'wrong_status' });
  });
});
