import { describe, expect, it } from 'vitest';
import { accountStates } from '@app/contract';
import { assertAllowed, isAllowed, isLockedOut, type AccountAction } from './account-policy.js';

const actions: AccountAction[] = [
  'login',
  'start_trade',
  'create_offer',
  'activate_offer',
  'withdraw',
  'deposit',
  'chat',
  'change_settings',
];

describe('account policy', () => {
  it('should allow everything to an active account', () => {
    for (const action of actions) expect(isAllowed('active', action)).toBe(true);
  });

  it('should lock banned, suspended and compromised accounts out of everything', () => {
    for (const state of ['banned', 'suspended', 'compromised'] as const) {
      expect(isLockedOut(state)).toBe(true);
      for (const action of actions) expect(isAllowed(state, action)).toBe(false);
    }
  });

  it.each([
    ['on_hold', ['start_trade', 'create_offer', 'activate_offer', 'withdraw']],
    ['frozen', ['start_trade', 'create_offer', 'activate_offer', 'withdraw', 'deposit']],
    ['restricted', ['start_trade', 'create_offer', 'activate_offer']],
    [
      'compliance_hold',
      ['start_trade', 'create_offer', 'activate_offer', 'withdraw', 'deposit', 'change_settings'],
    ],
  ] as const)('should forbid exactly %s: %j', (state, forbidden) => {
    expect(isLockedOut(state)).toBe(false);
    const denied = actions.filter((action) => !isAllowed(state, action));
    expect(denied.sort()).toEqual([...forbidden].sort());
  });

  it('should answer a stable error code per state', () => {
    expect(() => assertAllowed('banned', 'login')).toThrow(
      expect.objectContaining({ code: 'ACCOUNT_BANNED', status: 403 }),
    );
    expect(() => assertAllowed('suspended', 'chat')).toThrow(
      expect.objectContaining({ code: 'ACCOUNT_SUSPENDED' }),
    );
    expect(() => assertAllowed('frozen', 'withdraw')).toThrow(
      expect.objectContaining({ code: 'ACCOUNT_STATE_FORBIDS_ACTION' }),
    );
    expect(() => assertAllowed('frozen', 'login')).not.toThrow();
    expect(() => assertAllowed('compromised', 'login')).toThrow(
      expect.objectContaining({ code: 'ACCOUNT_COMPROMISED', status: 403 }),
    );
  });

  it('should cover every account state of the contract', () => {
    for (const state of accountStates) expect(() => isAllowed(state, 'login')).not.toThrow();
  });
});
