import type { CurrentUser } from '@app/contract';
import { Badge, Button, Divider, Drawer, Group, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useBalanceHidden } from '@/shared/hooks/use-balance-hidden';
import { LanguageLinks } from '@/shared/i18n/language-switcher';
import { IconLogout } from '@/shared/ui/icons';
import { useLogoutSubmit } from './use-logout-submit';

type MobileNavProps = { id: string; opened: boolean; onClose: () => void; user: CurrentUser | null };

/** The navbar's content below 768 px: a drawer with the same entries as the desktop bar. */
export function MobileNav({ id, opened, onClose, user }: MobileNavProps) {
  const { t } = useTranslation();
  const loginPath = useNamedRoute('login');
  const registerPath = useNamedRoute('register');
  const calculatorPath = useNamedRoute('calculator');
  const marketplacePath = useNamedRoute('marketplace');
  const walletPath = useNamedRoute('walletIndex');
  const myOffersPath = useNamedRoute('myOffers');
  const tradeHistoryPath = useNamedRoute('tradeHistory');
  const verificationPath = useNamedRoute('verification');
  const { hidden, setHidden } = useBalanceHidden();
  const { logout, pending } = useLogoutSubmit();
  return (
    <Drawer
      id={id}
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(100%, 360px)"
      title={t('nav.menu')}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <Stack gap="lg">
        {user ? (
          <>
            <div>
              <Text size="xs" c="dimmed">
                {t('nav.signedInAs')}
              </Text>
              <Text fw={700}>{user.username}</Text>
              <Text size="sm" c="dimmed">
                {user.email}
              </Text>
            </div>
            <Button component={Link} to={walletPath} onClick={onClose} variant="light" fullWidth>
              {t('nav.wallet')}
            </Button>
            <Button component={Link} to={myOffersPath} onClick={onClose} variant="light" fullWidth>
              {t('nav.myOffers')}
            </Button>
            <Button component={Link} to={tradeHistoryPath} onClick={onClose} variant="light" fullWidth>
              {t('nav.tradeHistory')}
            </Button>
            <Button component={Link} to={verificationPath} onClick={onClose} variant="light" fullWidth>
              {/* The badge inside the label, after a space: the name reads as the button shows it. */}
              {t('nav.verification')}{' '}
              <Badge size="sm" variant="white" ml={6}>
                {t('nav.kycLevel', { level: user.kycLevelCheck.levelId })}
              </Badge>
            </Button>
            <Switch
              label={t('nav.hideBalances')}
              checked={hidden}
              onChange={(event) => setHidden(event.currentTarget.checked)}
            />
            <Button
              variant="light"
              color="red"
              leftSection={<IconLogout size={16} />}
              onClick={logout}
              loading={pending}
              fullWidth
            >
              {t('nav.logout')}
            </Button>
          </>
        ) : (
          <Stack gap="sm">
            <Button component={Link} to={registerPath} onClick={onClose} fullWidth>
              {t('nav.register')}
            </Button>
            <Button component={Link} to={loginPath} onClick={onClose} variant="default" fullWidth>
              {t('nav.login')}
            </Button>
          </Stack>
        )}
        <Button component={Link} to={marketplacePath} onClick={onClose} variant="subtle" fullWidth>
          {t('nav.marketplace')}
        </Button>
        <Button component={Link} to={calculatorPath} onClick={onClose} variant="subtle" fullWidth>
          {t('nav.calculator')}
        </Button>
        <Divider />
        <Group>
          <LanguageLinks />
        </Group>
      </Stack>
    </Drawer>
  );
}
