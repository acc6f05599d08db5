import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageLoader } from '@/shared/ui/page-loader';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import classes from './app-layout.module.css';
import { AccountNoticeBanner } from './account-notice-banner';
import { MaintenanceBanner } from './maintenance-banner';
import { KycBanners } from '@/features/verification';
import { VerifyEmailBanner } from '@/features/verification/components/verify-email-banner';

/** Header, the current page (loaded on demand), footer. */
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        {t('nav.skipToContent')}
      </a>
      <AppHeader />
      <MaintenanceBanner />
      <AccountNoticeBanner />
      <VerifyEmailBanner />
      <KycBanners />
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
