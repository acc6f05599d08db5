import { isStaffRole, type CurrentUser } from '@app/contract';
import { Avatar, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { offerEditorPath } from '@/features/offer-manager';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useBalanceHidden } from '@/shared/hooks/use-balance-hidden';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { IconChevronDown, IconEye, IconEyeOff, IconLogout } from '@/shared/ui/icons';
import classes from './app-layout.module.css';
import { useLogoutSubmit } from './use-logout-submit';

/**
 * The logged-in user's menu in the navbar: who is signed in, the account pages (verification with the
 * KYC level), hide balances, log out.
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { hidden, toggle } = useBalanceHidden();
  const { logout } = useLogoutSubmit();
  const myOffersPath = useNamedRoute('myOffers');
  const createOfferPath = useLocalizePath()(offerEditorPath());
  const favoritesPath = useNamedRoute('favorites');
  const contactsPath = useNamedRoute('contacts');
  const tradeHistoryPath = useNamedRoute('tradeHistory');
  const consolePath = useLocalizePath()('/admin');
  const securityPath = useNamedRoute('userSecurity');
  const settingsPath = useNamedRoute('userSettings');
  const paymentAccountsPath = useNamedRoute('paymentAccounts');
  const apiKeysPath = useNamedRoute('apiKeys');
  const webhooksPath = useNamedRoute('webhooks');
  const verificationPath = useNamedRoute('verification');
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.userButton}
          aria-label={t('nav.userMenu', { username: user.username })}
        >
          <Group gap={8} wrap="nowrap">
            {/* No initials: letters in the button that its name does not contain break voice control
                ("click alice" must find it, WCAG 2.5.3); the placeholder is an icon. */}
            <Avatar src={user.avatarUrl} alt="" radius="xl" size={30} color="brand" />
            <Text size="sm" fw={600} truncate="end" data-testid="navbar-username">
              {user.username}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('nav.signedInAs')}</Menu.Label>
        <Text px="sm" pb="xs" size="sm" fw={600} truncate="end">
          {user.email}
        </Text>
        <Menu.Divider />
        <Menu.Item component={Link} to={myOffersPath}>
          {t('nav.myOffers')}
        </Menu.Item>
        <Menu.Item component={Link} to={createOfferPath}>
          {t('nav.createOffer')}
        </Menu.Item>
        <Menu.Item component={Link} to={favoritesPath}>
          {t('nav.favorites')}
        </Menu.Item>
        <Menu.Item component={Link} to={contactsPath}>
          {t('nav.contacts')}
        </Menu.Item>
        <Menu.Item component={Link} to={tradeHistoryPath}>
          {t('nav.tradeHistory')}
        </Menu.Item>
        <Menu.Item component={Link} to={settingsPath}>
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Item component={Link} to={paymentAccountsPath}>
          {t('nav.paymentAccounts')}
        </Menu.Item>
        <Menu.Item component={Link} to={apiKeysPath}>
          {t('nav.apiKeys')}
        </Menu.Item>
        <Menu.Item component={Link} to={webhooksPath}>
          {t('nav.webhooks')}
        </Menu.Item>
        <Menu.Item component={Link} to={securityPath}>
          {t('nav.security')}
        </Menu.Item>
        {/* The KYC level rides along: where I stand, one click from raising it. */}
        <Menu.Item
          component={Link}
          to={verificationPath}
          rightSection={
            <Badge size="sm" variant="light" data-testid="navbar-kyc-level">
              {t('nav.kycLevel', { level: user.kycLevelCheck.levelId })}
            </Badge>
          }
        >
          {t('nav.verification')}
        </Menu.Item>
        {isStaffRole(user.role) ? (
          <Menu.Item component={Link} to={consolePath} data-testid="staff-console-link">
            {t('nav.staffConsole')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item
          leftSection={hidden ? <IconEye size={16} /> : <IconEyeOff size={16} />}
          onClick={toggle}
          closeMenuOnClick={false}
        >
          {hidden ? t('nav.showBalances') : t('nav.hideBalances')}
        </Menu.Item>
        <Menu.Divider />
        {/* Mantine colours a menu item with shade 6 (3.3:1 on white); the red text token passes. */}
        <Menu.Item
          color="var(--mantine-color-red-text)"
          leftSection={<IconLogout size={16} />}
          onClick={logout}
        >
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
