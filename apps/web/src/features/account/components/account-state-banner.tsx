import type { AccountState } from '@app/contract';
import { useCurrentUser } from '@/shared/session/current-user';
import { PageBanner } from '@/shared/ui/page-banner';
import { AccountStateText, type RestrictedAccountState } from './account-state-text';

/** The spec's mount points, by state: `frozenBanner`, `userRestrictedBanner`, `bannedBanner`. */
const TEST_IDS: Record<RestrictedAccountState, string> = {
  frozen: 'frozen-banner',
  restricted: 'user-restricted-banner',
  on_hold: 'on-hold-banner',
  compliance_hold: 'compliance-hold-banner',
  banned: 'banned-banner',
  suspended: 'banned-banner',
  compromised: 'banned-banner',
};

const isRestricted = (state: AccountState): state is RestrictedAccountState => state !== 'active';

/**
 * Above every page while staff hold the logged-in user's account in a state other than active (frozen,
 * restricted, on hold, under compliance review): what it means, what is paused, what still works and
 * whom to ask. Banned, suspended and compromised accounts hold no session (decision 0002): the login
 * form says it when they try (LockedAccountNotice).
 */
export function AccountStateBanner() {
  const state = useCurrentUser().data?.accountState;
  if (state === undefined || !isRestricted(state)) return null;
  return (
    <PageBanner
      color={state === 'restricted' || state === 'on_hold' ? 'orange' : 'red'}
      testId={TEST_IDS[state]}
    >
      <AccountStateText state={state} />
    </PageBanner>
  );
}
