import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { lazyPage } from '@/shared/lib/load-chunk';
import { useCurrentUser } from '@/shared/session/current-user';
import { PageLoader } from '@/shared/ui/page-loader';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import classes from './app-layout.module.css';
import { AccountNoticeBanner } from './account-notice-banner';
import { MaintenanceBanner } from './maintenance-banner';

// A visitor's first page does not download what only members see.
const MemberBanners = lazyPage(() => import('./member-banners'), 'MemberBanners');

/** Header, the current page (loaded on demand), footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        {t('nav.skipToContent')}
      </a>
      <AppHeader />
      <MaintenanceBanner />
      <AccountNoticeBanner />
      {user ? (
        <Suspense fallback={null}>
          <MemberBanners />
        </Suspense>
      ) : null}
      <main id="main-content" className={classes.main} tabIndex={-1}>
        <Suspense fallback={<PageLoader minHeight="50vh" />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
      <ScrollRestoration />
    </div>
  );
}
