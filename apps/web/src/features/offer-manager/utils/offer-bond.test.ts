import { describe, expect, it } from 'vitest';
import { buildBondStatus } from '../testing/offer-manager-fixtures';
import { offerBondState, willBeActive } from './offer-bond';

describe('offerBondState', () => {
  const offer = { crypto: 'BTC', groupSlug: 'online-transfers', bondExempt: false };

  it('should say what is missing for a method of a bonded group', () => {
    const state = offerBondState(buildBondStatus(), offer);
    expect(state).toEqual({
      kind: 'missing',
      code: 'BTC',
      required: '0.00200000',
      deposited: '0.00000000',
      missing: '0.00200000',
    });
    expect(willBeActive(true, state)).toBe(false);
  });

  it('should say a complete bond covers it', () => {
    const state = offerBondState(buildBondStatus('0.00200000'), offer);
    expect(state).toMatchObject({ kind: 'covered', required: '0.00200000' });
    expect(willBeActive(true, state)).toBe(true);
    expect(willBeActive(false, state)).toBe(false);
  });

  it('should need no bond for another group, an exempt coin, an unknown coin or no method', () => {
    expect(offerBondState(buildBondStatus(), { ...offer, groupSlug: 'bank-transfers' }).kind).toBe('none');
    expect(offerBondState(buildBondStatus(), { ...offer, bondExempt: true }).kind).toBe('none');
    expect(offerBondState(buildBondStatus(), { ...offer, crypto: 'XMR' }).kind).toBe('none');
    expect(offerBondState(buildBondStatus(), { ...offer, groupSlug: null }).kind).toBe('none');
  });

  it('should not guess while the bond status is unknown', () => {
    expect(offerBondState(undefined, offer)).toEqual({ kind: 'unknown' });
  });
});
