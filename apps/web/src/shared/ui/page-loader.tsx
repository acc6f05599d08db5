import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code or data loads. */
export function PageLoader({ minHeight = 240 }: { minHeight?: number | string }) {
  const { t } = useTranslation();
  return (
    <Center mih={minHeight} role="status" aria-live="polite" aria-label={t('common.loading')}>
      <Loader size="md" />
    </Center>
  );
}
