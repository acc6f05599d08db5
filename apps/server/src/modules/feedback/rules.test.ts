import { describe, expect, it } from 'vitest';
import { tradeStatuses, type TradeStatus } from '@app/contract';
import { decideGive, decideReply, partnerOf } from './rules.js';

describe('feedback rules', () => {
  const completed: TradeStatus[] = ['released', 'dispute_won_buyer'];

  it.each(tradeStatuses.map((status) => [status]))(
    'should allow feedback in %s only when completed',
    (status) => {
      const refusal = decideGive({ status, alreadyGiven: false, rating: 'positive', message: '' });
      expect(refusal).toBe(completed.includes(status) ? null : 'not_completed');
    },
  );

  it('should allow one feedback per party', () => {
    expect(decideGive({ status: 'released', alreadyGiven: true, rating: 'positive', message: 'ok' })).toBe(
      'already_given',
    );
  });

  it('should need a message for a negative rating, not for a positive one', () => {
    expect(decideGive({ status: 'released', alreadyGiven: false, rating: 'negative', message: ' ' })).toBe(
      'message_required',
    );
    expect(
      decideGive({ status: 'released', alreadyGiven: false, rating: 'negative', message: 'late' }),
    ).toBeNull();
    expect(
      decideGive({ status: 'released', alreadyGiven: false, rating: 'positive', message: '' }),
    ).toBeNull();
  });

  it('should report the trade state before the input (the form cannot fix the state)', () => {
    expect(decideGive({ status: 'paid', alreadyGiven: false, rating: 'negative', message: '' })).toBe(
      'not_completed',
    );
    expect(decideGive({ status: 'released', alreadyGiven: true, rating: 'negative', message: '' })).toBe(
      'already_given',
    );
  });

  it('should allow one reply, only to received feedback', () => {
    expect(decideReply(undefined)).toBe('nothing_received');
    expect(decideReply({ reply: null })).toBeNull();
    expect(decideReply({ reply: 'Thanks' })).toBe('already_replied');
  });

  it('should name the other party', () => {
    expect(partnerOf({ buyerId: 1, sellerId: 2 }, 1)).toBe(2);
    expect(partnerOf({ buyerId: 1, sellerId: 2 }, 2)).toBe(1);
  });
});
