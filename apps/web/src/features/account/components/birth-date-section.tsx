import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/locale-context';
import { ErrorState } from '@/shared/ui/error-state';
import { IconShieldCheck } from '@/shared/ui/icons';
import { useBirthDate } from '../api/birth-date';
import { BirthDateForm } from './birth-date-form';

/**
 * The date of birth on the verification page (part of KYC, decision 0054): confirmed (with the date),
 * or the form to confirm it.
 */
export function BirthDateSection() {
  const { t } = useTranslation();
  const locale = useLocale();
  const state = useBirthDate();
  if (state.isPending) return <Skeleton height={60} />;
  if (state.isError) {
    return <ErrorState message={t('account.birthDate.loadError')} onRetry={() => void state.refetch()} />;
  }
  const { birthDate } = state.data;
  if (birthDate) {
    const words = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${birthDate}T00:00:00Z`),
    );
    return (
      <Alert color="teal" variant="light" icon={<IconShieldCheck />} data-testid="birth-date-confirmed">
        {t('account.birthDate.confirmed', { date: words })}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t('account.birthDate.why')}</Text>
      <BirthDateForm onDone={() => undefined} />
    </Stack>
  );
}
