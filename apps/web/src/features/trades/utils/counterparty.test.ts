import { describe, expect, it } from 'vitest';
import type { TradeParty } from '@app/contract';
import { counterpartyOf } from './counterparty';

const party = (username: string) => ({ username }) as TradeParty;

describe('counterpartyOf', () => {
  const buyer = party('bob');
  const seller = party('sally');

  it('should show the seller to the buyer and the buyer to the seller, whoever owns the offer', () => {
    expect(counterpartyOf({ role: 'buyer', buyer, seller })).toBe(seller);
    expect(counterpartyOf({ role: 'seller', buyer, seller })).toBe(buyer);
  });

  it('should have no single counterparty for a moderator', () => {
    expect(counterpartyOf({ role: 'moderator', buyer, seller })).toBeNull();
  });
});
