import { Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppState, useNamedRoute } from '@/shared/app-state/app-state-context';
import { lazyPage, whenIdle } from '@/shared/lib/load-chunk';
import { useCurrentUser } from '@/shared/session/current-user';
import { ColorSchemeToggle } from '@/shared/ui/color-scheme-toggle';
import { Logo } from '@/shared/ui/logo';
import classes from './app-layout.module.css';

const MOBILE_NAV_ID = 'mobile-nav';

// What the first paint can do without loads after it instead of in the main bundle: the menus (and
// their popover machinery), the user menu (members only) and the mobile drawer (closed at first).
const UserMenu = lazyPage(() => import('./user-menu'), 'UserMenu', { featureTexts: false });
const LanguageMenu = lazyPage(
  () => whenIdle().then(() => import('@/shared/i18n/language-menu')),
  'LanguageMenu',
  { featureTexts: false },
);
const MobileNav = lazyPage(() => whenIdle().then(() => import('./mobile-nav')), 'MobileNav', {
  featureTexts: false,
});

/**
 * The navbar. From 768 px: logo, language, theme, and "Log in / Sign up" or the user menu. Below: logo,
 * theme and a menu button opening a drawer. Links only go to pages that exist; Marketplace, Calculator,
 * Wallet and Settings join as their features land.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const { app } = useAppState();
  const { data: user } = useCurrentUser();
  const home = useNamedRoute('home.main');
  const calculatorPath = useNamedRoute('calculator');
  const marketplacePath = useNamedRoute('marketplace');
  const loginPath = useNamedRoute('login');
  const registerPath = useNamedRoute('register');
  const walletPath = useNamedRoute('walletIndex');
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // A link followed inside the drawer closes it.
  useEffect(() => close(), [pathname, close]);

  return (
    <header className={classes.header}>
      <Container size="lg" h="100%" px={{ base: 'md', sm: 'lg' }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Link to={home} className={classes.homeLink} aria-label={t('nav.homeLink', { name: app.name })}>
            <Logo name={app.name} />
          </Link>

          <Group gap="xs" wrap="nowrap" visibleFrom="md" data-testid="navbar-desktop">
            <Button component={Link} to={marketplacePath} variant="subtle">
              {t('nav.marketplace')}
            </Button>
            <Button component={Link} to={calculatorPath} variant="subtle">
              {t('nav.calculator')}
            </Button>
            <Suspense fallback={<span className={classes.languageMenuPlaceholder} />}>
              <LanguageMenu />
            </Suspense>
            <ColorSchemeToggle />
            {user ? (
              <>
                <Button component={Link} to={walletPath} variant="subtle">
                  {t('nav.wallet')}
                </Button>
                <Suspense fallback={<span className={classes.userButtonPlaceholder} />}>
                  <UserMenu user={user} />
                </Suspense>
              </>
            ) : (
              <>
                <Button component={Link} to={loginPath} variant="default">
                  {t('nav.login')}
                </Button>
                <Button component={Link} to={registerPath}>
                  {t('nav.register')}
                </Button>
              </>
            )}
          </Group>

          <Group gap="xs" wrap="nowrap" hiddenFrom="md" data-testid="navbar-mobile">
            <ColorSchemeToggle />
            <Burger
              opened={opened}
              onClick={toggle}
              size="sm"
              aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
              aria-expanded={opened}
              aria-controls={MOBILE_NAV_ID}
            />
          </Group>
        </Group>
      </Container>
      <Suspense fallback={null}>
        <MobileNav id={MOBILE_NAV_ID} opened={opened} onClose={close} user={user ?? null} />
      </Suspense>
    </header>
  );
}
