import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@/shared/ui/icons';
import { AccountStateText } from './account-state-text';

/** The answers a login gets for an account that may not log in, and the state each stands for. */
const LOCKED_CODES = {
  ACCOUNT_BANNED: 'banned',
  ACCOUNT_SUSPENDED: 'suspended',
  ACCOUNT_COMPROMISED: 'compromised',
} as const;
export type LockedState = (typeof LOCKED_CODES)[keyof typeof LOCKED_CODES];

export const lockedStateOf = (code: string): LockedState | null =>
  Object.hasOwn(LOCKED_CODES, code) ? LOCKED_CODES[code as keyof typeof LOCKED_CODES] : null;

/**
 * The spec's `bannedBanner`, where a banned (suspended, compromised) trader meets it: such an account
 * holds no session (decision 0002), so the login form shows it when the password was right.
 */
export function LockedAccountNotice({ state }: { state: LockedState }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="banned-banner">
      <AccountStateText state={state} />
    </Alert>
  );
}
