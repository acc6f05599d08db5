import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { IconAlertCircle, IconRefresh } from '@/shared/ui/icons';
import { StatusPage } from '@/shared/ui/status-page';

export function ServerErrorPage() {
  const { t } = useTranslation();
  const home = useNamedRoute('home.main');
  useDocumentTitle(t('errors.server.title'));
  return (
    <StatusPage
      code="500"
      color="red"
      icon={<IconAlertCircle size={30} />}
      title={t('errors.server.title')}
      description={t('errors.server.description')}
    >
      <Group mt="sm" justify="center">
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          {t('errors.server.reload')}
        </Button>
        <Button component={Link} to={home} variant="default">
          {t('common.goHome')}
        </Button>
      </Group>
    </StatusPage>
  );
}
