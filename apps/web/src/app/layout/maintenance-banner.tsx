import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppState } from '@/shared/app-state/app-state-context';
import { useLocale } from '@/shared/i18n/locale-context';
import { PageBanner } from '@/shared/ui/page-banner';

/** The operator's maintenance notice from the initial state (`app.maintenance`), above every page. */
export function MaintenanceBanner() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { app } = useAppState();
  const { enabled, message, endsAt } = app.maintenance;
  if (!enabled) return null;
  const end = endsAt ? new Date(endsAt) : null;
  const until =
    end && !Number.isNaN(end.getTime())
      ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(end)
      : null;
  return (
    <PageBanner color="yellow" testId="maintenance-banner">
      <Text size="sm" fw={600}>
        {t('maintenance.title')}
      </Text>
      <Text size="sm">{message ?? t('maintenance.defaultMessage')}</Text>
      {until ? (
        <Text size="sm" c="dimmed">
          {t('maintenance.until', { time: until })}
        </Text>
      ) : null}
    </PageBanner>
  );
}
