import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { IconLock } from '@/shared/ui/icons';
import { StatusPage } from '@/shared/ui/status-page';

/** Where the server sends requests from a blocked network or region (route /error/ip-blocked). */
export function IpBlockedPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.ipBlocked.title'));
  return (
    <StatusPage
      code="403"
      color="orange"
      icon={<IconLock size={30} />}
      title={t('errors.ipBlocked.title')}
      description={t('errors.ipBlocked.description')}
    />
  );
}
