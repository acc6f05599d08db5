import { accountActions, isAllowed, isLockedOut, type AccountAction, type AccountState } from '@app/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useLocale } from '@/shared/i18n/locale-context';

/** A state other than `active`: the ones the banners explain. */
export type RestrictedAccountState = Exclude<AccountState, 'active'>;

/** "a, b and c" in the page's language. */
function useJoin() {
  const locale = useLocale();
  const list = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
  return (items: string[]) => list.format(items);
}

/**
 * What an account state means for its holder, in words computed from the contract's account policy (the
 * table the server enforces, `packages/contract/src/account-policy.ts`): what is paused, what still
 * works, that running trades go on, and whom to ask. A locked-out state (banned, suspended,
 * compromised) has no "still" part: nothing works without a login.
 */
export function AccountStateText({ state }: { state: RestrictedAccountState }) {
  const { t } = useTranslation();
  const join = useJoin();
  const aboutPath = useNamedRoute('about');
  const words = (actions: readonly AccountAction[]) =>
    join(actions.map((action) => t(`account.state.actions.${action}`)));
  const lockedOut = isLockedOut(state);
  // Logging in is a given for whoever reads a banner inside the app: neither list names it.
  const inApp = accountActions.filter((action) => action !== 'login');
  const blocked = inApp.filter((action) => !isAllowed(state, action));
  const allowed = inApp.filter((action) => isAllowed(state, action));
  const about = <Anchor component={Link} to={aboutPath} inherit underline="always" />;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t(`account.state.title.${state}`)}
      </Text>
      <Text size="sm">{t(`account.state.meaning.${state}`)}</Text>
      {lockedOut ? null : (
        <>
          <Text size="sm" data-testid="account-state-blocked">
            {t('account.state.blocked', { list: words(blocked) })}
          </Text>
          {allowed.length > 0 ? (
            <Text size="sm" data-testid="account-state-allowed">
              {t('account.state.stillAllowed', { list: words(allowed) })}
            </Text>
          ) : null}
          {isAllowed(state, 'chat') ? <Text size="sm">{t('account.state.runningTrades')}</Text> : null}
        </>
      )}
      <Text size="sm">
        <Trans
          i18nKey={lockedOut ? 'account.state.lockedContact' : 'account.state.contact'}
          components={{ cta: about }}
        />
      </Text>
    </Stack>
  );
}
