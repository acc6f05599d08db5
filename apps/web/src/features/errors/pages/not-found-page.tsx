import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { IconSearch } from '@/shared/ui/icons';
import { StatusPage } from '@/shared/ui/status-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  const home = useNamedRoute('home.main');
  useDocumentTitle(t('errors.notFound.title'));
  return (
    <StatusPage
      code="404"
      icon={<IconSearch size={30} />}
      title={t('errors.notFound.title')}
      description={t('errors.notFound.description')}
    >
      <Button component={Link} to={home} mt="sm">
        {t('common.goHome')}
      </Button>
    </StatusPage>
  );
}
