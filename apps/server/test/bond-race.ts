import { expect } from 'vitest';
import { sellOfferBody, type TestClient } from './helpers.js';

/**
 * Issue 10, item 8: activating offers that need the bond and retrieving the bond, sent together. The
 * invariant is "no active offer that needs the bond while the bond falls short", whichever requests win.
 */
export const BOND_RACE_ENV = { BOND_AMOUNTS: 'BTC:0.01' };

/** An offer paid with PayPal (an online transfer): it needs the BTC bond to be active. */
export const bondedOfferBody = (extra: Record<string, unknown> = {}) =>
  sellOfferBody({
    payment_method: 'paypal',
    offer_terms: 'Pay from your own account.',
    trade_details: 'PayPal: owner@example.com',
    ...extra,
  });

export async function createBondedOffer(owner: TestClient, isActive: boolean): Promise<string> {
  const response = await owner.post('/rest/v1/my-offers', bondedOfferBody({ is_active: isActive }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.idHashed as string;
}

/** The owner's BTC bond is complete again and the offers are off: the start of a round. */
export async function resetRound(owner: TestClient, hashes: string[]) {
  for (const hash of hashes) {
    const off = await owner.put(`/rest/v1/my-offers/${hash}/status`, { new_status: false });
    expect(off.statusCode, off.body).toBe(200);
  }
  const bond = await bondOf(owner);
  if (bond.depositedAmount !== bond.requiredAmount) {
    const deposit = await owner.post('/wallet/deposit-bond', { crypto_currency_code: 'BTC' });
    expect(deposit.statusCode, deposit.body).toBe(200);
  }
}

async function bondOf(owner: TestClient) {
  const response = await owner.get('/rest/v2/wallet/bond');
  expect(response.statusCode).toBe(200);
  return (
    response.json().data.coins as { currencyCode: string; depositedAmount: string; requiredAmount: string }[]
  ).find((c) => c.currencyCode === 'BTC')!;
}

/** Asserts the invariant; answers how many bonded offers are active and whether the bond is complete. */
export async function expectNoActiveOfferWithoutBond(owner: TestClient) {
  const list = (await owner.get('/rest/v1/my-offers/list')).json().data as {
    offers: { idHashed: string; isActive: boolean; depositInfo: { isBondInsufficient: boolean } }[];
  };
  const bond = await bondOf(owner);
  const complete = bond.depositedAmount === bond.requiredAmount;
  const active = list.offers.filter((o) => o.isActive);
  const uncovered = active.filter((o) => o.depositInfo.isBondInsufficient);
  expect(uncovered, `active without bond (deposited ${bond.depositedAmount})`).toEqual([]);
  if (active.length > 0) expect(complete).toBe(true);
  return { active: active.length, bondComplete: complete };
}

type Answer = { statusCode: number; json(): { errors?: { code: string }[] } };

/** Every answer is a success or the refusal its rule names: never a 500, never a stray code. */
export function expectCleanAnswers(answers: Answer[], allowed: string[]) {
  for (const answer of answers) {
    if (answer.statusCode === 200 || answer.statusCode === 201) continue;
    expect(answer.statusCode).toBe(409);
    expect(allowed).toContain(answer.json().errors?.[0]?.code);
  }
}
