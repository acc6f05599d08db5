// Plain values without zod: the web's banners read the same table the server enforces.

/**
 * Account states (spec: banned, suspended, on hold, frozen, restricted, compromised, compliance hold).
 * `active` is the normal state. The schema is in users.ts.
 */
export const accountStates = [
  'active',
  'banned',
  'suspended',
  'on_hold',
  'frozen',
  'restricted',
  'compromised',
  'compliance_hold',
] as const;
export type AccountState = (typeof accountStates)[number];

/** What a user may try to do; each guard on the server and each account banner on the web asks this table. */
export const accountActions = [
  'login',
  'start_trade',
  'create_offer',
  'activate_offer',
  'withdraw',
  'deposit',
  'chat',
  'change_settings',
] as const;
export type AccountAction = (typeof accountActions)[number];

/**
 * The one rule for account states (decisions 0002 and 0019), enforced by the server
 * (`apps/server/src/platform/auth/account-policy.ts`) and explained by the web's account banners:
 * - banned: nothing, not even login; every session is revoked.
 * - suspended: temporarily locked out: nothing, not even login.
 * - on_hold: compliance review: may log in, read, chat and deposit; no new trades, offers or withdrawals.
 * - frozen: funds frozen: may log in and chat; no trades, offers, withdrawals or deposits.
 * - restricted: may log in, finish running trades and withdraw; no new trades or offers.
 * - compromised: taken over, or feared so: nothing, not even login, until staff restore it after the
 *   owner proved who they are (sessions revoked, so a thief's session ends too).
 * - compliance_hold: under compliance (AML) review: may log in, read and chat (to finish running
 *   trades); no new trades or offers, no deposits or withdrawals, no changes to the account's details.
 */
const FORBIDDEN: Record<AccountState, readonly AccountAction[]> = {
  active: [],
  banned: accountActions,
  suspended: accountActions,
  on_hold: ['start_trade', 'create_offer', 'activate_offer', 'withdraw'],
  frozen: ['start_trade', 'create_offer', 'activate_offer', 'withdraw', 'deposit'],
  restricted: ['start_trade', 'create_offer', 'activate_offer'],
  compromised: accountActions,
  compliance_hold: [
    'start_trade',
    'create_offer',
    'activate_offer',
    'withdraw',
    'deposit',
    'change_settings',
  ],
};

export const isAllowed = (state: AccountState, action: AccountAction): boolean =>
  !FORBIDDEN[state].includes(action);

/** What the state forbids, in the order of `accountActions`. */
export const forbiddenActionsOf = (state: AccountState): AccountAction[] =>
  accountActions.filter((action) => !isAllowed(state, action));

/** States whose holder has no business holding a session at all. */
export const isLockedOut = (state: AccountState): boolean => !isAllowed(state, 'login');
